// JSON from outside (a board file, a script's '#=' stamp line, anything a game reads as JSON that a
// person or another program wrote) checked before it is parsed, by every game alike: its size, its
// nesting depth and a key given twice in one object. nlohmann builds the whole tree before anyone
// looks at it (a 5 MB file of unclosed '[' took 389 MB; 524,287 levels of nesting were read before
// a board's reader refused them) and keeps the last of two equal keys silently (a board with
// "trend" twice would be read with one of them dropped). One pass over the text, nothing built.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rutland {

// What a reader allows and how its refusals name it: the game supplies the words.
struct JsonBounds {
    size_t max_bytes = 0;
    int max_depth = 0;
    std::string_view subject;     // "the board file"
    std::string_view for_what;    // "a board"
    std::string_view bytes_name;  // "kMaxBoardJsonBytes"
    std::string_view depth_name;  // "kMaxBoardJsonDepth; a board is 3 deep"
};

// Why `text` is not to be parsed, or nullopt:
//   "the board file is 5,000,000 bytes, over the limit of 1,048,576 bytes for a board (kMaxBoardJsonBytes); nothing of it was read"
//   "the board file nests arrays and objects more than 8 deep (byte 8), over the limit for a board (...); nothing of it was read"
//   "the key \"trend\" is given twice in one object: the board file gives each key once"
// Keys are compared as JSON reads them ("a" and "\u0061" are one key); a key is quoted short and
// escaped (safe_text.h ShortText). Text that is no JSON at all passes: the parser says why.
std::optional<std::string> JsonGuardProblem(std::string_view text, const JsonBounds& bounds);

} // namespace rutland
