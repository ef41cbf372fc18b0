#include "model/board.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "base/json_guard.h"
#include "base/names.h"
#include "base/safe_text.h"
#include "base/text.h"
#include "model/money.h"

namespace rutland::bbr {

// Generated from assets/boards/*.json by embed_boards.cmake: (file name stem, file text).
const std::vector<std::pair<std::string_view, std::string_view>>& BuiltinBoardTexts();

namespace {

using Json = nlohmann::json;

constexpr std::array<std::string_view, 7> kKindNames = {"subsidiary", "preferred", "rights", "puts",
                                                        "calls",      "time",      "market"};

// The schema is flat and hand-edited, so an unknown key is far more likely a typo ("trnd") than
// an extension; rejecting it stops a fact from silently falling back to its default.
constexpr std::array<std::string_view, 4> kBoardKeys = {"name", "title", "provisional", "spaces"};
constexpr std::array<std::string_view, 13> kSpaceKeys = {
    "name",  "label",          "kind", "kind_verified", "company", "position", "position_verified",
    "trend", "trend_verified", "ask",  "ask_verified",  "bid",     "bid_verified"};

// Validation failures unwind to FromJson through this, which turns them into *error; nothing
// of it escapes the file.
struct BoardError {
    std::string message;
};


// A board's text (its name, title, explanation and the spaces' labels) is shown on screens,
// terminals and the shared page: like a player's name (names.h rule 2) it may not hold control,
// bidi or invisible formatting characters, which would make it read as something else (a label
// "Br<U+202E>ada" reversed on screen, or "\u001b[2J" clearing a terminal). The message shows the
// text escaped (ShowName), never the characters themselves.
void RequirePlainText(const std::string& text, const std::string& where, const char* key) {
    if (const std::optional<std::string> problem = NameProblem(text))
        throw BoardError{fmt::format("{}: \"{}\" \"{}\" holds {}: board text may not hold control, bidi or invisible "
                                     "characters", where, key, ShowName(text), *problem)};
}

// Before anything is parsed (a 5 MB file of unclosed '[' took 389 MB as a JSON tree): the text's
// size, its nesting depth and a key given twice in one object (nlohmann keeps the last of two
// equal keys silently), by the kernel's one check for JSON from outside (base/json_guard.h). A real
// board is ~10 KB, nested 3 deep (the board, its spaces, a space).
constexpr JsonBounds kBoardJsonBounds{kMaxBoardJsonBytes, kMaxBoardJsonDepth, "the board file", "a board",
                                      "kMaxBoardJsonBytes", "kMaxBoardJsonDepth; a board is 3 deep"};

void SetError(std::string* error, std::string message) {
    if (error) *error = std::move(message);
}

template <size_t N>
void RejectUnknownKeys(const Json& object, const std::array<std::string_view, N>& known,
                       const std::string& where) {
    for (const auto& item : object.items()) {
        if (std::find(known.begin(), known.end(), item.key()) == known.end())
            throw BoardError{fmt::format("{}: unknown key \"{}\"", where, item.key())};
    }
}

const Json& Require(const Json& object, const char* key, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) throw BoardError{fmt::format("{}: missing \"{}\"", where, key)};
    return *it;
}

std::string RequireString(const Json& object, const char* key, const std::string& where) {
    const Json& value = Require(object, key, where);
    if (!value.is_string()) throw BoardError{fmt::format("{}: \"{}\" must be a string", where, key)};
    return value.get<std::string>();
}

// A missing flag means unverified: the safe reading for a board whose picture is lost.
bool OptionalFlag(const Json& object, const char* key, const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return false;
    if (!it->is_boolean()) throw BoardError{fmt::format("{}: \"{}\" must be true or false", where, key)};
    return it->get<bool>();
}

std::optional<Trends> ParseTrends(std::string_view text) {
    if (text.size() != 4) return std::nullopt;
    Trends trends{};
    for (size_t i = 0; i < 4; ++i) {
        char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
        if (ch == 'U') trends[i] = Trend::Up;
        else if (ch == 'D') trends[i] = Trend::Down;
        else return std::nullopt;
    }
    return trends;
}

std::string FormatTrends(const Trends& trends) {
    std::string text;
    for (Trend t : trends) text += t == Trend::Up ? 'U' : 'D';
    return text;
}

std::optional<CompanySet> ParseCompanySet(std::string_view text) {
    CompanySet set;
    for (char ch : text) {
        std::optional<Company> company = ParseCompany(std::string_view(&ch, 1));
        if (!company || set.Has(*company)) return std::nullopt;
        set.Add(*company);
    }
    return set;
}

std::string FormatCompanySet(CompanySet set) {
    std::string text;
    for (Company c : kCompanies) {
        if (set.Has(c)) text += GetProspectus(c).letter;
    }
    return text;
}

// The parent of a subsidiary named in the prospectus (section 2), if `name` is one.
std::optional<Company> ProspectusParent(std::string_view name) {
    for (Company c : kCompanies) {
        const auto& subsidiaries = GetProspectus(c).subsidiaries;
        if (std::find(subsidiaries.begin(), subsidiaries.end(), name) != subsidiaries.end()) return c;
    }
    return std::nullopt;
}

// Find() lower-cases what the user types, so a name with capitals could never be found.
bool IsValidName(std::string_view name) {
    if (name.empty() || !std::islower(static_cast<unsigned char>(name.front()))) return false;
    return std::all_of(name.begin(), name.end(), [](char ch) {
        return std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) ||
               ch == '-';
    });
}

