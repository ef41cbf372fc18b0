// Player names: when two spellings are the same player, and which characters a name may
// not hold. The table language (COMMANDS.md) reads names wherever a player is named: the header's
// players=, broker= and sec=, "Bob:" before a command, `player Bob`, `transfer #3 Bob`.
//
//  1. Two names are the same player when they are equal after Unicode normalization (NFC) and case
//     folding (utf8proc): "Éva" typed precomposed, "E" + U+0301 from another keyboard, "éva" and
//     "ÉVA" are one player. A game shows the spelling its header gave.
//  2. A name may not hold control characters (Cc), line or paragraph separators, or invisible
//     formatting characters (Cf), among them the bidi controls U+202A..U+202E, U+2066..U+2069,
//     U+200E, U+200F and U+061C, which make a name read differently from what it holds.
//  3. Both apply to what is typed now (ParseMode::NewInput). A game file keeps the names it was
//     written with: its lines are read as stored, so an older game replays exactly as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rutland {

// NFC of valid UTF-8 (the text itself if utf8proc refuses it).
std::string NormalizeName(std::string_view name);
// NFC and case folded: the key by which two names are the same player (rule 1).
std::string FoldName(std::string_view name);
// FoldName(a) == FoldName(b), without utf8proc when both are ASCII.
bool SameName(std::string_view a, std::string_view b);
// Why a name may not be used (rule 2), e.g. "U+202E, a bidi control character", or nullopt.
std::optional<std::string> NameProblem(std::string_view name);
// The name with every character NameProblem refuses written as <U+202E>, safe to print in a message.
std::string ShowName(std::string_view name);

} // namespace rutland
