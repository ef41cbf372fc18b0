// The random legal-game generator (game_generator.h; invariant numbers refer to it).
#include "game_generator.h"

#include "generator_kit.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"
#include "bbr_names.h"

namespace rutland::testing {

// =============================================================================================
// The generator
// =============================================================================================
namespace {

constexpr const auto& kNames = kGenNames;
// Names a table might really use: the language takes any word without , : = @ # $.
constexpr std::array<const char*, 6> kOddNames = {"Zoë", "O'Neil", "jo-jo", "P8", "Ünal", "x_y"};
constexpr std::array<const char*, 7> kVariants = {"rollback-odd-lot=level", "rollback-cover=0.50",
                                                  "delist-cover=market",    "shorts-carry-over",
                                                  "put-cash-needs-ask",     "uptick",
                                                  "strict-year-end-buys"};
constexpr std::array<const char*, 16> kNoteWords = {
    "Bob",      "disputes", "the",   "roll",   "#", "twice", "—",     "✓",
    "$1,000",   "Cy:",      "board", "@time",  "undo", "k", "10k", "price?"};

std::vector<std::string> Split(const std::string& line) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

class Generator : public BasicGenerator<Generator, BigBoardRaiders, GenOptions> {
public:
    explicit Generator(const GenOptions& options) : BasicGenerator(options, "GenerateGame") {}

private:
    friend BasicGenerator;  // calls the hooks: HeaderLine, Step, Fallback (generator_kit.h)
    bool Fallback() { return Undo(1); }

    const GameState& S() const { return State(); }

    // A command as a broker might type it: canonical, or now and then spelt differently. A spelling
    // the parser does not take (it should) falls back on the canonical line.
    bool EmitCommand(const Command& command) {
        const std::string canonical = PrintCommand(command);
        if (m_opt.vary_spelling && m_rng.Percent(15)) return EmitTypedOr(Respell(canonical), canonical);
        return Emit(canonical);
    }

    std::string Respell(const std::string& canonical) {
        std::vector<std::string> words = Split(canonical);
        if (words.empty()) return canonical;
        const size_t kw = words[0].back() == ':' ? 1 : 0;
        if (kw >= words.size() || LowerAscii(words[kw]) == "note") return canonical;
        for (size_t i = kw + 1; i < words.size(); ++i) {
            std::string& w = words[i];
            if (w.size() == 1 && std::string("YBRG").find(w[0]) != std::string::npos && m_rng.Percent(50)) {
                static const char* full[] = {"yellow", "blue", "red", "green"};
                w = full[std::string("YBRG").find(w[0])];
            } else if (w.size() > 1 && w.back() == 'k' && std::isdigit(static_cast<unsigned char>(w[0])) &&
                       m_rng.Percent(50)) {
                w = w.substr(0, w.size() - 1) + "000";
            } else if (w == "pref" && m_rng.Percent(50)) {
                w = "preferred";
            } else if (w == "bond" && m_rng.Percent(30)) {
                w = "debentures";
            }
        }
        if (m_rng.Percent(30)) words[kw] = UpperAscii(words[kw]);
        std::string out;
        for (const std::string& w : words) out += (out.empty() ? "" : (m_rng.Percent(10) ? "  " : " ")) + w;
        if (m_rng.Percent(10)) out += "   # typed at the table";
        return out;
    }

    // ---------------------------------------------------------------------------------------
    std::string HeaderLine() {
        std::vector<std::string> names;
        for (int i = 0; i < m_opt.players; ++i) {
            const bool odd = m_opt.vary_header && m_rng.Percent(5);
            std::string name = odd ? kOddNames[m_rng.Below(kOddNames.size())] : kNames[static_cast<size_t>(i)];
            for (const std::string& earlier : names)
                if (LowerAscii(earlier) == LowerAscii(name)) name = kNames[static_cast<size_t>(i)];
            names.push_back(name);
        }
        std::string header = "game players=";
        for (size_t i = 0; i < names.size(); ++i) header += (i ? "," : "") + names[i];
        bool with_start = true;
        if (m_opt.vary_header) {
            if (m_rng.Percent(30)) header += " cash=" + std::to_string(m_rng.Between(2, 10) * 50000);
            if (m_rng.Percent(60)) header += " broker=" + names[m_rng.Below(names.size())];
            if (m_rng.Percent(40)) header += " sec=" + names[m_rng.Below(names.size())];
            if (m_rng.Percent(25)) header += " year-cards=" + std::to_string(m_rng.Between(1, 6));
            if (m_rng.Percent(30)) {
                std::string list;
                for (const char* v : kVariants)
                    if (m_rng.Percent(35)) list += (list.empty() ? "" : ",") + std::string(v);
                if (!list.empty()) header += " variants=" + list;
            }
            with_start = m_rng.Percent(80);
        }
        if (with_start) {
            header += " start=";
            const bool same = !m_opt.vary_header || m_rng.Percent(60);
            auto board = BuiltinBoard("standard");
            for (size_t i = 0; i < names.size(); ++i) {
                const std::string space =
                    same ? "market-1" : board->At(static_cast<int>(m_rng.Below(static_cast<uint64_t>(board->SpaceCount())))).name;
                header += (i ? ",@" : "@") + space;
            }
        }
        return header;
    }

