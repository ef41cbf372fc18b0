// The kernel's contract with a game: what the ledger (kernel/basic_ledger.h), the
// session (games/big-board-raiders/view/session.h) and, through DurableRuleset, the game file need to know of a game,
// and nothing more. Big Board Raiders is one model of it (rules/big_board_raiders.h); a toy game
// of about 50 lines is another (games/toy/toy.h), and the kernel is tested with both.
//
// A ruleset is a traits struct of types and static functions:
//   State    what the table has now; copyable (the ledger keeps copies for undo and time travel)
//   Header   what a game starts from (its first line)
//   Command  one line of the game's language as plain data; undo and redo are commands of that
//            language too, which the ruleset recognises (LedgerOpOf) and writes (LedgerCommand),
//            though the ledger alone carries them out
//   Effect   one item of what an accepted command did; the ledger keeps std::vector<Effect>
//   Start(header)          -> .state (nullopt: refused, .rejection why), .effects, .canonical (the
//                             header as entry 0 records it, as a Command)
//   Apply(state&, command) -> .accepted; .rejection, or .effects and .canonical (the command as the
//                             ledger records it). A rejection leaves the state as it was. Apply is
//                             deterministic: the same state and command give the same answer.
//   Parse(line)            -> .command (nullopt with no .error: a blank or comment line) or .error
//   Print(command)         -> the canonical line: Parse(Print(c)) gives back c
//   Check(state)           -> nullopt, or what is wrong (conservation: the ledger's state is a
//                             replay, so a Check failing means the rules have a bug)
//   LedgerOpOf(command)    -> the undo or redo it is, or nullopt for a command of the game
//   LedgerCommand(op)      -> the undo or redo command as the game writes it (`undo 3`)
//   LedgerEffect(note)     -> the effect an undo or redo entry lists (basic_ledger.h invariant 7)
//   kLanguageRule          -> the rule a line that the language refuses cites (an `undo 0`)
// DurableRuleset (below) adds what the game file needs.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "kernel/game_word.h"
#include "kernel/rejection.h"