Space ParseSpace(const Json& object, size_t index, int count) {
    std::string where = fmt::format("spaces[{}]", index);
    if (!object.is_object()) throw BoardError{fmt::format("{}: each space must be a JSON object", where)};

    Space space;
    space.name = RequireString(object, "name", where);
    if (!IsValidName(space.name))
        throw BoardError{fmt::format("{}: space name \"{}\" must be lower-case letters, digits and '-', "
                                     "starting with a letter",
                                     where, space.name)};
    where = fmt::format("space '{}'", space.name);
    RejectUnknownKeys(object, kSpaceKeys, where);

    space.label = RequireString(object, "label", where);
    if (space.label.empty()) throw BoardError{fmt::format("{}: \"label\" must not be empty", where)};
    RequirePlainText(space.label, where, "label");

    std::string kind_text = RequireString(object, "kind", where);
    std::optional<SpaceKind> kind = ParseSpaceKind(kind_text);
    if (!kind)
        throw BoardError{fmt::format("{}: unknown kind \"{}\" (subsidiary, preferred, rights, puts, calls, "
                                     "time or market)",
                                     where, kind_text)};
    space.kind = {*kind, OptionalFlag(object, "kind_verified", where)};

    std::optional<Company> parent = ProspectusParent(space.name);
    bool has_company = *kind == SpaceKind::Subsidiary || *kind == SpaceKind::Preferred;
    if (has_company) {
        std::string company_text = RequireString(object, "company", where);
        space.company = ParseCompany(company_text);
        if (!space.company) throw BoardError{fmt::format("{}: unknown company \"{}\"", where, company_text)};
    } else if (object.contains("company")) {
        throw BoardError{fmt::format("{}: only subsidiary and preferred spaces have a \"company\"", where)};
    }
    if (*kind == SpaceKind::Subsidiary) {
        if (!parent)
            throw BoardError{fmt::format("{}: '{}' is not a subsidiary in the prospectus (RULES.md section 2)",
                                         where, space.name)};
        if (*space.company != *parent)
            throw BoardError{fmt::format("{}: {} is a {} subsidiary (RULES.md section 2), not {}", where,
                                         space.label, GetProspectus(*parent).name,
                                         GetProspectus(*space.company).name)};
    } else if (parent) {
        // Proxies (E-1) are earned by landing on a subsidiary's space, so its kind cannot be anything else.
        throw BoardError{fmt::format("{}: '{}' is a subsidiary in the prospectus (RULES.md section 2), so its "
                                     "kind must be subsidiary",
                                     where, space.name)};
    }
    if (*kind == SpaceKind::Preferred && GetProspectus(*space.company).preferred_shares == 0)
        throw BoardError{fmt::format("{}: {} has no preferred shares (RULES.md section 2)", where,
                                     GetProspectus(*space.company).name)};

    // Range-checked here, before narrowing, so a huge number cannot wrap onto the ring.
    const Json& position = Require(object, "position", where);
    if (!position.is_number_integer())
        throw BoardError{fmt::format("{}: \"position\" must be a whole number", where)};
    bool on_ring = position.is_number_unsigned() ? position.get<uint64_t>() < static_cast<uint64_t>(count)
                                                 : position.get<int64_t>() >= 0 && position.get<int64_t>() < count;
    if (!on_ring)
        throw BoardError{fmt::format("{}: position {} is off the ring (a board of {} spaces has positions 0..{})",
                                     where, position.dump(), count, count - 1)};
    space.position.value = position.get<int>();
    space.position.verified = OptionalFlag(object, "position_verified", where);

    std::string trend_text = RequireString(object, "trend", where);
    std::optional<Trends> trends = ParseTrends(trend_text);
    if (!trends)
        throw BoardError{fmt::format("{}: trend \"{}\" must be 4 letters U or D, for Yellow, Blue, Red, Green "
                                     "(BD-2), e.g. \"DUUD\"",
                                     where, trend_text)};
    space.trend = {*trends, OptionalFlag(object, "trend_verified", where)};

    std::string ask_text = RequireString(object, "ask", where);
    std::optional<CompanySet> ask = ParseCompanySet(ask_text);
    if (!ask)
        throw BoardError{fmt::format("{}: ask \"{}\" must be company letters from YBRG, each at most once "
                                     "(e.g. \"BRG\", or \"\" for none)",
                                     where, ask_text)};
    space.ask = {*ask, OptionalFlag(object, "ask_verified", where)};

    std::string bid_text = RequireString(object, "bid", where);
    std::optional<CompanySet> bid = ParseCompanySet(bid_text);
    if (!bid)
        throw BoardError{fmt::format("{}: bid \"{}\" must be company letters from YBRG, each at most once "
                                     "(e.g. \"YBR\", or \"\" for none)",
                                     where, bid_text)};
    space.bid = {*bid, OptionalFlag(object, "bid_verified", where)};

    if (*kind == SpaceKind::Subsidiary && bid->Count() > 0)
        throw BoardError{fmt::format("{}: a Bid on a subsidiary space breaks BD-3", where)};
    if (*kind != SpaceKind::Subsidiary && ask->Count() > 0)
        throw BoardError{fmt::format("{}: an Ask on a non-subsidiary space breaks BD-3", where)};
    return space;
}