    // One line (or none, then the caller tries again).
    bool Step() {
        const GameState& s = S();
        if (m_may_redo && m_ledger->RedoableCount() > 0 && m_rng.Percent(m_opt.mix.redo))
            return Emit(m_ledger->RedoableCount() > 1 && m_rng.Percent(40)
                            ? "redo " + std::to_string(m_rng.Between(1, m_ledger->RedoableCount()))
                            : "redo");
        if (s.winner) {  // W-1: only undo and notes now; undo the claim and play on
            if (m_rng.Percent(20)) return Note();
            return Undo(1);
        }
        if (!s.pending.empty()) return Pending();
        // A game picked up in progress: counts right after the header (X-1).
        if (m_opt.mix.count > 0 && m_lines.size() <= 4 && OnlyCounts() && m_rng.Percent(m_opt.mix.count * 10))
            return CountLine();
        if (!s.rolled) return BeforeRoll();
        return AfterRoll();
    }

    // S-6: only the owing player's sales (and notes, board corrections, undo) go through.
    bool Pending() {
        if (m_rng.Percent(5)) return Note();
        if (m_rng.Percent(3)) return Undo(1);
        LegalNow legal = Legal(S());
        if (legal.trades.empty()) return Undo(1);
        return EmitCommand(legal.trades[m_rng.Below(legal.trades.size())]);
    }

    bool BeforeRoll() {
        const GenMix& mix = m_opt.mix;
        const int pick = static_cast<int>(m_rng.Below(1000));
        // Rare table business between turns; the roll itself otherwise.
        int at = 0;
        if (pick < (at += mix.note * 3)) return Note();
        if (pick < (at += mix.board_fix * 3)) return BoardFixLine();
        if (pick < (at += mix.transfer * 3)) return TransferLine();
        if (pick < (at += mix.set_player * 3)) return SetPlayerLine();
        if (pick < (at += mix.undo * 3)) return DeliberateUndo();
        if (pick < (at += mix.count * 3)) return CountLine();
        return RollLine();
    }

    bool AfterRoll() {
        const GameState& s = S();
        const GenMix& mix = m_opt.mix;
        if (s.turn_space && s.board->At(*s.turn_space).kind.value == SpaceKind::Time && !s.time_drawn)
            return TimeLine();
        LegalNow legal = Legal(s);
        std::vector<Command> others;
        for (Command& c : legal.other)
            if (!std::holds_alternative<TimeCard>(c.action)) others.push_back(std::move(c));
        // A declaration that would stand is rare: take it when offered.
        for (const Command& c : others)
            if (std::holds_alternative<Declare>(c.action) && m_rng.Percent(50) && EmitCommand(c)) return true;
        const bool card_space = CardSpace().has_value();
        struct Choice { int weight; int kind; };
        const std::array<Choice, 10> choices = {{
            {legal.trades.empty() ? 0 : mix.trade, 0},
            {others.empty() ? 0 : mix.other, 1},
            {legal.end ? mix.end : 0, 2},
            {card_space ? mix.card : 0, 3},
            {s.options.empty() ? 0 : mix.transfer, 4},
            {mix.note, 5},
            {mix.undo, 6},
            {mix.board_fix, 7},
            {mix.set_player, 8},
            {mix.count, 9},
        }};
        int total = 0;
        for (const Choice& c : choices) total += c.weight;
        if (total == 0) return Undo(1);
        int pick = static_cast<int>(m_rng.Below(static_cast<uint64_t>(total)));
        int kind = 0;
        for (const Choice& c : choices) {
            if (pick < c.weight) {
                kind = c.kind;
                break;
            }
            pick -= c.weight;
        }
        switch (kind) {
            case 0: return EmitCommand(legal.trades[m_rng.Below(legal.trades.size())]);
            case 1: {
                const Command& c = others[m_rng.Below(others.size())];
                // Y-1 settles on its own when the year's last Time card is drawn; an early
                // `year-end` is the table overruling the count, so keep it the exception.
                if (std::holds_alternative<YearEnd>(c.action) && !m_rng.Percent(15)) return false;
                return EmitCommand(c);
            }
            case 2: return Emit("end");
            case 3: return CardLine();
            case 4: return TransferLine();
            case 5: return Note();
            case 6: return DeliberateUndo();
            case 7: return BoardFixLine();
            case 9: return CountLine();
            default: return SetPlayerLine();
        }
    }

