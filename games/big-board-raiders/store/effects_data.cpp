#include "store/effects_data.h"

#include <array>

#include <fmt/format.h>

namespace rutland::bbr {

// Invariant 1: EffectWhat is stored by number. This is the last value encoding 1 was written with;
// a kind inserted before it renumbers stored effects and stops the build here. Add new kinds after
// BoardOrderDisagrees (before kCount), and leave this line as it is.
static_assert(static_cast<int>(EffectWhat::BoardOrderDisagrees) == 100,
              "EffectWhat was renumbered: game files store these numbers (effects_data.h); add new kinds at the end");

namespace {

// Bits 0 and 2..21 are integers (bit 1 is the rule, bit 22 the quote), in bit order. One table,
// read in one straight pass (Ints) and written back through one switch (SetInt): no code per kind
// of effect (invariant 1).
constexpr int kRuleBit = 1;
constexpr int kQuoteBit = 22;
constexpr int kFieldBits = 23;
using IntFields = std::array<int64_t, kFieldBits>;

IntFields Ints(const Effect& e) {
    return {static_cast<int64_t>(e.kind), 0, static_cast<int64_t>(e.from.kind), e.from.index,
            static_cast<int64_t>(e.to.kind), e.to.index, e.amount.cents(), e.player, Index(e.company),
            static_cast<int64_t>(e.security), e.quantity, e.to_player ? 1 : 0, e.from_ticks, e.to_ticks, e.space,
            e.option_id, e.n[0], e.n[1], e.n[2], e.n[3], e.n[4], e.n[5], 0};
}
const IntFields kDefaults = Ints(Effect{});

template <class Enum>
bool SetEnum(Enum& out, int64_t v, int64_t count) {
    if (v < 0 || v >= count) return false;
    out = static_cast<Enum>(v);
    return true;
}
bool SetInt32(int& out, int64_t v) {
    if (v < INT32_MIN || v > INT32_MAX) return false;
    out = static_cast<int>(v);
    return true;
}
// False when `v` is out of the field's range (invariant 2).
bool SetInt(Effect& e, int bit, int64_t v) {
    switch (bit) {
        case 0: return SetEnum(e.kind, v, static_cast<int64_t>(EffectKind::Info) + 1);
        case 2: return SetEnum(e.from.kind, v, 3);
        case 3: return SetInt32(e.from.index, v);
        case 4: return SetEnum(e.to.kind, v, 3);
        case 5: return SetInt32(e.to.index, v);
        case 6: e.amount = Money::Cents(v); return true;
        case 7: return SetInt32(e.player, v);
        case 8: return SetEnum(e.company, v, kCompanyCount);
        case 9: return SetEnum(e.security, v, 3);
        case 10: e.quantity = v; return true;
        case 11: return v == 0 || v == 1 ? (e.to_player = v == 1, true) : false;
        case 12: return SetInt32(e.from_ticks, v);
        case 13: return SetInt32(e.to_ticks, v);
        case 14: return SetInt32(e.space, v);
        case 15: return SetInt32(e.option_id, v);
        case 16: case 17: case 18: case 19: case 20: case 21: e.n[static_cast<size_t>(bit - 16)] = v; return true;
        default: return false;
    }
}

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
        // A field is written when it differs from a default Effect (effects_data.h: unique bytes).
        const IntFields ints = Ints(e);
        uint64_t present = 0;
        for (int b = 0; b < kFieldBits; ++b)
            if (ints[static_cast<size_t>(b)] != kDefaults[static_cast<size_t>(b)]) present |= uint64_t{1} << b;
        if (!e.rule.empty()) present |= uint64_t{1} << kRuleBit;
        if (!e.quote.empty()) present |= uint64_t{1} << kQuoteBit;
        PutU(out, present);
        for (int b = 0; b < kFieldBits; ++b) {
            if (!(present & (uint64_t{1} << b))) continue;
            if (b == kRuleBit) PutString(out, e.rule);
            else if (b == kQuoteBit) PutString(out, e.quote);
            else PutZ(out, ints[static_cast<size_t>(b)]);
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
                ok = in.Z(&v) && SetInt(e, b, v);
            }
            if (!ok) return fail(fmt::format("effect {}: field {} is cut short or out of range", i, b));
        }
        out.push_back(std::move(e));
    }
    if (!in.Done()) return fail("bytes are left after the last effect");
    return out;
}

bool SameEffect(const Effect& a, const Effect& b) {
    return a.what == b.what && a.rule == b.rule && a.quote == b.quote && Ints(a) == Ints(b);
}

} // namespace rutland::bbr
