// Big Board Raiders' game file (store.h): what the file needs of the game beyond its rules, and
// the one instantiation of the kernel's store for it. Invariant numbers refer to basic_store.h,
// "store.h item N" to the numbered list at the top of store.h.
//
// [SECTION] A difference in the table's words (invariant 6, store.h item 4)
// [SECTION] Schema 1-2: the stored words (invariant 16, store.h item 3)
// [SECTION] BigBoardRaidersFile
// [SECTION] The instantiation
#include "store/store.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/rules.h"
#include "rules/state_json.h"
#include "store/effects_data.h"
#include "store/effects_json.h"

namespace rutland::bbr {

// =============================================================================================
// [SECTION] A difference in the table's words (invariant 6, store.h item 4)
// =============================================================================================
namespace {


// The first effect that differs between two stored effect lists, in words.
std::string FirstDifference(const std::string& recorded, const std::string& replayed) {
    const auto a = nlohmann::json::parse(recorded, nullptr, false);
    const auto b = nlohmann::json::parse(replayed, nullptr, false);
    if (a.is_discarded() || !a.is_array()) return "the recorded effects are not valid JSON";
    auto text = [](const nlohmann::json& list, size_t i) -> std::string {
        if (i >= list.size()) return "(nothing)";
        const auto& e = list[i];
        if (!e.is_object()) return e.dump();
        return fmt::format("[{}] {}", e.value("rule", "?"), e.value("text", "?"));
    };
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (i < a.size() && i < b.size() && a[i] == b[i]) continue;
        std::string out = fmt::format("effect {}: recorded {}; replay gives {}", i + 1, text(a, i), text(b, i));
        if (i < a.size() && i < b.size() && text(a, i) == text(b, i)) out += " (a field other than the text differs)";
        return out;
    }
    return "the effects differ";
}

// The players whose net cash differs between `was` and `now`, in words (CashDifference).
std::string CashWords(const std::vector<int64_t>& was, const std::vector<int64_t>& now, const GameState& state) {
    auto signed_money = [](int64_t c) { return fmt::format("{}{}", c < 0 ? '-' : '+', FormatMoney(Money::Cents(c < 0 ? -c : c))); };
    std::string out;
    for (size_t p = 0; p < state.players.size() && p < was.size() && p < now.size(); ++p) {
        if (was[p] == now[p]) continue;
        out += fmt::format("{}{} {} recorded, {} under these rules", out.empty() ? "" : "; ", state.players[p].name,
                           signed_money(was[p]), signed_money(now[p]));
    }
    return out.empty() ? out : "the players' cash in this entry: " + out;
}

// What a rules change does to the players' cash in one entry (invariant 6): the net cash each
// player's effects moved as recorded and as the replay gives it, for every player where the two
// differ ("Ann +$3,750 recorded, -$0 now"), so the table sees who was paid differently, not only the
// first effect that differs. Empty when the cash is the same.
std::string CashDifference(const std::string& recorded, const std::string& replayed, const GameState& state) {
    const auto a = nlohmann::json::parse(recorded, nullptr, false);
    const auto b = nlohmann::json::parse(replayed, nullptr, false);
    if (!a.is_array() || !b.is_array()) return {};
    const size_t n = state.players.size();
    auto net = [n](const nlohmann::json& list) {
        std::vector<int64_t> cents(n, 0);
        for (const auto& e : list) {
            if (!e.is_object() || e.value("kind", "") != "cash") continue;
            const int64_t amount = e.value("amount", int64_t{0});
            for (const auto& [side, sign] : {std::pair{"from", -1}, std::pair{"to", 1}}) {
                if (!e.contains(side) || !e[side].is_object() || e[side].value("kind", "") != "player") continue;
                const int index = e[side].value("index", -1);
                if (index >= 0 && static_cast<size_t>(index) < n) cents[static_cast<size_t>(index)] += sign * amount;
            }
        }
        return cents;
    };
    const std::vector<int64_t> was = net(a), now = net(b);
    return CashWords(was, now, state);
}

// The first key where two JSON values differ ("players[1].cash").
std::string FirstJsonDifference(const nlohmann::json& a, const nlohmann::json& b, const std::string& where) {
    if (a.type() != b.type()) return where.empty() ? "(the whole state)" : where;
    if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (!b.contains(it.key())) return where + "." + it.key();
            if (it.value() != b[it.key()]) return FirstJsonDifference(it.value(), b[it.key()], where + "." + it.key());
        }
        for (auto it = b.begin(); it != b.end(); ++it)
            if (!a.contains(it.key())) return where + "." + it.key();
    } else if (a.is_array()) {
        for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
            if (a[i] != b[i]) return FirstJsonDifference(a[i], b[i], fmt::format("{}[{}]", where, i));
        if (a.size() != b.size()) return where + " (length)";
    }
    return where;
}
// The first effect that differs between the recorded data and the replay's (invariant 6: as data),
// in this Rutland's words.
std::string FirstDataDifference(const Effects& recorded, const Effects& replayed, const RenderContext& context) {
    auto text = [&](const Effects& list, size_t i) -> std::string {
        if (i >= list.size()) return "(nothing)";
        return fmt::format("[{}] {}", list[i].rule, EffectText(list[i], context));
    };
    for (size_t i = 0; i < std::max(recorded.size(), replayed.size()); ++i) {
        if (i < recorded.size() && i < replayed.size() && SameEffect(recorded[i], replayed[i])) continue;
        std::string out = fmt::format("effect {}: recorded {}; replay gives {}", i + 1, text(recorded, i), text(replayed, i));
        if (text(recorded, i) == text(replayed, i)) out += " (a field other than the words differs)";
        return out;
    }
    return "the effects differ";
}

