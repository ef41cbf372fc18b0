// The random legal Flutter game generator (flutter_game_generator.h; invariant numbers refer to it).
#include "flutter_game_generator.h"

#include "generator_kit.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "ledger/ledger.h"
#include "rules/legal.h"
#include "rules/rules.h"

namespace rutland::testing {
namespace {

using namespace rutland::flutter;

constexpr const auto& kNames = kGenNames;
// Names a table might really use: the language takes any word without , : = " @ #.
constexpr std::array<const char*, 5> kOddNames = {"Zoë", "O'Neil", "jo-jo", "Ünal", "x_y"};
constexpr std::array<const char*, 12> kNoteWords = {"Bob",  "disputes", "the", "throw", "—",   "✓",
                                                    "£105", "Cy:",      "peg", "@news", "card", "twice?"};

class Generator : public BasicGenerator<Generator, Flutter, FlutterGenOptions> {
public:
    explicit Generator(const FlutterGenOptions& options) : BasicGenerator(options, "GenerateFlutterGame") {}

private:
    friend BasicGenerator;  // calls the hooks: HeaderLine, Step, Fallback (generator_kit.h)
    bool Fallback() { return UndoSome(1); }  // invariant 3

    const GameState& S() const { return State(); }
    const Player& Current() const { return S().players[static_cast<size_t>(S().current)]; }
    const std::string& Letter(int company) const { return S().board->lanes[static_cast<size_t>(company)].letter; }
    int Pick(size_t n) { return static_cast<int>(m_rng.Below(n)); }
    template <typename T, size_t N>
    const T& PickOf(const std::array<T, N>& items) { return items[static_cast<size_t>(Pick(N))]; }

    // A command as the broker might type it (`typed`), now and then; a spelling the parser does not
    // take falls back on the canonical line, so a slip here never costs the game a line.
    bool EmitCommand(const Command& command, const std::string& typed = {}) {
        const std::string canonical = PrintCommand(command);
        if (m_opt.vary_spelling && !typed.empty() && typed != canonical && m_rng.Percent(30)) return EmitTypedOr(typed, canonical);
        return Emit(canonical);
    }

    std::string HeaderLine() {
        Header h;
        std::vector<std::string> names(kNames.begin(), kNames.end());
        if (m_opt.vary_header && m_rng.Percent(20)) names[static_cast<size_t>(Pick(names.size()))] = PickOf(kOddNames);
        for (int i = 0; i < m_opt.players; ++i) h.players.push_back(names[static_cast<size_t>(i)]);
        std::string line = "game flutter players=";
        for (size_t i = 0; i < h.players.size(); ++i) line += (i ? "," : "") + h.players[i];
        if (m_opt.vary_header) {
            constexpr std::array<int64_t, 5> kCash = {300, 300, 250, 500, 1000};
            const int64_t cash = PickOf(kCash);
            // A target within reach now and then, so that claims are made and games are won (W-3..W-5).
            constexpr std::array<int64_t, 4> kAbove = {0, 100, 300, 300};
            const int64_t target = cash + PickOf(kAbove);
            if (cash != 300 || m_rng.Percent(50)) line += " cash=" + std::to_string(cash);
            if (target != 600 || m_rng.Percent(50)) line += " target=" + std::to_string(target);
            if (m_rng.Percent(40)) line += " box=" + std::to_string(std::max(m_opt.players, m_rng.Between(4, 20)));
            const bool rethrow = m_rng.Percent(25), stock = m_rng.Percent(25);
            if (rethrow || stock)
                line += std::string(" variants=") + (rethrow ? "rethrow-bankrupt" : "") + (rethrow && stock ? "," : "") +
                        (stock ? "bonus-from-stock" : "");
        }
        return line;
    }