    // ---------------------------------------------------------------------------------------
    // What Legal() leaves to the table.

    std::string SpaceWord(int space, bool allow_time_prefix) {
        const Board& board = *S().board;
        const std::string& name = board.At(space).name;
        const int r = static_cast<int>(m_rng.Below(100));
        std::string word = name;
        if (allow_time_prefix && board.At(space).kind.value == SpaceKind::Time && r < 25) {
            word = "time";
        } else if (r < 40) {
            // The shortest unambiguous prefix or anything longer (`@fulw`).
            std::vector<std::string> prefixes;
            for (size_t len = 1; len < name.size(); ++len) {
                std::string error;
                auto found = board.Find(name.substr(0, len), &error);
                if (found && *found == space) prefixes.push_back(name.substr(0, len));
            }
            if (!prefixes.empty()) word = prefixes[m_rng.Below(prefixes.size())];
        }
        if (m_opt.vary_spelling && m_rng.Percent(5)) word = UpperAscii(word);
        return "@" + word;
    }

    bool RollLine() {
        const GameState& s = S();
        const PlayerState& me = s.players[static_cast<size_t>(s.current)];
        const int d1 = m_rng.Between(1, 6), d2 = m_rng.Between(1, 6);
        const int v = m_rng.Between(1, s.volatility == Volatility::High ? 6 : 3);
        std::string line = "roll " + std::to_string(d1) + " " + std::to_string(d2) + " " + std::to_string(v);
        const int count = s.board->SpaceCount();
        if (!me.space) return Emit(line + " " + SpaceWord(static_cast<int>(m_rng.Below(static_cast<uint64_t>(count))), false));
        const int landed = s.board->Advance(*me.space, d1 + d2);
        const int r = static_cast<int>(m_rng.Below(100));
        if (r < 15) return Emit(line);  // the board order says where
        if (r < 18) return Emit(line + " " + SpaceWord(static_cast<int>(m_rng.Below(static_cast<uint64_t>(count))), false));  // the table wins (D-2)
        return Emit(line + " " + SpaceWord(landed, true));
    }

    // T-4, D-19: a card with no effect, or any mix of high volatility, a move and a delisting; by
    // card id, so the game's card list fills and is reused.
    bool TimeLine() {
        const GameState& s = S();
        std::string line = "time";
        if (m_rng.Percent(70)) line += " card=T-0" + std::to_string(m_rng.Between(1, 9));
        const bool reuse = line != "time" && m_rng.Percent(40);  // `time card=T-04` alone: the saved effect
        if (!reuse && m_rng.Percent(m_opt.mix.time_effect)) {
            if (m_rng.Percent(40)) line += " high-vol";
            if (m_rng.Percent(40)) line += " " + SpaceWord(static_cast<int>(m_rng.Below(static_cast<uint64_t>(s.board->SpaceCount()))), false);
            if (m_rng.Percent(25)) {
                const Company c = kCompanies[m_rng.Below(4)];
                if (s.listed[c]) line += std::string(" delist=") + GetProspectus(c).letter;
            }
        }
        if (Emit(line)) return true;
        return Emit("time");  // the saved card delists a company already delisted (M-7)
    }

    // The space whose card may be taken now: Rights, Puts or Calls (T-6: the landed space or
    // the one a Time card moved the pawn to).
    std::optional<SpaceKind> CardSpace() const {
        const GameState& s = S();
        for (std::optional<int> sp : {s.turn_space, s.time_space}) {
            if (!sp) continue;
            const SpaceKind k = s.board->At(*sp).kind.value;
            if (k == SpaceKind::Rights && !s.rights_taken) return k;
            if ((k == SpaceKind::Puts || k == SpaceKind::Calls) && !s.option_taken) return k;
        }
        return std::nullopt;
    }

