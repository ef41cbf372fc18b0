// Big Board Raiders as a ruleset of the kernel (kernel/ruleset.h): today's free functions (StartGame,
// Apply, ParseCommand, PrintCommand, CheckConservation) under the concept's names. Nothing is
// converted per command: Apply's and Parse's answers are the rules' own structs.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/ruleset.h"
#include "lang/command.h"
#include "model/effects.h"
#include "model/state.h"
#include "rules/legal.h"
#include "rules/rules.h"

namespace rutland::bbr {

struct BigBoardRaiders {
    using State = GameState;
    using Header = GameHeader;
    using Command = rutland::bbr::Command;
    using Effect = rutland::bbr::Effect;

    // StartGame's answer with the header as a Command (entry 0 records the header line).
    struct Started {
        std::optional<GameState> state;
        std::optional<Rejection> rejection;
        Effects effects;
        Command canonical;
    };
    static Started Start(const GameHeader& header) {
        StartResult r = StartGame(header);
        return {std::move(r.state), std::move(r.rejection), std::move(r.effects),
                Command{std::nullopt, std::move(r.canonical)}};
    }
    static ApplyResult Apply(GameState& state, const Command& command) { return rutland::bbr::Apply(state, command); }
    static ParseResult Parse(std::string_view line) { return ParseCommand(line); }
    static std::string Print(const Command& command) { return PrintCommand(command); }
    static std::optional<std::string> Check(const GameState& state) { return CheckConservation(state); }

    static std::optional<LedgerOp> LedgerOpOf(const Command& command) {
        if (const auto* undo = std::get_if<Undo>(&command.action)) return LedgerOp{LedgerOpKind::Undo, undo->count};
        if (const auto* redo = std::get_if<Redo>(&command.action)) return LedgerOp{LedgerOpKind::Redo, redo->count};
        return std::nullopt;
    }
    static Command LedgerCommand(LedgerOp op) {
        Command c;
        if (op.kind == LedgerOpKind::Undo)
            c.action = Undo{op.count};
        else
            c.action = Redo{op.count};
        return c;
    }
    // An undo or redo listed (EffectWhat::Undoes, Redoes: n0 the entry, its line quoted) or summed
    // (UndoesMany, RedoesMany: how many, the first and the last, their two lines a newline apart: a
    // table-language line never holds one).
    static Effect LedgerEffect(const LedgerNote& note) {
        const bool undo = note.kind == LedgerOpKind::Undo;
        Effect e;
        e.kind = EffectKind::Info;
        e.rule = undo ? "undo" : "redo";
        if (!note.summed) {
            e.what = undo ? EffectWhat::Undoes : EffectWhat::Redoes;
            e.n = {note.first};
            e.quote = note.first_line;
            return e;
        }
        e.what = undo ? EffectWhat::UndoesMany : EffectWhat::RedoesMany;
        e.n = {note.count, note.first, note.last};
        e.quote.reserve(note.first_line.size() + 1 + note.last_line.size());
        e.quote.append(note.first_line).append("\n").append(note.last_line);
        return e;
    }
    static constexpr std::string_view kLanguageRule = "COMMANDS.md";

    // For the session (core/kernel/basic_session.h): what may be entered now, and who types at the
    // desk when nobody says otherwise: the game's broker, else "broker".
    static LegalNow Legal(const GameState& state) { return rutland::bbr::Legal(state); }
    static std::string DefaultWho(const GameState& state) { return state.header->broker.value_or("broker"); }
};

static_assert(Ruleset<BigBoardRaiders>);

} // namespace rutland::bbr