namespace rutland {

// The ledger's own commands: take back, or repeat, the last `count` commands.
enum class LedgerOpKind : uint8_t { Undo, Redo };
struct LedgerOp {
    LedgerOpKind kind = LedgerOpKind::Undo;
    int count = 1;
};

// What an undo or redo entry did, for the ruleset to say as one of its effects (basic_ledger.h
// invariant 7). Listed: one command, `first` (= `last`) with its line. Summed: `count` commands
// from `first` to `last` (seqs), with the two lines.
struct LedgerNote {
    LedgerOpKind kind = LedgerOpKind::Undo;
    bool summed = false;
    int count = 1;
    int first = 0, last = 0;
    std::string_view first_line, last_line;
};

// The answers' shapes: any struct with these members will do (Big Board Raiders' StartResult,
// ApplyResult and ParseResult are used as they are, nothing is converted per command).
template <class T, class R>
concept StartOutcome = requires(T t) {
    { t.state } -> std::convertible_to<std::optional<typename R::State>>;
    { t.rejection } -> std::convertible_to<std::optional<Rejection>>;
    { t.effects } -> std::convertible_to<std::vector<typename R::Effect>>;
    { t.canonical } -> std::convertible_to<typename R::Command>;
};
template <class T, class R>
concept ApplyOutcome = requires(T t) {
    { t.accepted } -> std::convertible_to<bool>;
    { t.rejection } -> std::convertible_to<Rejection>;
    { t.effects } -> std::same_as<std::vector<typename R::Effect>&>;
    { t.canonical } -> std::convertible_to<typename R::Command>;
};
template <class T, class R>
concept ParseOutcome = requires(T t) {
    { t.command } -> std::convertible_to<std::optional<typename R::Command>>;
    { t.error } -> std::convertible_to<std::optional<Rejection>>;
};

template <class R>
concept Ruleset =
    std::copyable<typename R::State> && std::default_initializable<typename R::State> &&
    std::copyable<typename R::Command> && std::default_initializable<typename R::Command> &&
    std::movable<typename R::Effect> &&
    requires(typename R::State& state, const typename R::State& cstate, const typename R::Header& header,
             const typename R::Command& command, std::string_view line, LedgerOp op, const LedgerNote& note) {
        { R::Start(header) } -> StartOutcome<R>;
        { R::Apply(state, command) } -> ApplyOutcome<R>;
        { R::Parse(line) } -> ParseOutcome<R>;
        { R::Print(command) } -> std::convertible_to<std::string>;
        { R::Check(cstate) } -> std::convertible_to<std::optional<std::string>>;
        { R::LedgerOpOf(command) } -> std::convertible_to<std::optional<LedgerOp>>;
        { R::LedgerCommand(op) } -> std::convertible_to<typename R::Command>;
        { R::LedgerEffect(note) } -> std::convertible_to<typename R::Effect>;
        { R::kLanguageRule } -> std::convertible_to<std::string_view>;
    };

// What the game file (kernel/basic_store.h) needs of a game beyond the ledger, in D, a traits struct
// for the ruleset R (D = R when the game keeps it in its ruleset; Big Board Raiders keeps it in the
// store's layer, store/store.h, since its encoding lives there):
//   Encode(effects)          -> the effects as the file stores and hashes them: bytes that are a
//                               function of the data alone, so equal data is equal bytes
//   Decode(bytes, &error)    -> the effects back (nullopt and error: not effects this version reads)
//   ParseStored(line)        -> a stored line parsed as it was written (before any newer limit)
//   HeaderOf(command)        -> the header a parsed entry 0 holds, or nullopt
//   Snapshot(state)          -> the state as text for the snapshot cache: equal states, equal text
//   kRulesVersion            -> the rules' version, stamped on every entry (a replay of an older
//                               one that differs is a rules change, not corruption)
// Optional, detected by the store: EffectsDifference(recorded, replayed, state) (a difference in
// words), SnapshotDifference(stored, state) (nullopt when the text is another spelling of the same
// state), LegacyDifference(ledger, seq, stored) (schema 1-2 files, which stored words), and the
// start data (basic_store.h invariant 19), all three or none:
//   StartData(state)          -> text the file keeps beside entry 0 so the game starts the same
//                                wherever and whenever it is opened (Big Board Raiders: its board,
//                                which the header only names); `state` is the one R::Start made
//   StartFrom(header, text)   -> R::Start's answer for the game started from that text instead
//                                (a StartOutcome; a rejection when the text cannot be read)
//   kStartDataName            -> what the text is, for a finding ("the board")
// and, on D or R, the game's name (basic_store.h invariant 22):
//   kGameName                 -> the game word of its header (`game toy players=A,B`,
//                                kernel/game_word.h) and the game its files record; a game
//                                without it is the first game, kFirstGame (Big Board Raiders,
//                                whose header has no game word)
template <class D, class R = D>
concept DurableRuleset =
    Ruleset<R> && requires(const std::vector<typename R::Effect>& effects, std::string_view bytes, std::string* error,
                           const typename R::State& state, const typename R::Command& command) {
        { D::Encode(effects) } -> std::convertible_to<std::string>;
        { D::Decode(bytes, error) } -> std::convertible_to<std::optional<std::vector<typename R::Effect>>>;
        { D::ParseStored(bytes) } -> ParseOutcome<R>;
        { D::HeaderOf(command) } -> std::convertible_to<std::optional<typename R::Header>>;
        { D::Snapshot(state) } -> std::convertible_to<std::string>;
        { D::kRulesVersion } -> std::convertible_to<int>;
    };

// The optional start data of DurableRuleset (basic_store.h invariant 19): all three hooks, or the
// store keeps none.
template <class D, class R = D>
concept KeepsStartData =
    DurableRuleset<D, R> && requires(const typename R::State& state, const typename R::Header& header, std::string_view text) {
        { D::StartData(state) } -> std::convertible_to<std::string>;
        { D::StartFrom(header, text) } -> StartOutcome<R>;
        { D::kStartDataName } -> std::convertible_to<std::string_view>;
    };

// The optional game name of a ruleset (on D, else on R; basic_store.h invariant 22).
template <class T>
concept NamesItsGame = requires {
    { T::kGameName } -> std::convertible_to<std::string_view>;
};

// The game a ruleset plays: its kGameName (D's first, then R's), or kFirstGame when it names none.
template <class R, class D = R>
constexpr std::string_view GameNameOf() {
    if constexpr (NamesItsGame<D>)
        return D::kGameName;
    else if constexpr (NamesItsGame<R>)
        return R::kGameName;
    else
        return kFirstGame;
}

} // namespace rutland