    bool Step() {
        if (m_may_redo && m_ledger->RedoableCount() > 0 && m_rng.Percent(m_opt.mix.redo)) {
            const int k = m_rng.Percent(75) ? 1 : m_rng.Between(1, m_ledger->RedoableCount());
            return Emit(k == 1 && m_rng.Percent(50) ? "redo" : "redo " + std::to_string(k));
        }
        if (S().pending.kind == Pending::Kind::News) {
            if (m_rng.Percent(3)) return Aside();
            return Card();
        }
        if (S().Over()) {
            // Invariant 5: the game is won; now and then a second claimant is checked first.
            if (m_rng.Percent(25)) {
                const LegalNow legal = Legal(S());
                if (!legal.commands.empty()) return Claim(legal.commands[static_cast<size_t>(Pick(legal.commands.size()))]);
            }
            const bool undone = UndoSome(1);
            m_may_redo = false;  // a redo would only win the game again
            return undone;
        }
        const LegalNow legal = Legal(S());
        std::vector<const Command*> throws, trades, claims;
        for (const Command& c : legal.commands) {
            if (std::holds_alternative<Throw>(c.action)) throws.push_back(&c);
            else if (std::holds_alternative<Buy>(c.action) || std::holds_alternative<Sell>(c.action)) trades.push_back(&c);
            else if (std::holds_alternative<flutter::Claim>(c.action)) claims.push_back(&c);
        }
        const FlutterGenMix& mix = m_opt.mix;
        const int w_trade = trades.empty() ? 0 : mix.trade;
        const int w_throw = throws.empty() ? 0 : mix.throw_;
        const int w_claim = claims.empty() ? 0 : mix.claim;
        const int w_undo = m_ledger->UndoableCount() > 0 ? mix.undo : 0;
        const int total = w_trade + w_throw + w_claim + mix.note + w_undo + mix.correction + mix.board_fix;
        if (total <= 0) return false;
        int roll = static_cast<int>(m_rng.Below(static_cast<uint64_t>(total)));
        if ((roll -= w_trade) < 0) return Trade(*trades[static_cast<size_t>(Pick(trades.size()))]);
        if ((roll -= w_throw) < 0) return ThrowDice(throws);
        if ((roll -= w_claim) < 0) return Claim(*claims[static_cast<size_t>(Pick(claims.size()))]);
        if ((roll -= mix.note) < 0) return Note();
        if ((roll -= w_undo) < 0) return UndoSome(m_rng.Between(1, std::min(3, m_ledger->UndoableCount())));
        if ((roll -= mix.correction) < 0) return Correction();
        return BoardFix();
    }

    // While a card is pending only `news`, `board`, `note`, `undo`, `redo` are taken (N-1).
    bool Aside() {
        switch (Pick(3)) {
            case 0: return Note();
            case 1: return BoardFix();
            default: return UndoSome(1);
        }
    }

    bool Note() {
        std::string text = PickOf(kNoteWords);
        const int more = m_rng.Between(0, 5);
        for (int i = 0; i < more; ++i) text += std::string(" ") + PickOf(kNoteWords);
        return Emit("note " + text);
    }

    bool UndoSome(int k) {
        if (m_ledger->UndoableCount() < k || k < 1) return false;
        if (!Emit(k == 1 && m_rng.Percent(50) ? "undo" : "undo " + std::to_string(k))) return false;
        m_may_redo = true;
        return true;
    }

    std::string Who() const { return Current().name + ": "; }

    bool Trade(const Command& c) {
        std::string typed;
        if (const auto* b = std::get_if<Buy>(&c.action)) {
            const std::string count = b->count == 1 && m_rng.Percent(50) ? "" : std::to_string(b->count);
            switch (Pick(3)) {
                case 0: typed = "+" + LowerAscii(b->company) + count; break;
                case 1: typed = Who() + "buy " + b->company + " " + std::to_string(b->count); break;
                default: typed = "BUY " + ColourOf(b->company) + (count.empty() ? "" : " " + count); break;
            }
        } else if (const auto* s = std::get_if<Sell>(&c.action)) {
            const std::string count = s->count == 1 && m_rng.Percent(50) ? "" : std::to_string(s->count);
            switch (Pick(3)) {
                case 0: typed = "-" + LowerAscii(s->company) + count; break;
                case 1: typed = Who() + "sell " + s->company + " " + std::to_string(s->count); break;
                default: typed = "sell " + ColourOf(s->company) + (count.empty() ? "" : " " + count); break;
            }
        }
        return EmitCommand(c, typed);
    }

