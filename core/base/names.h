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
//     Typed now (TypedNameProblem), nor an invisible character (Unicode's default-ignorable code points: U+3164 HANGUL FILLER,
//     U+034F COMBINING GRAPHEME JOINER, U+200B ZERO WIDTH SPACE...), nor a space at its start or
//     end (U+00A0 NO-BREAK SPACE, U+3000): "Cy" + U+3164 and NBSP + "Cy" read as "Cy".
//  3. Both apply to what is typed now (ParseMode::NewInput). A game file keeps the names it was
//     written with: its lines are read as stored, so an older game replays exactly as before.
//  4. Two names that are not one player may not look alike either: "Cy" and Cyrillic "Сy",
//     fullwidth "Ａnn" and "Ann", Greek "Αnn" and "Ann" are refused as a second player, naming the
//     name it collides with. Look-alike is Unicode's (TR39 confusable skeletons, by ICU's spoof
//     checker, uspoof_getSkeleton), not a table of ours; ICU reads no clock, so the core stays
//     deterministic.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rutland {

// NFC of valid UTF-8 (the text itself if utf8proc refuses it).
std::string NormalizeName(std::string_view name);
// NFC and case folded: the key by which two names are the same player (rule 1).
std::string FoldName(std::string_view name);
// FoldName(a) == FoldName(b), without utf8proc when both are ASCII.
bool SameName(std::string_view a, std::string_view b);
// The name's TR39 skeleton (rule 4), of its case-folded form: two names with one skeleton look
// alike. (The text itself if ICU refuses it.)
std::string NameSkeleton(std::string_view name);
// SameName(a, b), or a and b look alike (rule 4).
bool NamesClash(std::string_view a, std::string_view b);
// The first two of `names` that clash (rule 1 or 4), earlier first, or nullopt.
struct NameClash {
    size_t earlier = 0, later = 0;
    bool same = false;  // one player's name twice (rule 1), not two look-alikes (rule 4)
};
std::optional<NameClash> FirstNameClash(std::span<const std::string> names);
// A clash in words, for any game's refusal (the game adds its rule ID): "'Сy' (U+0421 U+0079)
// looks like 'Cy', another player's name: ..." or "'éva' is 'Éva' again: ...".
std::string NameClashWords(std::string_view earlier, std::string_view later, bool same);
// Why a name may not be used (rule 2), e.g. "U+202E, a bidi control character", or nullopt.
std::optional<std::string> NameProblem(std::string_view name);
// NameProblem, then the rest of rule 2 for a name typed now: an invisible (default-ignorable)
// character anywhere, a space at the start or end ("U+3164, an invisible character", "U+00A0, a
// space at its start"). Not for a stored line: names.h rule 3.
std::optional<std::string> TypedNameProblem(std::string_view name);
// The name with every character TypedNameProblem refuses inside it written as <U+202E>, safe to print in a message.
std::string ShowName(std::string_view name);

} // namespace rutland
