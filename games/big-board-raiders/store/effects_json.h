// Effects as JSON with their words: what `rutland-cli export --json` writes, and what game files of
// schema version 1-2 stored and hashed (basic_store.h invariants 15, 16: schema 3 stores data,
// effects_data.h; these functions verify the old files and prove a migration). Every field of
// every Effect, always written (not only the fields a kind uses).
// When effects.h gains a field, add it to both functions here; the test
// "effects_json: every field round-trips" fails until then.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "lang/effect_text.h"
#include "model/effects.h"

namespace rutland::bbr {

// The "text" is the effect's words (EffectText with `context`): what a schema-2 game file stored.
nlohmann::json EffectToJson(const Effect& effect, const RenderContext& context);
nlohmann::json EffectsToJson(const Effects& effects, const RenderContext& context);
// Exactly the text EffectsToJson(effects).dump() gives (what a schema-2 game file stored and its
// hash chain covers), written straight into a string: no JSON tree, no map of keys per effect. Opening
// a game compares it with every stored entry, so it must stay byte-identical to dump(): the test
// "effects_json: the direct writer gives dump()'s bytes" checks it. Throws, as dump() does, on a
// string that is not valid UTF-8.
std::string EffectsJsonText(const Effects& effects, const RenderContext& context);

// nullopt (and *error) when the JSON is not an effect this version writes. What is read back is
// an EffectWhat::StoredText: its stored words, shown as they are.
std::optional<Effect> EffectFromJson(const nlohmann::json& json, std::string* error = nullptr);
std::optional<Effects> EffectsFromJson(const nlohmann::json& json, std::string* error = nullptr);

} // namespace rutland::bbr