    static int Bankrupt(const GameState& s) {
        return static_cast<int>(std::count_if(s.companies.begin(), s.companies.end(), [](const Company& c) { return c.bankrupt; }));
    }
    // The command would take the bankrupt companies past FlutterGenMix::max_bankrupt.
    bool TooManyBankrupt(const Command& c) const {
        GameState copy = S();
        const int before = Bankrupt(copy);
        if (!Apply(copy, c).accepted) return false;
        const int after = Bankrupt(copy);
        return after > before && after > m_opt.mix.max_bankrupt;
    }

    std::string ColourOf(const std::string& letter) const {
        for (const Lane& lane : S().board->lanes)
            if (lane.letter == letter) return LowerAscii(lane.colour);
        return letter;
    }

    bool ThrowDice(const std::vector<const Command*>& throws) {
        // Now and then the company whose parent is lowest: the dice are the table's, and a game
        // where every company went bankrupt early would stop ending rounds (RULES.md section 17).
        const Command* chosen = throws[static_cast<size_t>(Pick(throws.size()))];
        if (m_rng.Percent(m_opt.mix.low_parent)) {
            int low = -1;
            for (int c = 0; c < kCompanies; ++c) {
                const Company& co = S().companies[static_cast<size_t>(c)];
                if (!co.bankrupt && (low < 0 || co.parent < S().companies[static_cast<size_t>(low)].parent)) low = c;
            }
            std::vector<const Command*> of_low;
            for (const Command* t : throws)
                if (low >= 0 && std::get<Throw>(t->action).company == Letter(low)) of_low.push_back(t);
            if (!of_low.empty()) chosen = of_low[static_cast<size_t>(Pick(of_low.size()))];
        }
        for (int attempt = 0; attempt < 8 && TooManyBankrupt(*chosen); ++attempt)
            chosen = throws[static_cast<size_t>(Pick(throws.size()))];
        const Throw& t = std::get<Throw>(chosen->action);
        if (m_rng.Percent(m_opt.mix.place)) {
            // T-8: the table says where the traveller landed (near where the board would put it).
            Throw placed = t;
            int company = 0;
            while (company < kCompanies && Letter(company) != t.company) ++company;
            const int from = company < kCompanies ? S().companies[static_cast<size_t>(company)].traveller : 0;
            switch (Pick(4)) {
                case 0: placed.place = Place{Place::Kind::News, 0}; break;
                case 1: placed.place = Place{Place::Kind::M, 0}; break;
                case 2: placed.place = Place{Place::Kind::Slump, 0}; break;
                default: placed.place = Place{Place::Kind::Level, from + t.number + m_rng.Between(-1, 1)}; break;
            }
            const Command with_place{placed};
            if (IsLegal(S(), with_place) && EmitCommand(with_place)) return true;
        }
        std::string typed;
        switch (Pick(4)) {
            case 0: typed = LowerAscii(t.company) + std::to_string(t.number); break;
            case 1: typed = t.company + std::to_string(t.number); break;
            case 2: typed = Who() + "throw " + t.company + " " + std::to_string(t.number); break;
            default: typed = "throw " + ColourOf(t.company) + " " + std::to_string(t.number); break;
        }
        return EmitCommand(*chosen, typed);
    }

    bool Claim(const Command& c) {
        const auto& claim = std::get<flutter::Claim>(c.action);
        std::string typed;
        if (claim.name) {
            if (*claim.name == Current().name && m_rng.Percent(50)) typed = "claim";
            else typed = *claim.name + ": claim";
        }
        return EmitCommand(c, typed);
    }

