#include "effects_json.h"

#include <array>
#include <string_view>

namespace rutland {

namespace {

// Stored names, never display text: renaming one changes every hash that contains it.
// In EffectKind's order (effects.h).
constexpr std::array<std::string_view, 16> kKindNames = {
    "cash", "certificates", "short_note", "price", "market_event", "pawn", "proxy", "escrow",
    "option", "listing", "year", "directorship", "turn", "board", "obligation", "info"};
static_assert(static_cast<size_t>(EffectKind::Info) + 1 == kKindNames.size(), "a name for every EffectKind");
constexpr std::array<std::string_view, 3> kAccountNames = {"bank", "player", "margin"};
constexpr std::array<std::string_view, 3> kSecurityNames = {"common", "preferred", "bond"};

template <size_t N>
std::string_view NameOf(const std::array<std::string_view, N>& names, int index) {
    if (index < 0 || static_cast<size_t>(index) >= N) return "?";
    return names[static_cast<size_t>(index)];
}

template <class Enum, size_t N>
bool EnumOf(const std::array<std::string_view, N>& names, const nlohmann::json& j, Enum* out) {
    if (!j.is_string()) return false;
    for (size_t i = 0; i < N; ++i) {
        if (names[i] == j.get_ref<const std::string&>()) {
            *out = static_cast<Enum>(i);
            return true;
        }
    }
    return false;
}

nlohmann::json AccountToJson(const Account& a) {
    return {{"kind", NameOf(kAccountNames, static_cast<int>(a.kind))}, {"index", a.index}};
}

bool AccountFromJson(const nlohmann::json& j, Account* a) {
    return j.is_object() && j.contains("kind") && j.contains("index") && j["index"].is_number_integer() &&
           EnumOf(kAccountNames, j["kind"], &a->kind) && (a->index = j["index"].get<int>(), true);
}

} // namespace

nlohmann::json EffectToJson(const Effect& e) {
    nlohmann::json j;
    j["kind"] = NameOf(kKindNames, static_cast<int>(e.kind));
    j["rule"] = e.rule;
    j["text"] = e.text;
    j["from"] = AccountToJson(e.from);
    j["to"] = AccountToJson(e.to);
    j["amount"] = e.amount.cents();
    j["player"] = e.player;
    j["company"] = GetProspectus(e.company).key;
    j["security"] = NameOf(kSecurityNames, static_cast<int>(e.security));
    j["quantity"] = e.quantity;
    j["to_player"] = e.to_player;
    j["from_ticks"] = e.from_ticks;
    j["to_ticks"] = e.to_ticks;
    j["space"] = e.space;
    if (e.option_id != 0) j["option_id"] = e.option_id;  // only option effects carry one
    return j;
}

nlohmann::json EffectsToJson(const Effects& effects) {
    nlohmann::json out = nlohmann::json::array();
    for (const Effect& e : effects) out.push_back(EffectToJson(e));
    return out;
}

std::optional<Effect> EffectFromJson(const nlohmann::json& j, std::string* error) {
    auto fail = [&](std::string_view field) -> std::optional<Effect> {
        if (error) *error = "effect field '" + std::string(field) + "' is missing or malformed";
        return std::nullopt;
    };
    if (!j.is_object()) return fail("(the effect itself)");
    Effect e;
    auto integer = [&](const char* key, auto* out) {
        if (!j.contains(key) || !j[key].is_number_integer()) return false;
        *out = j[key].get<std::remove_pointer_t<decltype(out)>>();
        return true;
    };
    auto text = [&](const char* key, std::string* out) {
        if (!j.contains(key) || !j[key].is_string()) return false;
        *out = j[key].get<std::string>();
        return true;
    };
    int64_t cents = 0;
    std::optional<Company> company;
    if (!j.contains("kind") || !EnumOf(kKindNames, j["kind"], &e.kind)) return fail("kind");
    if (!text("rule", &e.rule)) return fail("rule");
    if (!text("text", &e.text)) return fail("text");
    if (!j.contains("from") || !AccountFromJson(j["from"], &e.from)) return fail("from");
    if (!j.contains("to") || !AccountFromJson(j["to"], &e.to)) return fail("to");
    if (!integer("amount", &cents)) return fail("amount");
    e.amount = Money::Cents(cents);
    if (!integer("player", &e.player)) return fail("player");
    if (!j.contains("company") || !j["company"].is_string() ||
        !(company = ParseCompany(j["company"].get<std::string>())))
        return fail("company");
    e.company = *company;
    if (!j.contains("security") || !EnumOf(kSecurityNames, j["security"], &e.security)) return fail("security");
    if (!integer("quantity", &e.quantity)) return fail("quantity");
    if (!j.contains("to_player") || !j["to_player"].is_boolean()) return fail("to_player");
    e.to_player = j["to_player"].get<bool>();
    if (!integer("from_ticks", &e.from_ticks)) return fail("from_ticks");
    if (!integer("to_ticks", &e.to_ticks)) return fail("to_ticks");
    if (!integer("space", &e.space)) return fail("space");
    if (j.contains("option_id") && !integer("option_id", &e.option_id)) return fail("option_id");
    return e;
}

std::optional<Effects> EffectsFromJson(const nlohmann::json& j, std::string* error) {
    if (!j.is_array()) {
        if (error) *error = "effects are not a JSON array";
        return std::nullopt;
    }
    Effects out;
    for (const auto& item : j) {
        std::optional<Effect> e = EffectFromJson(item, error);
        if (!e) return std::nullopt;
        out.push_back(std::move(*e));
    }
    return out;
}

} // namespace rutland
