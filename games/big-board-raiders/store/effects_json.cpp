#include "store/effects_json.h"

#include <array>
#include <charconv>
#include <string_view>

namespace rutland::bbr {

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

nlohmann::json EffectToJson(const Effect& e, const RenderContext& context) {
    nlohmann::json j;
    j["kind"] = NameOf(kKindNames, static_cast<int>(e.kind));
    j["rule"] = e.rule;
    j["text"] = EffectText(e, context);
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

nlohmann::json EffectsToJson(const Effects& effects, const RenderContext& context) {
    nlohmann::json out = nlohmann::json::array();
    for (const Effect& e : effects) out.push_back(EffectToJson(e, context));
    return out;
}

namespace {

// The length of the RFC 3629 UTF-8 sequence starting at s[i] (a byte >= 0x80), or 0 when it is not
// one (an overlong form, a surrogate, above U+10FFFF, cut short): what nlohmann's serializer
// accepts in strict mode.
size_t Utf8Sequence(std::string_view s, size_t i) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) len = 3;
    else if (c == 0xED) len = 3, hi = 0x9F;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;
    else return 0;
    if (i + len > s.size()) return 0;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if (c1 < lo || c1 > hi) return 0;
    for (size_t k = 2; k < len; ++k) {
        const auto ck = static_cast<unsigned char>(s[i + k]);
        if (ck < 0x80 || ck > 0xBF) return 0;
    }
    return len;
}

// A JSON string as nlohmann's dump() writes it (ensure_ascii off): the two-letter escapes, other
// control characters as \u00xx in lower case, everything else as it is. One pass: plain runs are
// copied in one go, multi-byte characters checked as they come.
void AppendString(std::string& out, std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    const size_t start = out.size();
    out += '"';
    size_t run = 0;  // the start of the characters not yet copied
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            const size_t len = Utf8Sequence(s, i);
            if (len == 0) {
                out.resize(start);
                out += nlohmann::json(std::string(s)).dump();  // throws type_error 316, as dump() would
                return;
            }
            i += len;
            continue;
        }
        if (c > 0x1F && c != '"' && c != '\\') {
            ++i;
            continue;
        }
        out.append(s.data() + run, i - run);
        run = ++i;
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
        }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

void AppendInt(std::string& out, int64_t value) {
    char buffer[24];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, end);
}

void AppendAccount(std::string& out, const Account& a) {
    out += "{\"index\":";
    AppendInt(out, a.index);
    out += ",\"kind\":";
    AppendString(out, NameOf(kAccountNames, static_cast<int>(a.kind)));
    out += '}';
}

} // namespace

std::string EffectsJsonText(const Effects& effects, const RenderContext& context) {
    // The keys in the order nlohmann's object (a std::map) keeps them: sorted bytewise.
    std::string out;
    out.reserve(64 + effects.size() * 330);
    out += '[';
    bool first = true;
    for (const Effect& e : effects) {
        if (!first) out += ',';
        first = false;
        out += "{\"amount\":";
        AppendInt(out, e.amount.cents());
        out += ",\"company\":";
        AppendString(out, GetProspectus(e.company).key);
        out += ",\"from\":";
        AppendAccount(out, e.from);
        out += ",\"from_ticks\":";
        AppendInt(out, e.from_ticks);
        out += ",\"kind\":";
        AppendString(out, NameOf(kKindNames, static_cast<int>(e.kind)));
        if (e.option_id != 0) {
            out += ",\"option_id\":";
            AppendInt(out, e.option_id);
        }
        out += ",\"player\":";
        AppendInt(out, e.player);
        out += ",\"quantity\":";
        AppendInt(out, e.quantity);
        out += ",\"rule\":";
        AppendString(out, e.rule);
        out += ",\"security\":";
        AppendString(out, NameOf(kSecurityNames, static_cast<int>(e.security)));
        out += ",\"space\":";
        AppendInt(out, e.space);
        out += ",\"text\":";
        AppendString(out, EffectText(e, context));
        out += ",\"to\":";
        AppendAccount(out, e.to);
        out += ",\"to_player\":";
        out += e.to_player ? "true" : "false";
        out += ",\"to_ticks\":";
        AppendInt(out, e.to_ticks);
        out += '}';
    }
    out += ']';
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
    e.what = EffectWhat::StoredText;
    if (!text("text", &e.quote)) return fail("text");
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

} // namespace rutland::bbr