// The flat one-line object of a space, keys in the schema's order so a saved board diffs cleanly
// against the hand-written asset.
std::string SpaceToJson(const Space& space) {
    std::vector<std::pair<std::string_view, Json>> fields;
    fields.emplace_back("name", space.name);
    fields.emplace_back("label", space.label);
    fields.emplace_back("kind", std::string(SpaceKindName(space.kind.value)));
    fields.emplace_back("kind_verified", space.kind.verified);
    if (space.company) fields.emplace_back("company", std::string(GetProspectus(*space.company).key));
    fields.emplace_back("position", space.position.value);
    fields.emplace_back("position_verified", space.position.verified);
    fields.emplace_back("trend", FormatTrends(space.trend.value));
    fields.emplace_back("trend_verified", space.trend.verified);
    fields.emplace_back("ask", FormatCompanySet(space.ask.value));
    fields.emplace_back("ask_verified", space.ask.verified);
    fields.emplace_back("bid", FormatCompanySet(space.bid.value));
    fields.emplace_back("bid_verified", space.bid.verified);

    std::string text = "{";
    for (size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) text += ", ";
        text += fmt::format("\"{}\": {}", fields[i].first,
                            fields[i].second.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    return text + "}";
}

// The board keeps no free text of its own, and a hand-written explanation would go stale the
// moment the broker verifies a space; so the saved explanation is recounted from the facts.
std::string ProvisionalSummary(const std::vector<Space>& spaces) {
    int kinds = 0, positions = 0, trends = 0, asks = 0, bids = 0;
    for (const Space& s : spaces) {
        kinds += s.kind.verified;
        positions += s.position.verified;
        trends += s.trend.verified;
        asks += s.ask.verified;
        bids += s.bid.verified;
    }
    int count = static_cast<int>(spaces.size());
    if (kinds + positions + trends + asks + bids == 5 * count)
        return "Every fact on this board is verified against the physical board.";
    return fmt::format(
        "The picture of the board is lost (RULES.md D-2), so this board is provisional. Facts verified "
        "against the manual or the physical board, out of {} spaces: kind {}, position {}, trend {}, ask {}, "
        "bid {}. Every other fact is marked unverified until the broker corrects it from the physical board "
        "with the board command.",
        count, kinds, positions, trends, asks, bids);
}

using BoardMap = std::map<std::string, std::shared_ptr<const Board>, std::less<>>;

const BoardMap& BuiltinBoards() {
    // Parsed once; a function-local static is initialised thread-safely. A board that fails to
    // parse is left out (BuiltinBoard returns nullptr); the tests parse every text and report why.
    static const BoardMap boards = [] {
        BoardMap result;
        for (const auto& [name, text] : BuiltinBoardTexts()) {
            std::string error;
            if (std::optional<Board> board = Board::FromJson(text, &error))
                result.emplace(std::string(name), std::make_shared<const Board>(std::move(*board)));
        }
        return result;
    }();
    return boards;
}

} // namespace

