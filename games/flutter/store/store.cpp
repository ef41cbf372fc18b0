// Flutter's game file (store.h): effects as bytes and back (item 1), the snapshot (item 2), the
// game started again from the board it carries (item 4), and the one instantiation of the store.
#include "store/store.h"

#include <charconv>

#include "kernel/basic_store_impl.h"
#include "rules/state_json.h"

namespace rutland::flutter {

namespace {

constexpr std::string_view kTag = "flutter-effects 1\n";

void Field(std::string& out, std::string_view value) {
    out += std::to_string(value.size());
    out += ':';
    out.append(value);
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

} // namespace

std::string FlutterFile::Encode(const Effects& effects) {
    std::string out(kTag);
    for (const Effect& e : effects) {
        Field(out, std::to_string(static_cast<int>(e.kind)));
        Field(out, std::to_string(e.company));
        Field(out, std::to_string(e.player));
        for (int64_t n : e.n) Field(out, std::to_string(n));
        Field(out, e.rule);
        Field(out, e.text);
        Field(out, e.provisional ? "1" : "0");
        out += '\n';
    }
    return out;
}

std::optional<Effects> FlutterFile::Decode(std::string_view bytes, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<Effects> {
        if (error) *error = why;
        return std::nullopt;
    };
    if (bytes.substr(0, kTag.size()) != kTag) return fail("not Flutter's effects (no \"flutter-effects 1\" tag)");
    bytes.remove_prefix(kTag.size());
    Effects out;
    while (!bytes.empty()) {
        Effect e;
        const auto kind = ReadNumber(bytes);
        const auto company = ReadNumber(bytes);
        const auto player = ReadNumber(bytes);
        if (!kind || !company || !player) return fail("effect " + std::to_string(out.size() + 1) + " is not readable");
        if (*kind < 0 || *kind > static_cast<int64_t>(EffectKind::Redone)) return fail("effect " + std::to_string(out.size() + 1) + " has an unknown kind");
        if (*company < -1 || *company >= kCompanies || *player < -1 || *player > 1000)
            return fail("effect " + std::to_string(out.size() + 1) + " names no company or player");
        e.kind = static_cast<EffectKind>(*kind);
        e.company = static_cast<int>(*company);
        e.player = static_cast<int>(*player);
        for (int64_t& n : e.n) {
            const auto v = ReadNumber(bytes);
            if (!v) return fail("effect " + std::to_string(out.size() + 1) + " has an unreadable number");
            n = *v;
        }
        const auto rule = ReadField(bytes);
        const auto text = ReadField(bytes);
        const auto provisional = ReadField(bytes);
        if (!rule || !text || !provisional || bytes.empty() || bytes.front() != '\n')
            return fail("effect " + std::to_string(out.size() + 1) + " is cut short");
        if (*provisional != "0" && *provisional != "1") return fail("effect " + std::to_string(out.size() + 1) + " has no provisional flag");
        e.provisional = *provisional == "1";
        bytes.remove_prefix(1);
        e.rule = std::string(*rule);
        e.text = std::string(*text);
        out.push_back(std::move(e));
    }
    return out;
}

std::string FlutterFile::Snapshot(const GameState& state) {
    nlohmann::ordered_json j = ToJson(state);
    j["snapshot"] = {{"header", PrintCommand(Command{state.header})},
                     {"board", nlohmann::ordered_json::parse(state.board.ToJson())},
                     {"thrown", state.thrown},
                     {"bank_paid", state.bank_paid.value},
                     {"current", state.current}};
    return j.dump();
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
