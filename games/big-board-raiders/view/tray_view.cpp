#include "view/tray_view.h"

#include <fmt/format.h>

namespace rutland::bbr {

std::string TrayRow::Common() const { return fmt::format("{} of {}", FormatCount(common_left), FormatCount(common_issued)); }

std::string TrayRow::Preferred() const {
    if (preferred_issued == 0) return "none issued";
    return fmt::format("{} of {}", FormatCount(preferred_left), FormatCount(preferred_issued));
}

std::string TrayRow::Bonds() const {
    return fmt::format("{} of {}", FormatMoney(Money::Dollars(bonds_left)), FormatMoney(Money::Dollars(bonds_issued)));
}

std::string TrayRow::Directorships() const { return fmt::format("{} of {} taken", directorships_taken, directorships); }

std::vector<TrayRow> MakeTray(const GameState& s) {
    std::vector<TrayRow> out;
    for (Company c : kCompanies) {
        const Prospectus& p = GetProspectus(c);
        TrayRow r;
        r.company = c;
        r.listed = s.listed[c];
        r.common_left = s.tray[c].common;
        r.common_issued = p.common_shares;
        r.preferred_left = s.tray[c].preferred;
        r.preferred_issued = p.preferred_shares;
        r.bonds_left = s.tray[c].bonds;
        r.bonds_issued = p.debt_issue.cents() / 100;
        r.debt_name = std::string(p.debt_name);
        r.directorships = p.common_directorships;
        for (size_t i = 0; i < s.players.size(); ++i) {
            const PlayerState& pl = s.players[i];
            r.directorships_taken += pl.directorships[c];
            if (pl.escrow == c) r.escrow_holder = static_cast<int>(i);
        }
        r.escrow = r.escrow_holder ? s.players[static_cast<size_t>(*r.escrow_holder)].name : "in its circle";
        for (const ShortNote& n : s.margin[c]) {
            r.short_shares += n.shares;
            r.margin_held += n.proceeds;
        }
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace rutland::bbr
