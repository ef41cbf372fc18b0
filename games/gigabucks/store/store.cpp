// Corporate Gigabucks' game file (store.h): effects as bytes and back (item 1), the snapshot
// (item 2), and the one instantiation of the store.
#include "store/store.h"

#include <charconv>

#include "base/sha256.h"
#include "kernel/basic_store_impl.h"

namespace rutland::gigabucks {

namespace {

constexpr std::string_view kTag = "G1\n";
constexpr int kKinds = static_cast<int>(EffectKind::Redone) + 1;

void Field(std::string& out, std::string_view value) {
    out += std::to_string(value.size());
    out += ':';
    out.append(value);
}

std::optional<std::string_view> ReadField(std::string_view& in) {
    const size_t colon = in.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 9) return std::nullopt;
    size_t length = 0;
    const auto [end, ec] = std::from_chars(in.data(), in.data() + colon, length);
    if (ec != std::errc() || end != in.data() + colon || length > in.size() - colon - 1) return std::nullopt;
    std::string_view value = in.substr(colon + 1, length);
    in.remove_prefix(colon + 1 + length);
    return value;
}

} // namespace

std::string GigabucksFile::Encode(const Effects& effects) {
    std::string out(kTag);
    for (const Effect& e : effects) {
        out += std::to_string(static_cast<int>(e.kind)) + ',' + std::to_string(e.player) + ',' + std::to_string(e.other) + ',' +
               std::to_string(e.space);
        for (int64_t n : e.n) out += ',' + std::to_string(n);
        out += ' ';
        Field(out, e.rule);
        Field(out, e.text);
        out += '\n';
    }
    return out;
}

std::optional<Effects> GigabucksFile::Decode(std::string_view bytes, std::string* error) {
    const auto fail = [&](const std::string& why) -> std::optional<Effects> {
        if (error) *error = why;
        return std::nullopt;
    };
    if (bytes.substr(0, kTag.size()) != kTag) return fail("not Corporate Gigabucks' effects (no \"G1\" tag)");
    std::string_view in = bytes.substr(kTag.size());
    Effects out;
    while (!in.empty()) {
        const std::string which = "effect " + std::to_string(out.size() + 1);
        int64_t numbers[7] = {};
        for (int i = 0; i < 7; ++i) {
            const auto [end, ec] = std::from_chars(in.data(), in.data() + in.size(), numbers[i]);
            if (ec != std::errc() || end == in.data() || end == in.data() + in.size()) return fail(which + " has an unreadable number");
            in.remove_prefix(static_cast<size_t>(end - in.data()));
            const char separator = in.front();
            in.remove_prefix(1);
            if (separator != (i == 6 ? ' ' : ',')) return fail(which + " is not readable");
        }
        const auto rule = ReadField(in);
        const auto text = ReadField(in);
        if (!rule || !text || in.empty() || in.front() != '\n') return fail(which + " is cut short");
        in.remove_prefix(1);
        if (numbers[0] < 0 || numbers[0] >= kKinds) return fail(which + " has an unknown kind");
        for (int i = 1; i < 4; ++i)
            if (numbers[i] < -2 || numbers[i] > 1000) return fail(which + " names no player or space");
        Effect e;
        e.kind = static_cast<EffectKind>(numbers[0]);
        e.player = static_cast<int>(numbers[1]);
        e.other = static_cast<int>(numbers[2]);
        e.space = static_cast<int>(numbers[3]);
        e.n = {numbers[4], numbers[5], numbers[6]};
        e.rule = std::string(*rule);
        e.text = std::string(*text);
        out.push_back(std::move(e));
    }
    // One spelling per effect (item 1): equal bytes are equal data, and the other way round.
    if (Encode(out) != bytes) return fail("the effects are not written as Rutland writes them");
    return out;
}

namespace {

class StateBytes {
public:
    explicit StateBytes(const GameState& s) {
        Text(PrintCommand(Command{s.header}));
        Count(s.players.size());
        for (const Player& p : s.players) Text(p.name), Num(p.cash), Num(static_cast<int>(p.status)), Num(p.space), Num(p.turns);
        Count(s.corporations.size());
        for (const Corporation& c : s.corporations) Num(static_cast<int>(c.status)), Num(c.owner), Num(c.lines);
        Num(s.current), Num(static_cast<int>(s.phase));
        Num(s.turn.has_value());
        if (s.turn) {
            const Turn& t = *s.turn;
            Num(t.flexible), Num(t.roll.has_value()), Num(t.roll.value_or(0)), Num(t.space), Num(static_cast<int>(t.landed));
            Num(t.diversified), Num(static_cast<int>(t.voluntary)), Num(t.unmet_min), Num(t.reoffer_open);
        }
        Num(static_cast<int>(s.due.kind)), Num(s.due.space), Num(s.due.to), Num(s.due.amount);
        Count(s.pending.size());
        for (int p : s.pending) Num(p);
        Count(s.remainders.size());
        for (Money r : s.remainders) Num(r);
        Num(s.money_total);
        Num(s.last_royalty.has_value());
        if (s.last_royalty) {
            const RoyaltyRecord& r = *s.last_royalty;
            Num(r.payer), Num(r.owner), Num(r.space), Num(static_cast<int>(r.rule)), Num(r.amount);
            Count(r.parts.size());
            for (const auto& [space, part] : r.parts) Num(space), Num(part);
            Num(r.paid), Num(static_cast<int>(r.outcome));
        }
        Num(s.last_auction.has_value());
        if (s.last_auction) {
            const AuctionRecord& a = *s.last_auction;
            Num(static_cast<int>(a.kind)), Num(a.caller), Num(a.winner), Num(a.bid);
            Count(a.spaces.size());
            for (int x : a.spaces) Num(x);
            Num(a.lines), Num(a.each.has_value()), Num(a.each.value_or(0)), Num(a.total), Num(a.min.has_value()), Num(a.min.value_or(0));
        }
        Num(s.winner);
    }
    const std::string& Bytes() const { return m_out; }

private:
    void Num(int64_t v) { m_out += std::to_string(v) + ','; }
    void Count(size_t n) { Num(static_cast<int64_t>(n)); }
    void Text(const std::string& t) { Field(m_out, t); }
    std::string m_out;
};

} // namespace

std::string GigabucksFile::Snapshot(const GameState& state) { return "sha256:" + ToHex(Sha256(StateBytes(state).Bytes())); }

} // namespace rutland::gigabucks

namespace rutland {
template class BasicStore<gigabucks::Gigabucks, gigabucks::GigabucksFile>;
} // namespace rutland