std::optional<Board> Board::FromJson(std::string_view text, std::string* error) {
    try {
        if (std::optional<std::string> problem = JsonGuardProblem(text, kBoardJsonBounds)) throw BoardError{*problem};
        Json root = Json::parse(text.begin(), text.end());
        if (!root.is_object()) throw BoardError{"a board file must be a JSON object"};
        RejectUnknownKeys(root, kBoardKeys, "board");

        Board board;
        board.m_name = RequireString(root, "name", "board");
        if (board.m_name.empty()) throw BoardError{"board: \"name\" must not be empty"};
        RequirePlainText(board.m_name, "board", "name");
        for (const char* key : {"title", "provisional"}) {
            auto it = root.find(key);
            if (it != root.end() && !it->is_string())
                throw BoardError{fmt::format("board: \"{}\" must be a string", key)};
            if (it != root.end()) RequirePlainText(it->get_ref<const std::string&>(), "board", key);
        }

        const Json& spaces = Require(root, "spaces", "board");
        if (!spaces.is_array() || spaces.empty())
            throw BoardError{"board: \"spaces\" must be a non-empty array of spaces"};
        for (size_t i = 0; i < spaces.size(); ++i) board.m_spaces.push_back(ParseSpace(spaces[i], i, static_cast<int>(spaces.size())));

        std::map<std::string_view, size_t> by_name;
        for (size_t i = 0; i < board.m_spaces.size(); ++i) {
            if (!by_name.emplace(board.m_spaces[i].name, i).second)
                throw BoardError{fmt::format("two spaces are called '{}': names must be unique", board.m_spaces[i].name)};
        }

        // Every position is already inside 0..N-1, so distinct positions are exactly a permutation.
        int count = board.SpaceCount();
        std::vector<int> at_position(static_cast<size_t>(count), -1);
        for (int i = 0; i < count; ++i) {
            const Space& space = board.At(i);
            int position = space.position.value;
            int& holder = at_position[static_cast<size_t>(position)];
            if (holder >= 0)
                throw BoardError{fmt::format("spaces '{}' and '{}' both stand at position {}: positions must be "
                                             "0..{}, each used once",
                                             board.At(holder).name, space.name, position, count - 1)};
            holder = i;
        }
        return board;
    } catch (const BoardError& e) {  // messages quote the file's text: escaped for any screen
        SetError(error, PrintableText(e.message));
    } catch (const Json::parse_error& e) {
        SetError(error, PrintableText(fmt::format("the board file is not valid JSON: {}", e.what())));
    } catch (const std::exception& e) {
        SetError(error, PrintableText(fmt::format("the board file could not be read: {}", e.what())));
    }
    return std::nullopt;
}

