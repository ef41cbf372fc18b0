// A file written whole under a temporary name before it is renamed into place (a board file, the
// settings), made so that nothing planted under the temporary name is followed: the directory may
// be a shared one ($TMPDIR, where BoardsDir() and ConfigDir() fall back when there is no $HOME).
#pragma once

#include <string>

namespace rutland::view {

// Writes `text` to `temp` as a new file: a file or symlink left under that name (by an earlier run
// that died, or planted) is unlinked first (unlink removes a link itself, never what it points
// to), then the name is created with O_CREAT|O_EXCL|O_NOFOLLOW, so it is never a link nor a file
// another program made meanwhile. Synced before it returns, so a rename after it never shows an
// empty file after a crash. false and *why (naming the file) when it cannot; nothing is left then.
bool WriteNewFile(const std::string& temp, const std::string& text, std::string* why);

} // namespace rutland::view
