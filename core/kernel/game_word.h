// A game's name in its header line: `game toy players=A,B` names the toy game, `game players=Ann,Bob`
// (no game word) is Big Board Raiders, the first game, whose header never had the word: so every
// script, file and fingerprint made before games had names stays what it was.
//
// The game word is the header's second token when that token has no '=' (an option is `key=value`)
// and is not a comment. It is returned as typed (a view into the line): comparing it with a game's
// name is the caller's business (the registry, app/host/registry.h; the store, basic_store.h
// invariant 21).
#pragma once

#include <optional>
#include <string_view>

namespace rutland {

// The game of a header line without a game word, and of every game file written before games had
// names (schema versions 1-4, kernel/store_file.h).
inline constexpr std::string_view kFirstGame = "big-board-raiders";

// The game word of `header_line` (a view into it), or nullopt when the line names none: a Big
// Board Raiders header (`game players=...`), a header with nothing after `game`, or a line that is
// not a header (its first token is not `game`, in any case).
std::optional<std::string_view> HeaderGameWord(std::string_view header_line);

} // namespace rutland
