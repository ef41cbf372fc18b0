// Flutter's game file (store.h): effects as bytes and back (item 1), the snapshot (item 2), the
// game started again from the board it carries (item 4), and the one instantiation of the store.
#include "store/store.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "base/sha256.h"
#include "kernel/basic_store_impl.h"
#include "rules/state_json.h"

namespace rutland::flutter {

namespace {

// Version 1 (store.h item 1): every field length-prefixed after this tag. Still read; no longer written.
constexpr std::string_view kTag1 = "flutter-effects 1\n";
// Version 2 (store.h item 1): this tag, then one line an effect.
constexpr std::string_view kTag2 = "F2\n";

void Field(std::string& out, std::string_view value) {
    out += std::to_string(value.size());
    out += ':';
    out.append(value);
}

void AppendNumber(std::string& out, int64_t v) {
    char buffer[24];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    out.append(buffer, end);
}

// Reads one length-prefixed field from `in` (advancing it), or nullopt.
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

std::optional<int64_t> ReadNumber(std::string_view& in) {
    const auto field = ReadField(in);
    if (!field || field->empty()) return std::nullopt;
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(field->data(), field->data() + field->size(), v);
    if (ec != std::errc() || end != field->data() + field->size()) return std::nullopt;
    if (std::to_string(v) != *field) return std::nullopt;  // one spelling per number (item 1)
    return v;
}

// Checks what every version's effect must hold, and moves it into `out`.
bool Keep(Effect e, int64_t kind, int64_t company, int64_t player, Effects& out, std::string* why) {
    const std::string which = "effect " + std::to_string(out.size() + 1);
    if (kind < 0 || kind > static_cast<int64_t>(EffectKind::Redone)) return *why = which + " has an unknown kind", false;
    if (company < -1 || company >= kCompanies || player < -1 || player > 1000) return *why = which + " names no company or player", false;
    e.kind = static_cast<EffectKind>(kind);
    e.company = static_cast<int>(company);
    e.player = static_cast<int>(player);
    out.push_back(std::move(e));
    return true;
}

std::optional<Effects> DecodeVersion1(std::string_view bytes, std::string* why) {
    Effects out;
    while (!bytes.empty()) {
        Effect e;
        const auto kind = ReadNumber(bytes);
        const auto company = ReadNumber(bytes);
        const auto player = ReadNumber(bytes);
        if (!kind || !company || !player) return *why = "effect " + std::to_string(out.size() + 1) + " is not readable", std::nullopt;
        for (int64_t& n : e.n) {
            const auto v = ReadNumber(bytes);
            if (!v) return *why = "effect " + std::to_string(out.size() + 1) + " has an unreadable number", std::nullopt;
            n = *v;
        }
        const auto rule = ReadField(bytes);
        const auto text = ReadField(bytes);
        const auto provisional = ReadField(bytes);
        if (!rule || !text || !provisional || bytes.empty() || bytes.front() != '\n')
            return *why = "effect " + std::to_string(out.size() + 1) + " is cut short", std::nullopt;
        if (*provisional != "0" && *provisional != "1")
            return *why = "effect " + std::to_string(out.size() + 1) + " has no provisional flag", std::nullopt;
        e.provisional = *provisional == "1";
        bytes.remove_prefix(1);
        e.rule = std::string(*rule);
        e.text = std::string(*text);
        if (!Keep(std::move(e), *kind, *company, *player, out, why)) return std::nullopt;
    }
    return out;
}

// Version 2: `[!]kind,company,player[,n0[,n1[,n2[,n3]]]] RULE TEXT\n`, where `!` marks a provisional
// figure, the numbers are decimal with the trailing zeros of n left out, and RULE and TEXT are
// length-prefixed (`3:T-2` `0:`). Decode takes only what Encode writes (the caller re-encodes).
std::optional<Effects> DecodeVersion2(std::string_view bytes, std::string* why) {
    Effects out;
    while (!bytes.empty()) {
        const std::string which = "effect " + std::to_string(out.size() + 1);
        Effect e;
        if (bytes.front() == '!') {
            e.provisional = true;
            bytes.remove_prefix(1);
        }
        std::array<int64_t, 7> numbers{};
        size_t count = 0;
        for (;;) {
            if (count == numbers.size()) return *why = which + " has too many numbers", std::nullopt;
            const auto [end, ec] = std::from_chars(bytes.data(), bytes.data() + bytes.size(), numbers[count]);
            if (ec != std::errc() || end == bytes.data()) return *why = which + " has an unreadable number", std::nullopt;
            bytes.remove_prefix(static_cast<size_t>(end - bytes.data()));
            ++count;
            if (bytes.empty()) return *why = which + " is cut short", std::nullopt;
            const char separator = bytes.front();
            bytes.remove_prefix(1);
            if (separator == ' ') break;
            if (separator != ',') return *why = which + " is not readable", std::nullopt;
        }
        if (count < 3) return *why = which + " has too few numbers", std::nullopt;
        for (size_t i = 3; i < count; ++i) e.n[i - 3] = numbers[i];
        const auto rule = ReadField(bytes);
        const auto text = ReadField(bytes);
        if (!rule || !text || bytes.empty() || bytes.front() != '\n') return *why = which + " is cut short", std::nullopt;
        bytes.remove_prefix(1);
        e.rule = std::string(*rule);
        e.text = std::string(*text);
        if (!Keep(std::move(e), numbers[0], numbers[1], numbers[2], out, why)) return std::nullopt;
    }
    return out;
}

} // namespace

std::string FlutterFile::Encode(const Effects& effects) {
    std::string out(kTag2);
    out.reserve(kTag2.size() + effects.size() * 24);
    for (const Effect& e : effects) {
        if (e.provisional) out += '!';
        AppendNumber(out, static_cast<int>(e.kind));
        out += ',';
        AppendNumber(out, e.company);
        out += ',';
        AppendNumber(out, e.player);
        size_t numbers = e.n.size();
        while (numbers > 0 && e.n[numbers - 1] == 0) --numbers;
        for (size_t i = 0; i < numbers; ++i) {
            out += ',';
            AppendNumber(out, e.n[i]);
        }
        out += ' ';
        Field(out, e.rule);
        Field(out, e.text);
        out += '\n';
    }
    return out;
}

std::optional<Effects> FlutterFile::Decode(std::string_view bytes, std::string* error) {
    std::string why;
    std::optional<Effects> out;
    if (bytes.substr(0, kTag2.size()) == kTag2) {
        out = DecodeVersion2(bytes.substr(kTag2.size()), &why);
        // One spelling per effect (item 1): equal bytes are equal data, and the other way round.
        if (out && Encode(*out) != bytes) out.reset(), why = "the effects are not written as Rutland writes them";
    } else if (bytes.substr(0, kTag1.size()) == kTag1) {
        out = DecodeVersion1(bytes.substr(kTag1.size()), &why);
    } else {
        why = "not Flutter's effects (no \"F2\" or \"flutter-effects 1\" tag)";
    }
    if (!out && error) *error = why;
    return out;
}

std::string FlutterFile::EffectsDifference(const Effects& recorded, const Effects& replayed, const GameState&,
                                           std::string*) {
    for (size_t i = 0; i < std::max(recorded.size(), replayed.size()); ++i)
        if (i >= recorded.size() || i >= replayed.size() || !(recorded[i] == replayed[i])) return "effect " + std::to_string(i + 1) + " differs";
    return {};
}

namespace {

// The state as the first Flutter files' snapshots hold it (item 2): the section 16 JSON and the rest
// of the state beside it. Equal states, equal text.
std::string StateText(const GameState& state) {
    nlohmann::ordered_json j = ToJson(state);
    j["snapshot"] = {{"header", PrintCommand(Command{*state.header})},
                     {"board", nlohmann::ordered_json::parse(state.board->ToJson())},
                     {"thrown", state.thrown},
                     {"bank_paid", state.bank_paid.value},
                     {"current", state.current}};
    return j.dump();
}

constexpr std::string_view kSnapshotTag = "sha256:";

// Every member of the state, in model/state.h's order, as numbers and length-prefixed strings: what
// the snapshot's digest is of. Equal states, equal bytes; any member that differs changes them.
// (Cheaper than the JSON of StateText, which Store::Open would build for every 64th entry.)
class StateBytes {
public:
    explicit StateBytes(const GameState& s) {
        const Header& h = *s.header;
        Count(h.players.size());
        for (const std::string& p : h.players) Text(p);
        Num(h.cash.value), Num(h.target.value), Text(h.board), Num(h.box), Num(h.rethrow_bankrupt), Num(h.bonus_from_stock);
        // The broker's name only when the header names one, so that a game file from before
        // `broker=` has the same digest (its snapshots verify unchanged).
        if (h.broker) Text("broker"), Text(*h.broker);
        const Board& b = *s.board;
        Text(b.name);
        Count(b.levels.size());
        for (const Level& l : b.levels) Num(l.price.has_value()), Num(l.price.value_or(Pounds(0)).value), Num(static_cast<int>(l.label)), Num(l.verified);
        for (const Lane& l : b.lanes) {
            Text(l.letter), Text(l.colour), Text(l.name), Num(l.verified);
            Count(l.m_holes.size());
            for (int m : l.m_holes) Num(m);
        }
        for (const Company& c : s.companies)
            Num(c.parent), Num(c.traveller), Num(c.bankrupt), Num(c.anti_slump), Num(c.stock), Num(c.reserve), Num(c.issued);
        Count(s.players.size());
        for (const Player& p : s.players) {
            Text(p.name), Num(p.cash.value);
            for (int64_t n : p.certificates) Num(n);
        }
        Num(s.round), Num(s.current), Num(s.stoppage), Num(s.thrown);
        Num(static_cast<int>(s.pending.kind)), Num(s.pending.company), Num(s.pending.player);
        Num(s.last_throw.has_value());
        if (s.last_throw) Num(s.last_throw->player), Num(s.last_throw->company), Num(s.last_throw->number);
        Num(s.last_round.has_value());
        if (s.last_round) {
            Num(s.last_round->round), Num(s.last_round->ended_by);
            Count(s.last_round->companies.size());
            for (const SettledCompany& c : s.last_round->companies)
                Num(c.company), Num(static_cast<int>(c.at)), Num(c.dividend), Num(c.move), Num(static_cast<int>(c.bonus)), Num(c.bankrupt);
        }
        Count(s.claims.size());
        for (const ClaimRecord& c : s.claims) Num(c.player), Num(c.capital.value);
        Num(s.bank_paid.value);
    }
    const std::string& Bytes() const { return m_out; }

private:
    void Num(int64_t v) {
        AppendNumber(m_out, v);
        m_out += ',';
    }
    void Count(size_t n) { Num(static_cast<int64_t>(n)); }
    void Text(const std::string& t) { Field(m_out, t); }
    std::string m_out;
};

} // namespace

std::string FlutterFile::Snapshot(const GameState& state) {
    return std::string(kSnapshotTag) + ToHex(Sha256(StateBytes(state).Bytes()));
}

std::optional<std::string> FlutterFile::SnapshotDifference(const std::string& stored, const GameState& state) {
    if (stored.rfind(kSnapshotTag, 0) != 0 && stored == StateText(state)) return std::nullopt;  // a first file's snapshot
    return std::string();
}

StartResult FlutterFile::StartFrom(const Header& header, std::string_view board_json) {
    std::string why;
    const std::optional<Board> board = Board::FromJson(board_json, &why);
    if (!board) {
        StartResult out;
        out.rejection = Rejection{"the board this game file carries cannot be read: " + why, "BD-6"};
        return out;
    }
    return StartGame(header, *board);
}

} // namespace rutland::flutter

namespace rutland {
template class BasicStore<flutter::Flutter, flutter::FlutterFile>;
} // namespace rutland
