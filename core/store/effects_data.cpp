#include "store/effects_data.h"

#include <array>

#include <fmt/format.h>

namespace rutland {

// Invariant 1: EffectWhat is stored by number. This is the last value encoding 1 was written with;
// a kind inserted before it renumbers stored effects and stops the build here. Add new kinds after
// BoardOrderDisagrees (before kCount), and leave this line as it is.
static_assert(static_cast<int>(EffectWhat::BoardOrderDisagrees) == 100,
              "EffectWhat was renumbered: game files store these numbers (effects_data.h); add new kinds at the end");

namespace {

// An integer field: how to read it, how to write it back (false: out of its range), its default.
struct IntField {
    int64_t (*get)(const Effect&);
    bool (*set)(Effect&, int64_t);
};

template <class Enum>
bool SetEnum(Enum& out, int64_t v, int64_t count) {
    if (v < 0 || v >= count) return false;
    out = static_cast<Enum>(v);
    return true;
}
bool SetInt(int& out, int64_t v) {
    if (v < INT32_MIN || v > INT32_MAX) return false;
    out = static_cast<int>(v);
    return true;
}

// Bits 0 and 2..21 (bit 1 is the rule, bit 22 the quote). In bit order.
constexpr int kRuleBit = 1;
constexpr int kQuoteBit = 22;
constexpr int kFieldBits = 23;
const std::array<IntField, kFieldBits> kFields = {{
    {[](const Effect& e) -> int64_t { return static_cast<int64_t>(e.kind); },
     [](Effect& e, int64_t v) { return SetEnum(e.kind, v, static_cast<int64_t>(EffectKind::Info) + 1); }},
    {nullptr, nullptr},  // rule
    {[](const Effect& e) -> int64_t { return static_cast<int64_t>(e.from.kind); },
     [](Effect& e, int64_t v) { return SetEnum(e.from.kind, v, 3); }},
    {[](const Effect& e) -> int64_t { return e.from.index; }, [](Effect& e, int64_t v) { return SetInt(e.from.index, v); }},
    {[](const Effect& e) -> int64_t { return static_cast<int64_t>(e.to.kind); },
     [](Effect& e, int64_t v) { return SetEnum(e.to.kind, v, 3); }},
    {[](const Effect& e) -> int64_t { return e.to.index; }, [](Effect& e, int64_t v) { return SetInt(e.to.index, v); }},
    {[](const Effect& e) -> int64_t { return e.amount.cents(); },
     [](Effect& e, int64_t v) { return e.amount = Money::Cents(v), true; }},
    {[](const Effect& e) -> int64_t { return e.player; }, [](Effect& e, int64_t v) { return SetInt(e.player, v); }},
    {[](const Effect& e) -> int64_t { return Index(e.company); },
     [](Effect& e, int64_t v) { return SetEnum(e.company, v, kCompanyCount); }},
    {[](const Effect& e) -> int64_t { return static_cast<int64_t>(e.security); },
     [](Effect& e, int64_t v) { return SetEnum(e.security, v, 3); }},
    {[](const Effect& e) -> int64_t { return e.quantity; }, [](Effect& e, int64_t v) { return e.quantity = v, true; }},
    {[](const Effect& e) -> int64_t { return e.to_player ? 1 : 0; },
     [](Effect& e, int64_t v) { return v == 0 || v == 1 ? (e.to_player = v == 1, true) : false; }},
    {[](const Effect& e) -> int64_t { return e.from_ticks; }, [](Effect& e, int64_t v) { return SetInt(e.from_ticks, v); }},
    {[](const Effect& e) -> int64_t { return e.to_ticks; }, [](Effect& e, int64_t v) { return SetInt(e.to_ticks, v); }},
    {[](const Effect& e) -> int64_t { return e.space; }, [](Effect& e, int64_t v) { return SetInt(e.space, v); }},
    {[](const Effect& e) -> int64_t { return e.option_id; }, [](Effect& e, int64_t v) { return SetInt(e.option_id, v); }},
    {[](const Effect& e) { return e.n[0]; }, [](Effect& e, int64_t v) { return e.n[0] = v, true; }},
    {[](const Effect& e) { return e.n[1]; }, [](Effect& e, int64_t v) { return e.n[1] = v, true; }},
    {[](const Effect& e) { return e.n[2]; }, [](Effect& e, int64_t v) { return e.n[2] = v, true; }},
    {[](const Effect& e) { return e.n[3]; }, [](Effect& e, int64_t v) { return e.n[3] = v, true; }},
    {[](const Effect& e) { return e.n[4]; }, [](Effect& e, int64_t v) { return e.n[4] = v, true; }},
    {[](const Effect& e) { return e.n[5]; }, [](Effect& e, int64_t v) { return e.n[5] = v, true; }},
    {nullptr, nullptr},  // quote
}};

void PutU(std::string& out, uint64_t v) {
    while (v >= 0x80) {
        out += static_cast<char>((v & 0x7F) | 0x80);
        v >>= 7;
    }
    out += static_cast<char>(v);
}
void PutZ(std::string& out, int64_t v) {
    PutU(out, (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
}
void PutString(std::string& out, std::string_view s) {
    PutU(out, s.size());
    out += s;
}

// The bits of the fields that differ from a default Effect (effects_data.h: the encoding is unique).
uint64_t Present(const Effect& e) {
    static const Effect kDefault{};
    uint64_t bits = 0;
    for (int b = 0; b < kFieldBits; ++b) {
        if (b == kRuleBit) {
            if (!e.rule.empty()) bits |= uint64_t{1} << b;
        } else if (b == kQuoteBit) {
            if (!e.quote.empty()) bits |= uint64_t{1} << b;
        } else if (kFields[static_cast<size_t>(b)].get(e) != kFields[static_cast<size_t>(b)].get(kDefault)) {
            bits |= uint64_t{1} << b;
        }
    }
    return bits;
}

class Reader {
public:
    explicit Reader(std::string_view bytes) : m_bytes(bytes) {}
    bool U(uint64_t* v) {
        *v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_at >= m_bytes.size()) return false;
            const auto byte = static_cast<unsigned char>(m_bytes[m_at++]);
            *v |= static_cast<uint64_t>(byte & 0x7F) << shift;
            if (!(byte & 0x80)) return shift < 63 || byte <= 1;
        }
        return false;
    }
    bool Z(int64_t* v) {
        uint64_t u = 0;
        if (!U(&u)) return false;
        *v = static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1));
        return true;
    }
    bool String(std::string* s) {
        uint64_t len = 0;
        if (!U(&len) || len > m_bytes.size() - m_at) return false;
        s->assign(m_bytes.substr(m_at, static_cast<size_t>(len)));
        m_at += static_cast<size_t>(len);
        return true;
    }
    bool Done() const { return m_at == m_bytes.size(); }

private:
    std::string_view m_bytes;
    size_t m_at = 0;
};

} // namespace

