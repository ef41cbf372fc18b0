#include "model/board.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <cctype>
#include <set>

#include <nlohmann/json.hpp>

#include "base/json_guard.h"

namespace rutland::flutter {

namespace {

// ASCII letters only, whatever the program's locale (as lang/table_language.cpp's Lower).
char LowerByte(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string Lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = LowerByte(c);
    return out;
}

// Equal under Lower, without making either string: CompanyOf runs for every trade and throw Apply
// sees, and for each of Legal()'s candidates.
bool SameLower(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (LowerByte(a[i]) != LowerByte(b[i])) return false;
    return true;
}

} // namespace

std::string Lane::Key() const { return Lower(colour); }

std::string_view LabelWord(Label label) {
    switch (label) {
        case Label::None: return "none";
        case Label::News: return "news";
        case Label::Slump: return "slump";
        case Label::Five: return "5%";
        case Label::Ten: return "10%";
        case Label::Top: return "top";
    }
    return "none";
}

std::optional<Label> LabelFromWord(std::string_view word) {
    const std::string w = Lower(word);
    if (w == "none") return Label::None;
    if (w == "news") return Label::News;
    if (w == "slump") return Label::Slump;
    if (w == "5%" || w == "5") return Label::Five;
    if (w == "10%" || w == "10") return Label::Ten;
    if (w == "top" || w == "20%") return Label::Top;
    return std::nullopt;
}

// BD-5: price £10 x level for levels 0-20; MARKET NEWS 21, SLUMP 22, 5% 23, 10% 24, TOP 25; lane i
// (W = 0 ... K = 5) has M holes at levels 5 + i and 14 + i.
Board Board::Provisional() {
    Board b;
    b.name = "provisional";
    for (int level = 0; level <= 20; ++level) b.levels.push_back(Level{Pounds(10 * level), Label::None, false});
    for (Label label : {Label::News, Label::Slump, Label::Five, Label::Ten, Label::Top})
        b.levels.push_back(Level{std::nullopt, label, false});
    static const char* const kLetters[kCompanies] = {"W", "R", "B", "G", "Y", "K"};
    static const char* const kColours[kCompanies] = {"White", "Red", "Blue", "Green", "Yellow", "Black"};
    for (int i = 0; i < kCompanies; ++i) {
        Lane& lane = b.lanes[static_cast<size_t>(i)];
        lane.letter = kLetters[i];
        lane.colour = kColours[i];
        lane.name = i == 0 ? "Captivating Cosmetics Ltd." : lane.colour + " Company";  // Rule 7; F-D2
        lane.m_holes = {5 + i, 14 + i};
    }
    return b;
}

namespace {

// Replaced whole by InstallUserBoards, read by Named: a reader keeps the list it loaded.
std::shared_ptr<const std::vector<Board>> g_user_boards = std::make_shared<const std::vector<Board>>();

} // namespace

void InstallUserBoards(std::vector<Board> boards) {
    std::vector<Board> kept;
    for (Board& board : boards)
        if (Lower(board.name) != "provisional" && !board.Validate()) kept.push_back(std::move(board));
    std::atomic_store(&g_user_boards, std::shared_ptr<const std::vector<Board>>(
                                          std::make_shared<const std::vector<Board>>(std::move(kept))));
}

std::optional<Board> Board::Named(std::string_view name) {
    if (Lower(name) == "provisional") return Provisional();
    const std::shared_ptr<const std::vector<Board>> user = std::atomic_load(&g_user_boards);
    for (const Board& board : *user)
        if (Lower(board.name) == Lower(name)) return board;
    return std::nullopt;
}

int Board::Lowest(Label label) const {
    for (size_t i = 0; i < levels.size(); ++i)
        if (levels[i].label == label) return static_cast<int>(i);
    return -1;
}

int Board::LevelShowing(Pounds price) const {
    for (size_t i = 0; i < levels.size(); ++i)
        if (levels[i].price == price) return static_cast<int>(i);
    return -1;
}

bool Board::IsMHole(int company, int level) const {
    const auto& holes = lanes.at(static_cast<size_t>(company)).m_holes;
    return std::find(holes.begin(), holes.end(), level) != holes.end();
}

int Board::CompanyOf(std::string_view word) const {
    for (int i = 0; i < kCompanies; ++i) {
        const Lane& lane = lanes[static_cast<size_t>(i)];
        if (SameLower(word, lane.letter) || SameLower(word, lane.colour)) return i;
    }
    return -1;
}

bool Board::Verified() const {
    return std::all_of(levels.begin(), levels.end(), [](const Level& l) { return l.verified; }) &&
           std::all_of(lanes.begin(), lanes.end(), [](const Lane& l) { return l.verified; });
}

std::optional<std::string> Board::Validate() const {
    if (levels.size() < 3) return "the board needs levels below and above MARKET NEWS";
    const int news = News();
    if (news < 0) return "the board needs a MARKET NEWS level";
    int count_news = 0, count_slump = 0, count_five = 0, count_ten = 0;
    for (size_t i = 0; i < levels.size(); ++i) {
        const Level& level = levels[i];
        const int at = static_cast<int>(i);
        if (at < news) {
            if (!level.price) return "level " + std::to_string(at) + " is below MARKET NEWS and shows no price";
            if (level.label != Label::None) return "level " + std::to_string(at) + " is below MARKET NEWS and has a label";
            if (!level.price->InFives()) return "level " + std::to_string(at) + "'s price is not a multiple of £5 (U-1)";
            if (at == 0 && level.price->value != 0) return "the bottom level must show £0";
            if (at > 0 && !(*level.price > *levels[i - 1].price))
                return "prices must rise: level " + std::to_string(at) + " is not above level " + std::to_string(at - 1);
        } else {
            if (level.price) return "level " + std::to_string(at) + " is MARKET NEWS or above and shows a price";
            if (level.label == Label::None) return "level " + std::to_string(at) + " is above MARKET NEWS and has no label";
            if (level.label == Label::Top && at != Top()) return "TOP may only be the top level";
        }
        count_news += level.label == Label::News;
        count_slump += level.label == Label::Slump;
        count_five += level.label == Label::Five;
        count_ten += level.label == Label::Ten;
    }
    if (levels.back().label != Label::Top) return "the top level must be TOP";
    if (count_news != 1) return "the board needs exactly one MARKET NEWS level";
    if (count_slump != 1) return "the board needs exactly one SLUMP level";
    if (count_five < 1 || count_ten < 1) return "the board needs a 5% and a 10% level";
    int hundreds = 0, two_hundreds = 0;
    for (const Level& level : levels) hundreds += level.price == Pounds(100), two_hundreds += level.price == Pounds(200);
    if (hundreds != 1 || two_hundreds != 1) return "the board needs one £100 (PAR 100) and one £200 level";
    std::set<std::string> letters, keys;
    for (const Lane& lane : lanes) {
        if (lane.letter.size() != 1 || !std::isalpha(static_cast<unsigned char>(lane.letter[0])))
            return "a lane's letter must be one letter";
        if (lane.colour.empty()) return "a lane needs a colour";
        for (char c : lane.colour)
            if (!std::isalpha(static_cast<unsigned char>(c))) return "a colour is one word of letters";
        if (!letters.insert(Lower(lane.letter)).second) return "two lanes have the letter " + lane.letter;
        if (!keys.insert(lane.Key()).second) return "two lanes have the colour " + lane.colour;
        for (int m : lane.m_holes) {
            if (m >= news) return "lane " + lane.letter + "'s M hole at level " + std::to_string(m) + " is not below MARKET NEWS";
            if (m <= 0) return "lane " + lane.letter + "'s M hole at level " + std::to_string(m) + " is at the bottom, where no traveller goes";
        }
    }
    // A colour's key must not read as another lane's letter: `W` and `w...` name one company each.
    for (const Lane& lane : lanes)
        if (letters.count(lane.Key())) return "the colour " + lane.colour + " reads as a lane's letter";
    return std::nullopt;
}

std::string Board::ToJson() const {
    nlohmann::ordered_json j;
    j["name"] = name;
    auto& ls = j["levels"] = nlohmann::ordered_json::array();
    for (const Level& level : levels) {
        nlohmann::ordered_json l;
        l["price"] = level.price ? nlohmann::ordered_json(level.price->value) : nlohmann::ordered_json(nullptr);
        l["label"] = std::string(LabelWord(level.label));
        l["verified"] = level.verified;
        ls.push_back(l);
    }
    auto& lanes_json = j["lanes"] = nlohmann::ordered_json::array();
    for (const Lane& lane : lanes) {
        nlohmann::ordered_json l;
        l["letter"] = lane.letter;
        l["colour"] = lane.colour;
        l["name"] = lane.name;
        l["m"] = lane.m_holes;
        l["verified"] = lane.verified;
        lanes_json.push_back(l);
    }
    return j.dump();
}

std::optional<Board> Board::FromJson(std::string_view text, std::string* error) {
    auto fail = [&](const std::string& why) -> std::optional<Board> {
        if (error) *error = why;
        return std::nullopt;
    };
    // As Big Board Raiders' boards (games/big-board-raiders/model/board.cpp), by the kernel's one check.
    static constexpr JsonBounds kBounds{kMaxBoardJsonBytes, kMaxBoardJsonDepth, "the board file", "a board",
                                        "kMaxBoardJsonBytes", "kMaxBoardJsonDepth; a board is 3 deep"};
    if (std::optional<std::string> problem = JsonGuardProblem(text, kBounds)) return fail(*problem);
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return fail("the board is not a JSON object");
    try {
        Board b;
        b.name = j.at("name").get<std::string>();
        b.levels.clear();
        for (const auto& l : j.at("levels")) {
            Level level;
            if (!l.at("price").is_null()) level.price = Pounds(l.at("price").get<int64_t>());
            const auto label = LabelFromWord(l.at("label").get<std::string>());
            if (!label) return fail("a level has an unknown label");
            level.label = *label;
            level.verified = l.at("verified").get<bool>();
            b.levels.push_back(level);
        }
        const auto& lanes = j.at("lanes");
        if (!lanes.is_array() || lanes.size() != kCompanies) return fail("the board must have six lanes");
        for (size_t i = 0; i < kCompanies; ++i) {
            Lane& lane = b.lanes[i];
            lane.letter = lanes[i].at("letter").get<std::string>();
            lane.colour = lanes[i].at("colour").get<std::string>();
            lane.name = lanes[i].at("name").get<std::string>();
            lane.m_holes = lanes[i].at("m").get<std::vector<int>>();
            lane.verified = lanes[i].at("verified").get<bool>();
        }
        if (auto why = b.Validate()) return fail("the board breaks BD-6: " + *why);
        return b;
    } catch (const nlohmann::json::exception& e) {
        return fail(std::string("the board's JSON is not a board: ") + e.what());
    }
}

} // namespace rutland::flutter
