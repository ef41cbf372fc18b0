#include "host/toy_page.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/safe_text.h"
#include "host/basic_served_game.h"
#include "kernel/basic_store_impl.h"
#include "host/toy_words.h"
#include "toy.h"

namespace rutland::toy {

namespace {

using ToyStore = BasicStore<Toy>;
using ToyEntry = BasicEntry<Toy>;
using nlohmann::json;

// A rule's heading: its first words, up to a colon, a bracket or a full stop (at most about 60
// characters, cut at a word).
std::string Heading(const std::string& words) {
    std::string head = words.substr(0, words.find_first_of(":.("));
    while (!head.empty() && head.back() == ' ') head.pop_back();
    if (head.size() > 60) head = head.substr(0, head.rfind(' ', 60)) + "\u2026";
    return head;
}

class ServedToy final : public host::BasicServedGame<ToyStore> {
public:
    std::string PageJson(const std::string& problem) override {
        const ToyState& s = GetStore().GetLedger().State();
        const int last = GetStore().Size() - 1;
        std::string names;
        json counters = json::array();
        for (const auto& c : s.counters) {
            names += (names.empty() ? "" : ", ") + ValidUtf8(c.first);
            counters.push_back({{"name", ValidUtf8(c.first)}, {"count", c.second}});
        }
        json ledger = LedgerJson();
        json game = {{"file", std::filesystem::path(GetStore().Path()).filename().string()},
                     {"fingerprint", GetStore().Fingerprint()},
                     {"entry", last},
                     {"headline", fmt::format("The toy game: {}", names)},
                     {"detail", fmt::format("{} entries; {} added in all", last + 1, s.added)},
                     {"turn", TurnJson(ledger)},
                     {"alerts", json::array()},
                     {"problem", problem}};
        return json{{"game", std::move(game)},
                    {"counters", std::move(counters)},
                    {"added", s.added},
                    {"counters_note", "The counters always sum to what was added (T-3); a give moves counters (T-4), "
                                      "and none goes below zero (T-1)."},
                    {"ledger", std::move(ledger)}}
            .dump();
    }

    // As `rutland-cli state --json` prints it (the toy's host/toy_game.cpp).
    std::string StateJson() const override {
        const ToyState& s = GetStore().GetLedger().State();
        const int last = GetStore().Size() - 1;
        json counters = json::object();
        for (const auto& c : s.counters) counters[c.first] = c.second;
        return json{{"added", s.added}, {"counters", std::move(counters)}, {"entry", last}, {"fingerprint", GetStore().FingerprintAt(last)}}
            .dump();
    }

    // Every rule RULES.md has ("- **T-1** ..." items) and the language's (TOY.md), with its words.
    std::string RulesJson() const override {
        json rules = json::object();
        const std::string_view text = RulesText();
        std::vector<std::string> ids;
        for (size_t at = 0; (at = text.find("- **", at)) != std::string_view::npos;) {
            at += 4;
            const size_t end = text.find("**", at);
            if (end == std::string_view::npos) break;
            ids.emplace_back(text.substr(at, end - at));
        }
        ids.emplace_back(Toy::kLanguageRule);
        for (const std::string& id : ids) {
            const std::string words = RuleWords(id);
            if (words.empty()) continue;
            rules[id] = {{"heading", id + "  " + (id == Toy::kLanguageRule ? std::string("The language") : Heading(words))},
                         {"where", id == Toy::kLanguageRule ? "RULES.md, the language" : "RULES.md, the toy game's rules"},
                         {"text", words}};
        }
        return json{{"rules", std::move(rules)}}.dump();
    }

private:
    json Words(const ToyEntry& e) const override {
        json words = json::array();
        for (const ToyEffect& fx : e.effects) {
            const bool ledger_op = fx.rule == "undo" || fx.rule == "redo";
            words.push_back({{"rule", ledger_op ? std::string() : fx.rule}, {"text", ValidUtf8(EffectText(fx))}});
        }
        return words;
    }
};

} // namespace

std::unique_ptr<host::ServedGame> ServeToyFile(const std::string& path, std::string* error) {
    auto served = std::make_unique<ServedToy>();
    if (!served->Open(path, error)) return nullptr;
    return served;
}

} // namespace rutland::toy