// CashDifference's data twin (invariant 6): each player's net cash in the recorded and replayed effects.
std::string CashDifference(const Effects& recorded, const Effects& replayed, const GameState& state) {
    const size_t n = state.players.size();
    auto net = [n](const Effects& list) {
        std::vector<int64_t> cents(n, 0);
        for (const Effect& e : list) {
            if (e.kind != EffectKind::Cash) continue;
            for (const auto& [side, sign] : {std::pair{e.from, -1}, std::pair{e.to, 1}}) {
                if (side.kind == AccountKind::Player && side.index >= 0 && static_cast<size_t>(side.index) < n)
                    cents[static_cast<size_t>(side.index)] += sign * e.amount.cents();
            }
        }
        return cents;
    };
    const std::vector<int64_t> was = net(recorded), now = net(replayed);
    return CashWords(was, now, state);
}

// =============================================================================================
// [SECTION] Schema 1-2: the stored words (invariant 16, store.h item 3)
// =============================================================================================

// The effects an undo or redo entry of more than kListedUndoRedo commands had before ledger.h
// invariant 7 (each command listed, a redo with every effect it repeated), rebuilt from the
// ledger just after it replayed entry `seq`: files written before then still verify.
std::string LegacyUndoRedoEffects(const Ledger& ledger, int seq) {
    const Entry& entry = ledger.At(seq);
    Effects effects;
    auto listed = [&](EffectWhat what, const char* rule, int target) {
        Effect e;
        e.kind = EffectKind::Info;
        e.rule = rule;
        e.what = what;
        e.n = {target};
        e.quote = ledger.At(target).line;
        effects.push_back(std::move(e));
    };
    if (entry.kind == EntryKind::Undo) {
        for (int t : entry.targets) listed(EffectWhat::Undoes, "undo", t);
    } else {
        GameState state = ledger.StateAt(seq - 1);
        for (int t : entry.targets) {
            listed(EffectWhat::Redoes, "redo", t);
            ApplyResult r = Apply(state, ledger.At(t).command);
            if (!r.accepted) return {};
            for (Effect& fx : r.effects) effects.push_back(std::move(fx));
        }
    }
    return EffectsJsonText(effects, RenderContext::Of(ledger.State()));
}


} // namespace

// =============================================================================================
// [SECTION] BigBoardRaidersFile
// =============================================================================================
std::string BigBoardRaidersFile::Encode(const Effects& effects) { return EncodeEffects(effects); }

std::optional<Effects> BigBoardRaidersFile::Decode(std::string_view bytes, std::string* error) {
    return DecodeEffects(bytes, error);
}

std::string BigBoardRaidersFile::Snapshot(const GameState& state) { return StateToJson(state).dump(); }

BigBoardRaiders::Started BigBoardRaidersFile::StartFrom(const GameHeader& header, std::string_view board_json) {
    std::string why;
    std::optional<Board> board = Board::FromJson(board_json, &why);
    if (!board) return {std::nullopt, Rejection{"the board stored in the game file cannot be read: " + why, "D-2"}, {}, {}};
    StartResult r = StartGame(header, std::make_shared<const Board>(std::move(*board)));
    return {std::move(r.state), std::move(r.rejection), std::move(r.effects), Command{std::nullopt, std::move(r.canonical)}};
}

std::optional<std::string> BigBoardRaidersFile::SnapshotDifference(const std::string& stored, const GameState& state) {
    const nlohmann::json now = StateToJson(state);
    const auto was = nlohmann::json::parse(stored, nullptr, false);
    if (was == now) return std::nullopt;
    return FirstJsonDifference(was, now, "state");
}

std::string BigBoardRaidersFile::EffectsDifference(const Effects& recorded, const Effects& replayed,
                                                   const GameState& state, std::string* cash) {
    *cash = CashDifference(recorded, replayed, state);
    return FirstDataDifference(recorded, replayed, RenderContext::Of(state));
}

std::string BigBoardRaidersFile::LegacyDifference(const Ledger& ledger, int seq, std::string_view stored,
                                                  std::string* cash) {
    const Entry& now = ledger.At(seq);
    const std::string effects_now = EffectsJsonText(now.effects, RenderContext::Of(ledger.State()));
    if (effects_now == stored) return {};
    if ((now.kind == EntryKind::Undo || now.kind == EntryKind::Redo) &&
        static_cast<int>(now.targets.size()) > kListedUndoRedo && LegacyUndoRedoEffects(ledger, seq) == stored)
        return {};
    const std::string recorded(stored);
    *cash = CashDifference(recorded, effects_now, ledger.State());
    return FirstDifference(recorded, effects_now);
}

// =============================================================================================
// [SECTION] The instantiation
// =============================================================================================
} // namespace rutland::bbr

#include "kernel/basic_store_impl.h"

namespace rutland {

template class BasicStore<bbr::BigBoardRaiders, bbr::BigBoardRaidersFile>;

} // namespace rutland
