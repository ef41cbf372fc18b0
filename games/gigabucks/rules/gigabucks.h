// Corporate Gigabucks as a ruleset of the kernel (kernel/ruleset.h): the rules' own StartGame,
// Apply, ParseCommand, PrintCommand and CheckConservation under the concept's names. Undo and redo
// are the ledger's (L-2).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/ruleset.h"
#include "lang/table_language.h"
#include "model/effects.h"
#include "model/state.h"
#include "rules/rules.h"

namespace rutland::gigabucks {

struct Gigabucks {
    using State = GameState;
    using Header = gigabucks::Header;
    using Command = gigabucks::Command;
    using Effect = gigabucks::Effect;

    static constexpr std::string_view kGameName = "gigabucks";

    static StartResult Start(const Header& header) { return StartGame(header); }
    static ApplyResult Apply(GameState& state, const Command& command) { return gigabucks::Apply(state, command); }
    static ParseResult Parse(std::string_view line) { return ParseCommand(line); }
    static std::string Print(const Command& command) { return PrintCommand(command); }
    static std::optional<std::string> Check(const GameState& state) { return CheckConservation(state); }

    static std::optional<LedgerOp> LedgerOpOf(const Command& command) {
        if (const auto* undo = std::get_if<Undo>(&command.action)) return LedgerOp{LedgerOpKind::Undo, undo->count};
        if (const auto* redo = std::get_if<Redo>(&command.action)) return LedgerOp{LedgerOpKind::Redo, redo->count};
        return std::nullopt;
    }
    static Command LedgerCommand(LedgerOp op) {
        if (op.kind == LedgerOpKind::Undo) return Command{Undo{op.count}};
        return Command{Redo{op.count}};
    }
    // L-2: an undo or redo lists the commands it took back or repeated: n = {first, last, count};
    // text, the line (one command) or the first and last lines a newline apart.
    static Effect LedgerEffect(const LedgerNote& note) {
        Effect e;
        e.kind = note.kind == LedgerOpKind::Undo ? EffectKind::Undone : EffectKind::Redone;
        e.rule = "L-2";
        e.n = {note.first, note.last, note.count};
        e.text = std::string(note.first_line);
        if (note.summed) e.text.append("\n").append(note.last_line);
        return e;
    }
    static constexpr std::string_view kLanguageRule = "L-2";
};

static_assert(Ruleset<Gigabucks>);

} // namespace rutland::gigabucks