    // A Market News card with random effects (N-2), else one of the cards Legal() offers.
    bool Card() {
        using K = CardEffect::Kind;
        for (int attempt = 0; attempt < 4; ++attempt) {
            News news;
            const int n = m_rng.Percent(60) ? 1 : m_rng.Between(2, 3);
            for (int i = 0; i < n; ++i) {
                const int roll = m_rng.Between(0, 99);
                CardEffect e;
                if (roll < 30) e = {K::Up, m_rng.Between(1, 8)};
                else if (roll < 40) e = {K::Down, m_rng.Between(1, 6)};
                else if (roll < 50) e = {K::ParentUp, m_rng.Percent(85) ? m_rng.Between(1, 3) : m_rng.Between(4, 10)};
                else if (roll < 62) e = {K::ParentDown, m_rng.Percent(85) ? m_rng.Between(1, 3) : m_rng.Between(4, 10)};
                else if (roll < 80) e = {K::Dividend, 5 * m_rng.Between(1, 6)};
                else if (roll < 88) e = {K::AntiSlump, 0};
                else e = {K::Nothing, 0};
                news.effects.push_back(e);
            }
            if (m_rng.Percent(20)) news.company = Letter(S().pending.company);
            const Command c{news};
            if (!IsLegal(S(), c) || (attempt < 3 && TooManyBankrupt(c))) continue;
            return EmitCommand(c, QuickCard(news));
        }
        const LegalNow legal = Legal(S());
        if (legal.commands.empty()) return false;
        return EmitCommand(legal.commands[static_cast<size_t>(Pick(legal.commands.size()))]);
    }

    static std::string QuickCard(const News& news) {
        std::string out = "n";
        if (news.company) out += " " + LowerAscii(*news.company);
        for (const CardEffect& e : news.effects) {
            const std::string num = std::to_string(e.n);
            switch (e.kind) {
                case CardEffect::Kind::Up: out += " u" + num; break;
                case CardEffect::Kind::Down: out += " d" + num; break;
                case CardEffect::Kind::ParentUp: out += " pu" + num; break;
                case CardEffect::Kind::ParentDown: out += " pd" + num; break;
                case CardEffect::Kind::Dividend: out += " div" + num; break;
                case CardEffect::Kind::AntiSlump: out += " as"; break;
                case CardEffect::Kind::Nothing: out += " none"; break;
            }
        }
        return out;
    }

    // The table's count: a peg, a player's cash or certificates, whose turn it is. Kept only
    // if it leaves a legal table.
    bool Correction() {
        const GameState& s = S();
        const int company = Pick(kCompanies);
        const Company& co = s.companies[static_cast<size_t>(company)];
        const Player& p = s.players[static_cast<size_t>(Pick(s.players.size()))];
        Command c;
        switch (Pick(5)) {
            case 0: {
                Peg peg{Letter(company), {}, {}, {}};
                peg.price = s.board->PriceAt(std::clamp(co.parent + m_rng.Between(-1, 1), 0, s.board->News() - 1));
                c.action = peg;
                break;
            }
            case 1: {
                Peg peg{Letter(company), {}, {}, {}};
                const int to = co.traveller + m_rng.Between(-2, 2);
                peg.traveller = to <= co.parent ? Place{Place::Kind::Parent, 0} : Place{Place::Kind::Level, to};
                c.action = peg;
                break;
            }
            case 2: c.action = Peg{Letter(company), {}, {}, !co.anti_slump}; break;
            case 3: {
                Count count{p.name, {}, {}};
                if (m_rng.Percent(50)) count.cash = Pounds(std::max<int64_t>(0, p.cash.value + 5 * m_rng.Between(-4, 4)));
                else count.certificates.push_back({Letter(company), std::max<int64_t>(0, p.certificates[static_cast<size_t>(company)] + m_rng.Between(-1, 1))});
                c.action = count;
                break;
            }
            default: c.action = PlayerTurn{s.players[static_cast<size_t>(Pick(s.players.size()))].name}; break;
        }
        if (!IsLegal(s, c)) return false;
        return EmitCommand(c);
    }

    // BD-7: the broker confirms a lane or a level, or writes a lane's real name.
    bool BoardFix() {
        const int company = Pick(kCompanies);
        switch (Pick(3)) {
            case 0: return Emit("board " + Letter(company) + " ok");
            case 1: return Emit("board L" + std::to_string(m_rng.Between(0, S().board->Top())) + " ok");
            default: {
                constexpr std::array<const char*, 4> kCompanyNames = {"Scarlet Mills Ltd.", "Blue Line Shipping", "Evergreen Tea",
                                                                     "Sunshine Motors"};
                return Emit("board " + Letter(company) + " name=\"" + PickOf(kCompanyNames) + "\"");
            }
        }
    }

};

} // namespace

std::vector<std::string> GenerateFlutterGame(const FlutterGenOptions& options) { return Generator(options).Run(); }

} // namespace rutland::testing
