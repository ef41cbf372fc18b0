#include "report/instructions.h"

#include "lang/effect_text.h"

#include <algorithm>
#include <array>
#include <optional>
#include <fmt/format.h>

namespace rutland::bbr {

namespace {

constexpr std::array<int64_t, 6> kBillCents = {1000000, 500000, 100000, 50000, 10000, 5000};  // D-18
constexpr std::array<int64_t, 2> kShareCertificates = {2 * kBoardLot, kBoardLot};            // U-3
constexpr std::array<int64_t, 1> kBondCertificates = {kBondCertificate};                     // U-3

std::string_view Name(Company c) { return GetProspectus(c).name; }

// An index that does not name a player still gets a name: instructions never throw.
std::string PlayerName(const GameState& s, int p) {
    if (p < 0 || p >= static_cast<int>(s.players.size())) return fmt::format("player #{}", p);
    return s.players[static_cast<size_t>(p)].name;
}

std::string MarginName(int company) {
    if (company < 0 || company >= kCompanyCount) return fmt::format("margin account #{}", company);
    return fmt::format("{}'s margin account", Name(static_cast<Company>(company)));
}

// Who holds an account, for "between Ann and the broker".
std::string Holder(const GameState& s, Account a) {
    switch (a.kind) {
        case AccountKind::Bank: return "the broker";
        case AccountKind::Player: return PlayerName(s, a.index);
        case AccountKind::Margin: return MarginName(a.index);
    }
    return "the broker";
}

// One payment in the table's words, without its bills.
std::string Handover(const GameState& s, Account from, Account to, Money amount) {
    const std::string sum = FormatMoney(amount);
    if (from.kind == AccountKind::Margin) {
        // The margin account sits at the edge of the board; the broker is the one who reaches in.
        const std::string take = fmt::format("the broker takes {} out of {}", sum, MarginName(from.index));
        switch (to.kind) {
            case AccountKind::Player: return fmt::format("{} and gives it to {}", take, PlayerName(s, to.index));
            case AccountKind::Bank: return take + " and puts it in the bank";
            case AccountKind::Margin: return fmt::format("{} and puts it into {}", take, MarginName(to.index));
        }
    }
    const std::string payer = from.kind == AccountKind::Bank ? "the broker" : PlayerName(s, from.index);
    if (to.kind == AccountKind::Margin) return fmt::format("{} puts {} into {}", payer, sum, MarginName(to.index));
    return fmt::format("{} pays {} {}", payer, Holder(s, to), sum);
}

bool IsPayment(const Effect& e) { return e.kind == EffectKind::Cash && !(e.from == e.to); }

bool SamePair(const Effect& a, const Effect& b) {
    return (a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from);
}

// All the cash between one pair of accounts, said once at the last of its payments (so whatever
// else the command paid in before is in hand), or nothing before then.
std::string CashStep(const Effects& fx, size_t i, const GameState& s) {
    const Effect& e = fx[i];
    if (!IsPayment(e)) return {};
    for (size_t j = i + 1; j < fx.size(); ++j)
        if (IsPayment(fx[j]) && SamePair(fx[j], e)) return {};
    std::vector<const Effect*> parts;
    for (size_t j = 0; j <= i; ++j)
        if (IsPayment(fx[j]) && SamePair(fx[j], e)) parts.push_back(&fx[j]);
    Account from = parts.front()->from, to = parts.front()->to;  // the way the first payment went
    Money net;
    for (const Effect* p : parts) net += p->from == from ? p->amount : -p->amount;
    if (net < Money()) {
        std::swap(from, to);
        net = -net;
    }
    std::string nets;
    for (const Effect* p : parts) nets += fmt::format("{}{}", nets.empty() ? "" : "; ", Handover(s, p->from, p->to, p->amount));
    if (net == Money()) {
        if (parts.size() == 1) return {};  // a payment of nothing (an empty note taken back)
        return fmt::format("no cash changes hands between {} and {}: {} cancel out", Holder(s, from), Holder(s, to), nets);
    }
    std::string line = fmt::format("{}: {}", Handover(s, from, to, net), BillsText(FewestBills(net)));
    if (parts.size() > 1) line += fmt::format(" (net of: {})", nets);
    return line;
}

// "Yellow", "Yellow preferred", "Green debenture" (one certificate's name).
std::string CertificateName(Company c, Security sec) {
    switch (sec) {
        case Security::Common: return std::string(Name(c));
        case Security::Preferred: return fmt::format("{} preferred", Name(c));
        case Security::Bond: {
            std::string debt(GetProspectus(c).debt_name);  // "bonds", "debentures"
            if (!debt.empty() && debt.back() == 's') debt.pop_back();
            return fmt::format("{} {}", Name(c), debt);
        }
    }
    return std::string(Name(c));
}

std::string CertificateStep(const Effect& e, const GameState& s) {
    const bool bond = e.security == Security::Bond;
    const int64_t quantity = e.quantity < 0 ? -e.quantity : e.quantity;
    if (quantity == 0) return {};
    const Breakdown b = bond ? FewestBondCertificates(quantity) : FewestShareCertificates(quantity);
    auto size = [&](int64_t n) { return bond ? FormatMoney(Money::Dollars(n)) : FormatCount(n); };
    std::string certs;
    for (const Pieces& p : b.pieces) certs += fmt::format("{}{} x {}", certs.empty() ? "" : " + ", p.count, size(p.size));
    if (!certs.empty()) {
        certs += fmt::format(" {} certificate{}", CertificateName(e.company, e.security), b.Count() == 1 ? "" : "s");
        if (b.Count() > 1) certs += bond ? fmt::format(" ({} face)", size(quantity)) : fmt::format(" ({} shares)", size(quantity));
    }
    if (b.rest != 0) {
        const std::string rest = bond ? fmt::format("{} of {} face", size(b.rest), CertificateName(e.company, e.security))
                                      : fmt::format("{} {} shares", size(b.rest), CertificateName(e.company, e.security));
        certs += fmt::format("{}{} that no certificate covers: settle by agreement", certs.empty() ? "" : ", and ", rest);
    }
    const std::string who = PlayerName(s, e.player);
    if (e.to_player) return fmt::format("the broker gives {} {} from the tray", who, certs);
    return fmt::format("{} hands {} to the broker for the tray", who, certs);
}

// The sum of one kind of quantity for (player, company) over the effects after `i`: what the
// state after the command holds minus that is what was held right after effect `i`.
int64_t LaterQuantity(const Effects& fx, size_t i) {
    const Effect& e = fx[i];
    int64_t sum = 0;
    for (size_t j = i + 1; j < fx.size(); ++j)
        if (fx[j].kind == e.kind && fx[j].player == e.player && fx[j].company == e.company) sum += fx[j].quantity;
    return sum;
}

bool IsLastOfItsKind(const Effects& fx, size_t i) {
    const Effect& e = fx[i];
    for (size_t j = i + 1; j < fx.size(); ++j)
        if (fx[j].kind == e.kind && fx[j].player == e.player && fx[j].company == e.company) return false;
    return true;
}

// The effect in the table's words (effect_text.h).
std::string Words(const Effect& e, const GameState& s) { return EffectText(e, RenderContext::Of(s)); }

bool ValidPlayer(const GameState& s, int p) { return p >= 0 && p < static_cast<int>(s.players.size()); }

std::string NoteText(const std::string& who, int64_t shares, Company c) {
    return fmt::format("'{}, {} {}'", who, FormatCount(shares), Name(c));
}

std::string ShortNoteStep(const Effects& fx, size_t i, const GameState& s) {
    const Effect& e = fx[i];
    const std::string who = PlayerName(s, e.player);
    const std::string account = MarginName(Index(e.company));
    if (e.quantity > 0)
        return fmt::format("{} writes a note {}; the broker clips it to the cash in {}", who,
                           NoteText(who, e.quantity, e.company), account);
    if (e.quantity == 0 || !ValidPlayer(s, e.player)) return Words(e, s);
    std::string line = fmt::format("{} takes back the notes for {} {} from {}", who, FormatCount(-e.quantity),
                                   Name(e.company), account);
    const int64_t left = s.ShortShares(e.player, e.company) - LaterQuantity(fx, i);
    if (left <= 0) return line;
    // Notes go back oldest first and one may be covered only in part: what stays in the account
    // must still say what the player owes. The state after the command lists the notes exactly
    // when nothing later in the command touched them.
    std::string notes;
    if (IsLastOfItsKind(fx, i)) {
        for (const ShortNote& n : s.margin[e.company])
            if (n.player == e.player) notes += fmt::format("{}{}", notes.empty() ? "" : " and ", NoteText(who, n.shares, e.company));
    } else {
        notes = fmt::format("{} in all", NoteText(who, left, e.company));
    }
    return fmt::format("{}; the notes left there must read {} (rewrite a note covered only in part)", line, notes);
}

std::string DirectorshipStep(const Effects& fx, size_t i, const GameState& s) {
    const Effect& e = fx[i];
    if (e.quantity == 0 || !ValidPlayer(s, e.player)) return Words(e, s);
    const std::string who = PlayerName(s, e.player);
    const int64_t rings = e.quantity < 0 ? -e.quantity : e.quantity;
    const int64_t held = s.players[static_cast<size_t>(e.player)].directorships[e.company] - LaterQuantity(fx, i);
    const std::string ring = fmt::format("{} {} ring{}", rings, Name(e.company), rings == 1 ? "" : "s");
    const std::string total = held == 0 ? fmt::format("no {} ring left", Name(e.company))
                                        : fmt::format("{} {} ring{} in all", held, Name(e.company), held == 1 ? "" : "s");
    if (e.quantity > 0) return fmt::format("{} puts {} on {}'s pawn ({})", who, ring, who, total);
    return fmt::format("{} takes {} off {}'s pawn and returns {} to the broker ({})", who, ring, who,
                       rings == 1 ? "it" : "them", total);
}

std::string EscrowStep(const Effect& e, const GameState& s) {
    if (!ValidPlayer(s, e.player)) return Words(e, s);
    const std::string who = PlayerName(s, e.player);
    const std::string_view c = Name(e.company);
    // quantity says whether the pawn is taken (+1) or given up (-1).
    if (e.quantity >= 0)
        return fmt::format("{} takes the {} escrow pawn from its circle in the middle of the board and plays with it from "
                           "now on, on the same space and with the same rings (the old pawn is retired)",
                           who, c);
    return fmt::format("{} gives up the {} escrow pawn: it goes back to its circle in the middle of the board", who, c);
}

std::string PriceStep(const Effects& fx, size_t i) {
    const Effect& e = fx[i];
    if (e.from_ticks == e.to_ticks) return {};
    const std::string marker = fmt::format("the {} marker", Name(e.company));
    bool after_event = false;
    for (size_t j = 0; j < i; ++j) after_event = after_event || (fx[j].kind == EffectKind::MarketEvent && fx[j].company == e.company);
    if (after_event && e.to_ticks == GetProspectus(e.company).issue_ticks)
        return fmt::format("move {} from {} back to Issue, {}", marker, FormatPrice(e.from_ticks), FormatPrice(e.to_ticks));
    return fmt::format("move {} from {} to {}", marker, FormatPrice(e.from_ticks), FormatPrice(e.to_ticks));
}

std::string SpaceLabel(const GameState& s, int space) {
    if (!s.board || space < 0 || space >= s.board->SpaceCount()) return {};
    return s.board->At(space).label;
}

std::string PawnStep(const Effect& e, const GameState& s) {
    const std::string where = SpaceLabel(s, e.space);
    if (where.empty()) return Words(e, s);
    return fmt::format("move {}'s pawn to {}", PlayerName(s, e.player), where);
}

std::string ProxyStep(const Effect& e, const GameState& s) {
    const std::string where = SpaceLabel(s, e.space);
    if (where.empty()) return Words(e, s);
    const std::string who = PlayerName(s, e.player);
    return fmt::format("{} records the {} proxy ({}) on {}'s proxy sheet", who, where, Name(e.company), who);
}

std::string MarketEventStep(const Effect& e, const GameState& s) {
    // The SEC guy enforces splits, roll-backs and bankruptcies (G-3).
    const std::string sec = s.header->sec ? fmt::format("the SEC guy ({})", *s.header->sec) : "the SEC guy";
    const std::string text = Words(e, s);
    return fmt::format("{} announces: {}", sec, text.empty() ? fmt::format("a {} market event", Name(e.company)) : text);
}

// a count records what the table already shows, so the players and the tray hand nothing over
// (the ledger moves the difference to match the table). The one thing at the edge of the board is
// a short's margin account: its notes and cash must read as counted.
std::string CountStep(const Effects& fx, size_t i, const GameState& s) {
    const Effect& e = fx[i];
    switch (e.what) {
        case EffectWhat::CountOpens:
            return Words(e, s) + "; the table already shows what was counted: nothing is handed over except in a margin account";
        case EffectWhat::CountNotesReleased:
        case EffectWhat::CountNoteWritten: return {};  // said once, at the short (CountShort)
        case EffectWhat::CountShort: {
            if (!ValidPlayer(s, e.player)) return Words(e, s);
            const std::string who = PlayerName(s, e.player);
            const std::string account = MarginName(Index(e.company));
            Money net;  // into the margin account
            for (size_t j = 0; j < i; ++j) {
                const Effect& m = fx[j];
                if (m.what == EffectWhat::CountNoteWritten && m.n[0] == e.player && m.n[1] == Index(e.company)) net += m.amount;
                if (m.what == EffectWhat::CountNotesReleased && m.n[0] == e.player && m.n[1] == Index(e.company)) net -= m.amount;
            }
            const std::string notes =
                e.n[1] == 0 ? fmt::format("no note of {}", who)
                            : fmt::format("one note {} with {} clipped to it", NoteText(who, e.n[1], e.company),
                                          FormatMoney(Money::Cents(e.n[1] * e.n[2])));
            std::string cash;
            if (net > Money()) cash = fmt::format("; the broker puts {} from the bank into it: {}", FormatMoney(net), BillsText(FewestBills(net)));
            if (net < Money())
                cash = fmt::format("; the broker takes {} out of it for the bank: {}", FormatMoney(-net), BillsText(FewestBills(-net)));
            return fmt::format("{} must hold {} (rewrite {}'s notes there){}", account, notes, who, cash);
        }
        default: {
            // Read back from a game file as words (StoredText): the margin account's cash still moves.
            if (e.kind == EffectKind::Cash && (e.from.kind == AccountKind::Margin || e.to.kind == AccountKind::Margin))
                return CashStep(fx, i, s);
            std::string words = Words(e, s);
            if (words.rfind("count: ", 0) == 0) words.erase(0, 7);
            return "already on the table (nothing to hand over): " + words;
        }
    }
}

} // namespace

int64_t Breakdown::Count() const {
    int64_t n = 0;
    for (const Pieces& p : pieces) n += p.count;
    return n;
}

Breakdown Greedy(int64_t amount, std::span<const int64_t> sizes) {
    Breakdown out;
    int64_t left = amount < 0 ? -amount : amount;
    for (int64_t size : sizes) {
        if (size <= 0 || left < size) continue;
        out.pieces.push_back(Pieces{size, left / size});
        left %= size;
    }
    out.rest = left;
    return out;
}

Breakdown FewestBills(Money amount) { return Greedy(amount.cents(), kBillCents); }
Breakdown FewestShareCertificates(int64_t shares) { return Greedy(shares, kShareCertificates); }
Breakdown FewestBondCertificates(int64_t face) { return Greedy(face, kBondCertificates); }

std::string BillsText(const Breakdown& bills) {
    std::string out;
    for (const Pieces& p : bills.pieces)
        out += fmt::format("{}{} x {}", out.empty() ? "" : " + ", p.count, FormatMoney(Money::Cents(p.size)));
    // U-1 keeps cents exact, the tray has nothing under $50: say so rather than drop it.
    if (bills.rest != 0)
        out += fmt::format("{}{} in change the tray cannot make: round by agreement", out.empty() ? "" : ", and ",
                           FormatMoney(Money::Cents(bills.rest)));
    return out.empty() ? "no bills" : out;
}

std::vector<std::string> BrokerInstructions(const Effects& effects, const GameState& after) {
    std::vector<std::string> out;
    for (size_t i = 0; i < effects.size(); ++i) {
        const Effect& e = effects[i];
        std::string line;
        if (IsCountEffect(e)) {
            line = CountStep(effects, i, after);
            if (!line.empty()) out.push_back(std::move(line));
            continue;
        }
        switch (e.kind) {
            case EffectKind::Cash: line = CashStep(effects, i, after); break;
            case EffectKind::Certificates: line = CertificateStep(e, after); break;
            case EffectKind::ShortNote: line = ShortNoteStep(effects, i, after); break;
            case EffectKind::Price: line = PriceStep(effects, i); break;
            case EffectKind::MarketEvent:
            case EffectKind::Listing: line = MarketEventStep(e, after); break;
            case EffectKind::Pawn: line = PawnStep(e, after); break;
            case EffectKind::Proxy: line = ProxyStep(e, after); break;
            case EffectKind::Escrow: line = EscrowStep(e, after); break;
            case EffectKind::Directorship: line = DirectorshipStep(effects, i, after); break;
            // Nothing physical moves (Turn, Board, Obligation, Info), or a kind added since: its
            // text is already in the table's words.
            default: line = Words(e, after); break;
        }
        if (!line.empty()) out.push_back(std::move(line));
    }
    return out;
}


// [SECTION] Undo: the same steps, reversed

namespace {

// One effect the other way round, or nothing when it has no piece that moves back by itself (the
// caller says those in words).
std::optional<Effect> Reversed(const Effect& e) {
    Effect r = e;
    switch (e.kind) {
        case EffectKind::Cash: std::swap(r.from, r.to); return r;
        case EffectKind::Certificates: r.to_player = !e.to_player; return r;
        case EffectKind::ShortNote:
        case EffectKind::Directorship:
        case EffectKind::Escrow: r.quantity = -e.quantity; return r;
        case EffectKind::Price: std::swap(r.from_ticks, r.to_ticks); return r;
        default: return std::nullopt;
    }
}

std::string OptionBack(const Effect& e, const GameState& s) {
    const std::string who = PlayerName(s, e.player);
    switch (e.what) {
        case EffectWhat::OptionKept: return fmt::format("{} gives option card #{} back to the broker, under its pile", who, e.option_id);
        case EffectWhat::OptionHanded:
            return fmt::format("{} hands option card #{} back to {}", who, e.option_id, PlayerName(s, static_cast<int>(e.n[2])));
        default: return fmt::format("the broker gives option card #{} back to {}", e.option_id, who);
    }
}

} // namespace

std::vector<std::string> ReversalInstructions(const std::vector<const Effects*>& undone_newest_first, const GameState& after) {
    Effects physical;
    std::vector<std::string> words;  // what has no piece to move, said after the pieces
    std::vector<int> pawns;          // players whose pawn moved: it goes back to where `after` has it
    bool turn = false, year = false;
    auto say = [&](std::string line) {
        if (std::find(words.begin(), words.end(), line) == words.end()) words.push_back(std::move(line));
    };
    for (const Effects* fx : undone_newest_first) {
        for (auto it = fx->rbegin(); it != fx->rend(); ++it) {
            const Effect& e = *it;
            if (std::optional<Effect> r = Reversed(e)) {
                physical.push_back(std::move(*r));
                continue;
            }
            switch (e.kind) {
                case EffectKind::Pawn:
                    if (std::find(pawns.begin(), pawns.end(), e.player) == pawns.end()) pawns.push_back(e.player);
                    break;
                case EffectKind::Proxy:
                    say(fmt::format("{} crosses the {} proxy ({}) off {}'s proxy sheet", PlayerName(after, e.player),
                                    SpaceLabel(after, e.space), Name(e.company), PlayerName(after, e.player)));
                    break;
                case EffectKind::Option: say(OptionBack(e, after)); break;
                case EffectKind::MarketEvent:
                case EffectKind::Listing:
                    say(fmt::format("undone: {} (the markers, certificates and cash above put it back)", Words(e, after)));
                    break;
                case EffectKind::Turn: turn = true; break;
                case EffectKind::Year: year = true; break;
                case EffectKind::Board: say("the board correction is undone: the facts go back to what they were before it"); break;
                default: break;  // notes and other words: nothing to put back
            }
        }
    }
    std::vector<std::string> out = BrokerInstructions(physical, after);
    for (int p : pawns) {
        if (!ValidPlayer(after, p)) continue;
        const PlayerState& player = after.players[static_cast<size_t>(p)];
        const std::string where = player.space ? SpaceLabel(after, *player.space) : std::string();
        out.push_back(where.empty() ? fmt::format("take {}'s pawn back to where it stood before", player.name)
                                    : fmt::format("move {}'s pawn back to {}", player.name, where));
    }
    out.insert(out.end(), words.begin(), words.end());
    if (year)
        out.push_back(fmt::format("the Time count goes back: year {}, {} of {} Time cards drawn", after.year, after.time_cards_drawn,
                                  after.year_cards));
    if (turn && ValidPlayer(after, after.current)) out.push_back(fmt::format("it is {}'s turn again", PlayerName(after, after.current)));
    return out;
}

std::vector<std::string> UndoInstructions(const Ledger& ledger, int count) {
    const std::vector<int>& active = ledger.InEffect();
    if (count < 1 || static_cast<size_t>(count) > active.size()) return {};
    std::vector<const Effects*> undone;
    for (int i = 0; i < count; ++i) undone.push_back(&ledger.At(active[active.size() - 1 - static_cast<size_t>(i)]).effects);
    // The state with them undone: after the command in effect before the first undone (ledger.h
    // StateAt: the commands in effect then are the prefix of those in effect now), or the start.
    const size_t kept = active.size() - static_cast<size_t>(count);
    const GameState after = ledger.StateAt(kept == 0 ? 0 : active[kept - 1]);
    return ReversalInstructions(undone, after);
}

} // namespace rutland::bbr
