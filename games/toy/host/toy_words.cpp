// The toy game's words (toy_words.h): the one place its effects become sentences.
#include "host/toy_words.h"

#include <fmt/format.h>

namespace rutland::toy {

namespace {

// Toy::LedgerEffect's: the rule "undo" or "redo", `who` the entries (first..last) or the one line, `delta` how many.
bool IsLedgerEffect(const ToyEffect& e) { return e.rule == "undo" || e.rule == "redo"; }

std::string Entries(int64_t n) { return n == 1 ? "1 entry" : fmt::format("{} entries", n); }

} // namespace

std::string EffectText(const ToyEffect& e) {
    if (IsLedgerEffect(e))
        return fmt::format("{} {}: {}", e.rule == "undo" ? "takes back" : "puts back", Entries(e.delta), e.who);
    if (e.rule == "T-4") return e.delta < 0 ? fmt::format("{} gives {}", e.who, -e.delta) : fmt::format("{} receives {}", e.who, e.delta);
    return e.delta < 0 ? fmt::format("{} takes {} off", e.who, -e.delta) : fmt::format("{} adds {}", e.who, e.delta);
}

std::string EffectShort(const ToyEffect& e) {
    if (IsLedgerEffect(e)) return fmt::format("{} {}", e.rule, e.delta);
    return fmt::format("{} {:+}", e.who, e.delta);
}

std::string TableStep(const ToyEffect& e) {
    if (IsLedgerEffect(e))
        return fmt::format("{} the counters of {} as they were ({})", e.rule == "undo" ? "put back" : "move again",
                           Entries(e.delta), e.who);
    if (e.rule == "T-4")
        return e.delta < 0 ? fmt::format("{} hands over {} counter{}", e.who, -e.delta, -e.delta == 1 ? "" : "s")
                           : fmt::format("{} takes {} counter{} onto their pile", e.who, e.delta, e.delta == 1 ? "" : "s");
    const int64_t n = e.delta < 0 ? -e.delta : e.delta;
    return fmt::format("{} {} counter{} {} {}'s pile", e.delta < 0 ? "take" : "put", n, n == 1 ? "" : "s",
                       e.delta < 0 ? "off" : "on", e.who);
}

std::string RuleWords(std::string_view id) {
    const std::string_view text = RulesText();
    if (id == Toy::kLanguageRule) {  // the section "The language (cited as TOY.md)", to the end
        const size_t at = text.find("## The language");
        if (at == std::string_view::npos) return "";
        const size_t body = text.find('\n', at);
        std::string out(text.substr(body == std::string_view::npos ? at : body + 1));
        while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
        while (!out.empty() && out.front() == '\n') out.erase(0, 1);
        return out;
    }
    // A rule is a list item "- **T-1** words", its continuation lines indented.
    const std::string marker = "- **" + std::string(id) + "**";
    size_t at = text.find(marker);
    if (at == std::string_view::npos || (at > 0 && text[at - 1] != '\n')) return "";
    at += marker.size();
    std::string out;
    size_t end = text.find('\n', at);
    out += text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    while (end != std::string_view::npos && end + 1 < text.size() && text[end + 1] == ' ') {
        const size_t next = text.find('\n', end + 1);
        std::string_view line = text.substr(end + 1, next == std::string_view::npos ? std::string_view::npos : next - end - 1);
        line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
        out += " ";
        out += line;
        end = next;
    }
    const size_t first = out.find_first_not_of(' ');
    return first == std::string::npos ? "" : out.substr(first);
}

} // namespace rutland::toy
