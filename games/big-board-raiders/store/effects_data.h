// Effects as data, for the game file (store.h schema version 3): what the file stores and the hash
// chain covers for an entry's effects. No words: a sentence is rendered (effect_text.h) only when
// shown, so rewording one changes no stored byte and no fingerprint.
//
// Encoding version 1 (kEffectsEncoding), one blob an entry:
//   blob    = encoding:u8 count:uvar effect{count}
//   effect  = what:uvar present:uvar field{popcount(present)}
//   field   = in bit order, only those whose bit is set in `present`; a field is present exactly
//             when it differs from a default `Effect{}` (so the encoding of a list is unique):
//     bit  0 kind  1 rule*  2 from.kind  3 from.index  4 to.kind  5 to.index  6 amount (cents)
//     bit  7 player  8 company  9 security  10 quantity  11 to_player  12 from_ticks  13 to_ticks
//     bit 14 space  15 option_id  16..21 n[0..5]  22 quote*
//   uvar = unsigned LEB128; every integer field is a zigzag-encoded LEB128 (an int64);
//   * a string field is uvar length + its bytes (rules are their RULES.md ids, "B-1": any new rule
//     is just another string, no table to extend).
// `what` is EffectWhat's number: effects.h numbers it by position, and a static_assert in
// effects_data.cpp pins the last value this encoding knows, so a kind inserted in the middle (which
// would renumber every stored effect after it) fails to compile; new kinds go at the end.
//
// Invariants:
//  1. Generic: every EffectWhat and every field of Effect is encoded by the same table (no code per
//     kind). A field added to Effect takes the next bit (the test "effects_data: every field
//     round-trips" fails until it does); files already written stay readable (the bit is never set).
//  2. Decoding refuses, naming the effect, anything this version does not know: another encoding
//     version, an unknown `what` (a newer Rutland's kind of effect), an unknown field bit, a value
//     out of its enum's range, bytes cut short or left over. It never guesses.
//  3. Decode(Encode(x)) == x for every effect the rules make, and Encode is a function of the data
//     alone: the store compares stored and replayed effects as bytes (basic_store.h invariant 6).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "model/effects.h"

namespace rutland::bbr {

inline constexpr int kEffectsEncoding = 1;

std::string EncodeEffects(const Effects& effects);
// nullopt (and *error, naming the effect) when the bytes are not effects this version can read.
std::optional<Effects> DecodeEffects(std::string_view bytes, std::string* error = nullptr);
// Whether two effects hold the same data (every encoded field).
bool SameEffect(const Effect& a, const Effect& b);

} // namespace rutland::bbr
