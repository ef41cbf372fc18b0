// A game's rules reference read as rules (rule_book_text.h).
#include "rule_book_text.h"

#include <algorithm>

namespace rutland::view {

namespace {

// "- T-2 ..." at a line's start: the ID, or "".
std::string_view ItemId(std::string_view line) {
    if (line.size() < 4 || line.substr(0, 2) != "- ") return {};
    const size_t end = line.find(' ', 2);
    const std::string_view id = line.substr(2, end == std::string_view::npos ? std::string_view::npos : end - 2);
    const size_t dash = id.find('-');
    if (dash == std::string_view::npos || dash == 0 || dash + 1 >= id.size()) return {};
    for (size_t i = 0; i < id.size(); ++i) {
        const char ch = id[i];
        const bool ok = i < dash ? (ch >= 'A' && ch <= 'Z') : i == dash || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z');
        if (!ok) return {};
    }
    return id;
}

// "| F-D1 | which game ... | ... |" (a decisions table): the ID, or "".
std::string_view RowId(std::string_view line) {
    if (line.size() < 4 || line.substr(0, 2) != "| ") return {};
    const size_t end = line.find(" |", 2);
    if (end == std::string_view::npos) return {};
    const std::string_view id = line.substr(2, end - 2);
    std::string probe = "- ";
    probe.append(id).append(" ");
    return ItemId(probe).empty() ? std::string_view() : id;
}

// A decision's row in words: its cells after the ID, "; " apart ("—" cells left out).
std::string RowWords(std::string_view line) {
    std::string out;
    size_t at = 1;
    while (at < line.size()) {
        size_t end = line.find('|', at);
        if (end == std::string_view::npos) end = line.size();
        std::string_view cell = line.substr(at, end - at);
        while (!cell.empty() && cell.front() == ' ') cell.remove_prefix(1);
        while (!cell.empty() && cell.back() == ' ') cell.remove_suffix(1);
        if (!cell.empty() && cell != "\u2014") {
            if (!out.empty()) out.append(out.find(' ') == std::string::npos ? " " : "; ");
            out.append(cell);
        }
        at = end + 1;
    }
    return out;
}

template <class F>
void ForEachLine(std::string_view text, F&& f) {
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        f(text.substr(at, end - at));
        at = end + 1;
    }
}

} // namespace

std::string RuleBookWords(std::string_view text, std::string_view id) {
    if (id.empty()) return "";
    std::string out;
    bool in = false;
    bool done = false;
    // An item's words run on over its indented lines. A table after a blank line (Flutter's BD-5
    // board, N-2's effects) is the item's too, each row a line of its own ("\n|...|"), and so is a
    // paragraph after the table, which starts a line of its own; a heading, the next item or a
    // second blank line ends it.
    bool gap = false;    // a blank line since the item's last line
    bool table = false;  // the item has had a table
    bool plain = false;  // inside a paragraph after the table
    ForEachLine(text, [&](std::string_view line) {
        if (done) return;
        const std::string_view item = ItemId(line);
        if (in) {
            if (line.empty()) {
                if (gap) done = true;
                gap = true;
                plain = false;
                return;
            }
            if (!item.empty() || line[0] == '#' || line[0] == '-' || line[0] == '*') {
                done = true;
                return;
            }
            if (line[0] == '|') {
                if (!RowId(line).empty()) {  // a decisions table's rows are rules of their own
                    done = true;
                    return;
                }
                out.append("\n").append(line);
                gap = false;
                table = true;
                return;
            }
            // Words: the item's run-on (indented) lines, or after a table a paragraph's lines.
            const bool indented = line[0] == ' ';
            if (gap ? !table : !indented && !plain) {
                done = true;
                return;
            }
            const size_t first = line.find_first_not_of(' ');
            out.append(gap ? "\n" : " ").append(line.substr(first));
            gap = false;
            plain = table;
            return;
        }
        if (item == id) {
            in = true;
            out = std::string(line.substr(2));
        } else if (!RowId(line).empty() && RowId(line) == id) {
            out = RowWords(line);
            done = true;
        }
    });
    return out;
}

std::vector<std::string> RuleBookIds(std::string_view text) {
    std::vector<std::string> out;
    ForEachLine(text, [&](std::string_view line) {
        std::string_view id = ItemId(line);
        if (id.empty()) id = RowId(line);
        if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) out.emplace_back(id);
    });
    return out;
}

} // namespace rutland::view
