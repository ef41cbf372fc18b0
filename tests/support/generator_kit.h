// What every game's seeded random legal-game generator shares (game_generator.cpp: Big Board
// Raiders'; flutter_game_generator.cpp: Flutter's), so that a game's generator writes only its own
// drawing of legal lines: the options (BasicGenOptions, gen_options.h), the seeded random source (rng.h), the run
// (start from a header, then a step at a time until the game is long enough, falling back on what
// always works when no step finds a line) and the emitting of a line, kept only if the generator's
// own ledger accepts it. The command line that prints a game as a script is gamegen_main.h.
//
// Invariants a generator built on BasicGenerator has (each game's header says them for its game):
//  1. Every line Run() returns is accepted when the lines are played in order from the first (the
//     header): Emit plays each candidate on the generator's own ledger and keeps only what that
//     ledger accepted. A valid game by construction, never by hope.
//  2. The result is a function of the options alone: every random number is drawn from m_rng, an
//     Rng seeded with options.seed (rng.h: the same numbers on every machine).
//  3. The game has exactly options.entries lines (the header included), unless neither a step nor
//     the game's Fallback() finds a line 21 times running (a logic_error: a generator bug).
//
// A game's generator is `class Generator : public BasicGenerator<Generator, Ruleset, Options>` with
//   std::string HeaderLine()   the game's header line (drawn from m_rng and m_opt)
//   bool Step()                one line emitted (true), or none found this time (false)
//   bool Fallback()            what always works (an undo): called after 20 steps found nothing
// and reads m_opt, m_rng, State(), m_ledger, m_lines and m_may_redo as it draws.
#pragma once

#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gen_options.h"
#include "kernel/basic_ledger.h"
#include "rng.h"

namespace rutland::testing {

// The players' usual names, in seat order.
inline constexpr std::array<const char*, 8> kGenNames = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"};

inline std::string LowerAscii(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return text;
}
inline std::string UpperAscii(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return text;
}

template <class Derived, class R, class Options>
class BasicGenerator {
public:
    using Ledger = BasicLedger<R>;

    // `name` starts the messages of what it throws ("GenerateGame").
    BasicGenerator(const Options& options, std::string_view name) : m_opt(options), m_rng(options.seed), m_name(name) {}

    // The game's lines, line 0 the header (invariants 1-3).
    std::vector<std::string> Run() {
        if (m_opt.players < 2 || m_opt.players > 8) throw std::invalid_argument(m_name + ": players is 2..8");
        if (m_opt.entries < 1) throw std::invalid_argument(m_name + ": entries is 1 or more");
        Derived& game = static_cast<Derived&>(*this);
        Start(game.HeaderLine());
        int stuck = 0;
        while (static_cast<int>(m_lines.size()) < m_opt.entries) {
            if (game.Step()) {
                stuck = 0;
                continue;
            }
            // Nothing found this time: fall back on what always works (invariant 3).
            if (++stuck > 20 && !game.Fallback()) throw std::logic_error(m_name + ": no legal line found");
        }
        return std::move(m_lines);
    }

protected:
    const typename R::State& State() const { return m_ledger->State(); }

    // Plays a line on the generator's own ledger; keeps it only if accepted (invariant 1).
    bool Emit(const std::string& line) {
        auto r = m_ledger->SubmitLine(line);
        if (!r.accepted) return false;
        m_lines.push_back(line);
        m_may_redo = false;
        return true;
    }

    // A command as the broker typed it, if the ledger takes that spelling, else its canonical line:
    // a slip of the generator's spelling never costs the game a line.
    bool EmitTypedOr(const std::string& typed, const std::string& canonical) {
        if (!typed.empty() && typed != canonical && Emit(typed)) return true;
        return Emit(canonical);
    }

    Options m_opt;
    Rng m_rng;
    std::optional<Ledger> m_ledger;
    std::vector<std::string> m_lines;
    bool m_may_redo = false;  // the last line was a deliberate undo: a redo may follow

private:
    void Start(const std::string& header) {
        auto parsed = R::Parse(header);
        if (!parsed.command || !std::holds_alternative<typename R::Header>(parsed.command->action))
            throw std::logic_error(m_name + ": its header does not parse: " + header);
        Rejection why;
        m_ledger = Ledger::Start(std::get<typename R::Header>(parsed.command->action), &why);
        if (!m_ledger) throw std::logic_error(m_name + ": its header is refused: " + why.ToString());
        m_lines.push_back(header);
    }

    std::string m_name;
};

} // namespace rutland::testing