std::string Board::ToJson() const {
    auto quoted = [](const std::string& text) {
        return Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    };
    std::string text = "{\n";
    text += fmt::format("  \"name\": {},\n", quoted(m_name));
    text += fmt::format("  \"title\": {},\n", quoted(fmt::format("Big Board Raiders: the {} board", m_name)));
    text += fmt::format("  \"provisional\": {},\n", quoted(ProvisionalSummary(m_spaces)));
    text += "  \"spaces\": [\n";
    for (size_t i = 0; i < m_spaces.size(); ++i) {
        text += "    " + SpaceToJson(m_spaces[i]);
        text += i + 1 < m_spaces.size() ? ",\n" : "\n";
    }
    text += "  ]\n}\n";
    return text;
}

std::optional<int> Board::Find(std::string_view name_or_prefix, std::string* error) const {
    std::string_view typed = name_or_prefix;
    if (!typed.empty() && typed.front() == '@') typed.remove_prefix(1);
    if (typed.empty()) {
        SetError(error, "a space name is needed");
        return std::nullopt;
    }
    std::string wanted = Lower(typed);
    // The full name first (every stored line has it: a replay looks up thousands), then prefixes.
    for (int i = 0; i < SpaceCount(); ++i)
        if (At(i).name == wanted) return i;
    std::vector<int> matches;
    for (int i = 0; i < SpaceCount(); ++i)
        if (At(i).name.starts_with(wanted)) matches.push_back(i);
    if (matches.size() == 1) return matches.front();
    if (matches.empty()) {
        SetError(error, fmt::format("no space called '{}' on the board", typed));
        return std::nullopt;
    }
    std::vector<std::string_view> names;
    for (int i : matches) names.push_back(At(i).name);
    std::sort(names.begin(), names.end());
    SetError(error, fmt::format("'{}' is ambiguous: {}", typed, fmt::join(names, ", ")));
    return std::nullopt;
}

int Board::Advance(int space, int steps) const {
    int64_t count = SpaceCount();
    if (count == 0) return -1;
    int64_t position = (static_cast<int64_t>(At(space).position.value) + steps) % count;
    if (position < 0) position += count;
    return AtPosition(static_cast<int>(position));
}

int Board::AtPosition(int position) const {
    for (int i = 0; i < SpaceCount(); ++i) {
        if (At(i).position.value == position) return i;
    }
    return -1;
}

std::shared_ptr<const Board> BuiltinBoard(std::string_view name) {
    const BoardMap& boards = BuiltinBoards();
    auto it = boards.find(name);
    return it == boards.end() ? nullptr : it->second;
}

std::vector<std::string> BuiltinBoardNames() {
    std::vector<std::string> names;
    for (const auto& entry : BuiltinBoards()) names.push_back(entry.first);
    return names;
}

std::string_view SpaceKindName(SpaceKind k) { return kKindNames[static_cast<size_t>(k)]; }

std::optional<SpaceKind> ParseSpaceKind(std::string_view text) {
    std::string lower = Lower(text);
    for (size_t i = 0; i < kKindNames.size(); ++i) {
        if (lower == kKindNames[i]) return static_cast<SpaceKind>(i);
    }
    return std::nullopt;
}

} // namespace rutland::bbr
