#include "host/flutter_boards.h"

#include <fmt/format.h>

#include "base/safe_text.h"

#include "lang/table_language.h"
#include "model/board.h"
#include "store/store.h"

namespace rutland::flutter {

namespace {

std::vector<std::string> Builtin() { return {"provisional"}; }

std::optional<std::string> BuiltinJson(std::string_view name) {
    const std::optional<Board> board = Board::Named(name);
    if (!board) return std::nullopt;
    return board->ToJson();
}

// A board's name becomes a file name (NAME.json) and a header's `board=NAME`: letters, digits, '-'
// and '_', as a word of the table language.
bool GoodName(const std::string& name) {
    if (name.empty() || name.size() > 64) return false;
    for (char ch : name)
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_')) return false;
    return true;
}

std::optional<std::string> Check(std::string_view text, std::string* name, std::string* why) {
    std::string error;
    const std::optional<Board> board = Board::FromJson(text, &error);
    if (!board) {
        *why = "not a Flutter board: " + error;
        return std::nullopt;
    }
    if (const std::optional<std::string> problem = board->Validate()) {
        *why = *problem + " (BD-6)";
        return std::nullopt;
    }
    if (!GoodName(board->name)) {
        *why = fmt::format("its name '{}' is no board name (letters, digits, '-' and '_', at most 64)", ShortText(board->name));
        return std::nullopt;
    }
    // A lane's words are shown on every screen, terminal and the shared page: like a `board W name=`
    // line's (L-1), they hold no control or bidi character (safe_text.h FreeTextProblem).
    for (const Lane& lane : board->lanes) {
        const std::pair<const char*, const std::string*> texts[] = {{"name", &lane.name}, {"colour", &lane.colour}, {"letter", &lane.letter}};
        for (const auto& [key, text] : texts)
            if (std::optional<std::string> problem = FreeTextProblem(*text)) {
                *why = fmt::format("a lane's \"{}\" holds {}: board text may not hold control, bidi or line-break "
                                   "characters ('{}') (BD-6)", key, *problem, ShortText(*text));
                return std::nullopt;
            }
    }
    *name = board->name;
    return board->ToJson();
}

std::string Summary(std::string_view json) {
    std::string error;
    const std::optional<Board> board = Board::FromJson(json, &error);
    if (!board) return "?: " + error;  // a board that was checked when kept: not reached
    int facts = 0, verified = 0;
    for (const Level& level : board->levels) ++facts, verified += level.verified;
    for (const Lane& lane : board->lanes) ++facts, verified += lane.verified;
    return fmt::format("{}: {} levels, {} of {} facts verified (BD-7)", board->name, board->levels.size(), verified, facts);
}

std::string Show(std::string_view json) {
    std::string error;
    const std::optional<Board> board = Board::FromJson(json, &error);
    if (!board) return "?: " + error + "\n";
    auto mark = [](bool verified) { return verified ? "" : "?"; };
    std::string out = Summary(json) + "; '?' marks a fact not yet checked against the physical board (BD-7)\n";
    out += "lanes\n";
    for (const Lane& lane : board->lanes) {
        std::string holes;
        for (int m : lane.m_holes) {
            if (!holes.empty()) holes += ',';
            holes += std::to_string(m);
        }
        out += fmt::format("  {} {:<8} {:<32} M holes {}{}\n", lane.letter, lane.colour, lane.name,
                           holes.empty() ? std::string("none") : holes, mark(lane.verified));
    }
    out += "levels (centre price, side label)\n";
    for (int level = board->Top(); level >= 0; --level) {
        const Level& l = board->levels[static_cast<size_t>(level)];
        out += fmt::format("  {:>3}  {:>6}  {}{}\n", level, l.price ? FormatPounds(*l.price) : std::string("-"),
                           l.label == Label::None ? std::string() : std::string(LabelWord(l.label)), mark(l.verified));
    }
    return out;
}

std::string Renamed(std::string_view json, std::string_view name) {
    std::string error;
    std::optional<Board> board = Board::FromJson(json, &error);
    if (!board) return std::string(json);
    board->name = std::string(name);
    return board->ToJson();
}

std::optional<std::string> OfFile(const std::string& path, std::string* why) {
    std::unique_ptr<Store> store = Store::Open(path, Store::Mode::ReadOnly, why);
    if (!store) return std::nullopt;
    if (!store->Report().Clean()) {
        *why = path + " does not verify clean, so its board cannot be trusted";
        return std::nullopt;
    }
    return store->GetLedger().State().board->ToJson();  // the last entry's: every `board` correction applied
}

void Install(const std::vector<std::string>& jsons) {
    std::vector<Board> boards;
    std::string error;
    for (const std::string& json : jsons)
        if (std::optional<Board> board = Board::FromJson(json, &error)) boards.push_back(std::move(*board));
    InstallUserBoards(std::move(boards));
}

} // namespace

constinit const host::BoardKit kFlutterBoards = {
    .builtin = Builtin,
    .builtin_json = BuiltinJson,
    .check = Check,
    .summary = Summary,
    .show = Show,
    .renamed = Renamed,
    .of_file = OfFile,
    .install = Install,
};

} // namespace rutland::flutter