    bool CardLine() {
        const GameState& s = S();
        const auto kind = CardSpace();
        if (!kind) return false;
        const Company c = kCompanies[m_rng.Below(4)];
        const int64_t shares = kBoardLot * m_rng.Between(1, 4);
        const int64_t value = shares * s.price[c] * 5 / 100;  // dollars at the current price (ticks of 5 cents)
        const std::string letter(1, GetProspectus(c).letter);
        if (*kind == SpaceKind::Rights) {
            const int64_t price = std::max<int64_t>(1, value * m_rng.Between(40, 100) / 100);
            return EmitCommand(*ParseCommand("rights " + letter + " " + PrintCount(shares) + " " + std::to_string(price)).command);
        }
        const int64_t strike = std::max<int64_t>(1, value * m_rng.Between(70, 130) / 100);
        const int64_t cost = 50 * m_rng.Between(0, 20);
        const std::string word = *kind == SpaceKind::Calls ? "call " : "put ";
        return EmitCommand(*ParseCommand(word + letter + " " + PrintCount(shares) + " " + std::to_string(strike) + " " +
                                         std::to_string(cost)).command);
    }

    // O-3: the holder sells an option to another player, at any time.
    bool TransferLine() {
        const GameState& s = S();
        if (s.options.empty()) return false;
        const OptionCard& o = s.options[m_rng.Below(s.options.size())];
        const int n = static_cast<int>(s.players.size());
        const int to = (o.holder + m_rng.Between(1, n - 1)) % n;
        return Emit(s.players[static_cast<size_t>(o.holder)].name + ": transfer #" + std::to_string(o.id) + " " +
                    s.players[static_cast<size_t>(to)].name + " " + std::to_string(50 * m_rng.Between(0, 40)));
    }

    bool SetPlayerLine() {
        const GameState& s = S();
        return Emit("player " + s.players[m_rng.Below(s.players.size())].name);
    }

    bool Note() {
        std::string text;
        const int words = m_rng.Between(1, 6);
        for (int i = 0; i < words; ++i) {
            if (i > 0) text += ' ';
            text += kNoteWords[m_rng.Below(kNoteWords.size())];
        }
        const GameState& s = S();
        const std::string actor = m_rng.Percent(20) ? s.players[m_rng.Below(s.players.size())].name + ": " : "";
        return Emit(actor + "note " + text);
    }

    // The broker changes their mind: redo may follow. An undo forced by a dead end (a won game, a
    // debt nobody can pay) is never redone, or the generator would walk back into it.
    bool DeliberateUndo() {
        if (!Undo(m_rng.Between(1, 3))) return false;
        m_may_redo = true;
        return true;
    }

    bool Undo(int count) {
        const int can = m_ledger->UndoableCount();
        if (can == 0) return false;
        count = std::min(count, can);
        return Emit(count == 1 && m_rng.Percent(70) ? std::string("undo") : "undo " + std::to_string(count));
    }

    bool OnlyCounts() const {
        for (int q = 1; q < m_ledger->Size(); ++q)
            if (!IsCount(m_ledger->At(q).command.action)) return false;
        return true;
    }