std::string EncodeEffects(const Effects& effects) {
    std::string out;
    out.reserve(8 + effects.size() * 24);
    out += static_cast<char>(kEffectsEncoding);
    PutU(out, effects.size());
    for (const Effect& e : effects) {
        PutU(out, static_cast<uint64_t>(e.what));
        const uint64_t present = Present(e);
        PutU(out, present);
        for (int b = 0; b < kFieldBits; ++b) {
            if (!(present & (uint64_t{1} << b))) continue;
            if (b == kRuleBit) PutString(out, e.rule);
            else if (b == kQuoteBit) PutString(out, e.quote);
            else PutZ(out, kFields[static_cast<size_t>(b)].get(e));
        }
    }
    return out;
}

std::optional<Effects> DecodeEffects(std::string_view bytes, std::string* error) {
    auto fail = [&](std::string why) -> std::optional<Effects> {
        if (error) *error = std::move(why);
        return std::nullopt;
    };
    if (bytes.empty()) return fail("the effects are empty (not even their encoding version)");
    if (static_cast<unsigned char>(bytes[0]) != kEffectsEncoding)
        return fail(fmt::format("the effects are in encoding version {}; this Rutland reads version {} (written by a "
                                "newer Rutland?)", static_cast<unsigned char>(bytes[0]), kEffectsEncoding));
    Reader in(bytes.substr(1));
    uint64_t count = 0;
    if (!in.U(&count) || count > bytes.size()) return fail("the effects' count cannot be read");
    Effects out;
    out.reserve(static_cast<size_t>(count));
    for (uint64_t i = 1; i <= count; ++i) {
        Effect e;
        uint64_t what = 0, present = 0;
        if (!in.U(&what) || !in.U(&present)) return fail(fmt::format("effect {} is cut short", i));
        if (what == 0 || what >= static_cast<uint64_t>(EffectWhat::kCount))
            return fail(fmt::format("effect {} is of a kind this Rutland does not know (number {}): written by a newer "
                                    "Rutland?", i, what));
        if (present >> kFieldBits)
            return fail(fmt::format("effect {} has a field this Rutland does not know (bits {:#x}): written by a newer "
                                    "Rutland?", i, present >> kFieldBits));
        e.what = static_cast<EffectWhat>(what);
        for (int b = 0; b < kFieldBits; ++b) {
            if (!(present & (uint64_t{1} << b))) continue;
            bool ok = false;
            if (b == kRuleBit) {
                ok = in.String(&e.rule);
            } else if (b == kQuoteBit) {
                ok = in.String(&e.quote);
            } else {
                int64_t v = 0;
                ok = in.Z(&v) && kFields[static_cast<size_t>(b)].set(e, v);
            }
            if (!ok) return fail(fmt::format("effect {}: field {} is cut short or out of range", i, b));
        }
        out.push_back(std::move(e));
    }
    if (!in.Done()) return fail("bytes are left after the last effect");
    return out;
}

bool SameEffect(const Effect& a, const Effect& b) {
    if (a.what != b.what || a.rule != b.rule || a.quote != b.quote) return false;
    for (int f = 0; f < kFieldBits; ++f) {
        if (f == kRuleBit || f == kQuoteBit) continue;
        if (kFields[static_cast<size_t>(f)].get(a) != kFields[static_cast<size_t>(f)].get(b)) return false;
    }
    return true;
}

} // namespace rutland