    // X-1: the table's count, of the market or of one player, a few quantities near what the ledger
    // holds (so most counts are legal; an illegal one is rejected and the caller tries again).
    bool CountLine() {
        const GameState& s = S();
        auto pick_company = [&] { return kCompanies[m_rng.Below(4)]; };
        if (m_rng.Percent(30)) {
            CountMarket m;
            const int keys = m_rng.Between(1, 3);
            for (int k = 0; k < keys; ++k) {
                switch (m_rng.Below(6)) {
                    case 0: case 1: {
                        const Company c = pick_company();
                        const Prospectus& pr = GetProspectus(c);
                        const int ticks = m_rng.Between(pr.floor_ticks + 1, pr.split_ticks - 1);
                        m.price[static_cast<size_t>(Index(c))] = Money::Cents(ticks * kTickCents);
                        break;
                    }
                    case 2: m.high_volatility = m_rng.Percent(30); break;
                    case 3: m.cards = m_rng.Between(0, std::max(0, s.year_cards - 1)); break;
                    case 4: m.year = s.year + (m_rng.Percent(20) ? 1 : 0); break;
                    default: m.turn = s.players[m_rng.Below(s.players.size())].name; break;
                }
            }
            if (m_rng.Percent(10)) {
                CompanySet delisted;
                for (Company c : kCompanies)
                    if (!s.listed[c]) delisted.Add(c);
                m.delisted = delisted;
            }
            return EmitCommand(Command{std::nullopt, m});
        }
        const int who = static_cast<int>(m_rng.Below(s.players.size()));
        const PlayerState& p = s.players[static_cast<size_t>(who)];
        CountPlayer c;
        c.player = p.name;
        CountedHoldings& held = c.counted.Mut();
        const int keys = m_rng.Between(1, 3);
        auto near = [&](int64_t now, int64_t step) { return std::max<int64_t>(0, now + step * m_rng.Between(-2, 2)); };
        for (int k = 0; k < keys; ++k) {
            const Company co = pick_company();
            const size_t i = static_cast<size_t>(Index(co));
            switch (m_rng.Below(8)) {
                case 0: held.cash = Money::Dollars(near(p.cash.cents() / 100 / 50 * 50, 500)); break;
                case 1: case 2: held.common[i] = near(p.common[co], kBoardLot); break;
                case 3:
                    if (GetProspectus(co).preferred_shares > 0) held.preferred[i] = near(p.preferred[co], kBoardLot);
                    break;
                case 4: held.bonds[i] = near(p.bonds[co], kBondCertificate); break;
                case 5: {
                    const int64_t shares = near(s.ShortShares(who, co), kBoardLot);
                    held.shorts[i] = CountedShort{shares, shares == 0 ? Money() : Money::Cents(s.price[co] * kTickCents)};
                    break;
                }
                case 6: held.directorships[i] = static_cast<int>(near(p.directorships[co], 1)); break;
                default:
                    if (m_rng.Percent(50)) {
                        held.escrow = m_rng.Percent(30) ? std::optional<Company>() : std::optional<Company>(co);
                    } else {
                        std::vector<std::string> subsidiaries;
                        for (int sp = 0; sp < s.board->SpaceCount(); ++sp)
                            if (s.board->At(sp).kind.value == SpaceKind::Subsidiary) subsidiaries.push_back(s.board->At(sp).name);
                        held.proxies = std::vector<std::string>{subsidiaries[m_rng.Below(subsidiaries.size())]};
                        held.add_proxies = m_rng.Percent(70);
                    }
                    break;
            }
        }
        return EmitCommand(Command{std::nullopt, c});
    }

    // D-2: the broker corrects one fact of a space from the physical board.
    bool BoardFixLine() {
        const GameState& s = S();
        const int idx = static_cast<int>(m_rng.Below(static_cast<uint64_t>(s.board->SpaceCount())));
        const Space& sp = s.board->At(idx);
        std::string line = "board @" + sp.name;
        auto set = [&](int min_count, std::optional<Company> must) {
            std::string out;
            for (Company c : kCompanies)
                if ((must && c == *must) || m_rng.Percent(50)) out += GetProspectus(c).letter;
            while (static_cast<int>(out.size()) < min_count) {
                const char letter = GetProspectus(kCompanies[m_rng.Below(4)]).letter;
                if (out.find(letter) == std::string::npos) out += letter;
            }
            return out;
        };
        switch (m_rng.Below(5)) {
            case 0: {
                std::string trend;
                for (int i = 0; i < 4; ++i) trend += m_rng.Percent(50) ? 'U' : 'D';
                line += " trend=" + trend;
                break;
            }
            case 1:
                if (sp.kind.value != SpaceKind::Subsidiary) return false;
                {
                    // an Ask triplet: all but one company
                    std::string ask;
                    const size_t skip = m_rng.Below(4);
                    for (size_t i = 0; i < 4; ++i)
                        if (i != skip) ask += GetProspectus(kCompanies[i]).letter;
                    line += " ask=" + ask;
                }
                break;
            case 2:
                if (sp.kind.value == SpaceKind::Subsidiary) return false;
                line += " bid=" + set(1, sp.kind.value == SpaceKind::Preferred ? sp.company : std::nullopt);
                break;
            case 3:
                if (sp.kind.value == SpaceKind::Time) line += " kind=market";
                else if (sp.kind.value == SpaceKind::Market) line += " kind=time";
                else return false;
                break;
            default:
                if (!m_rng.Percent(20)) return false;  // reordering the ring is the rarest correction
                line += " pos=" + std::to_string(m_rng.Below(static_cast<uint64_t>(s.board->SpaceCount())));
                break;
        }
        return Emit(line);
    }

};

} // namespace

std::vector<std::string> GenerateGame(const GenOptions& options) { return Generator(options).Run(); }

} // namespace rutland::testing
