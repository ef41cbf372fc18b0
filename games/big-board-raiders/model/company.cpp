#include "model/company.h"

#include "base/text.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace rutland::bbr {

namespace {

// RULES.md section 2 and D-1. Prices in ticks of $0.05.
const std::array<Prospectus, 4> kProspectus = {{
    {"yellow", "Yellow", 'Y', 160000, 80000, Money::Dollars(100000), 20, "bonds", true, 6,
     Money::Dollars(10000), 40, 60, 20, FloorEvent::RollBack, 3, 120000,
     {"brada", "colfax", "matapan", "oneida", "sennok", "kaptey"}},
    {"blue", "Blue", 'B', 160000, 80000, Money::Dollars(100000), 20, "bonds", true, 6,
     Money::Dollars(10000), 40, 60, 20, FloorEvent::RollBack, 3, 120000,
     {"derwent", "ancaster", "elspeth", "ingersoll", "haszard", "fulwell"}},
    {"red", "Red", 'R', 320000, 0, Money::Dollars(80000), 30, "debentures", false, 8,
     Money::Dollars(7500), 20, 40, 0, FloorEvent::Bankruptcy, 4, 160000,
     {"altamont", "ioco", "marnac", "ozada", "vista", "winona"}},
    {"green", "Green", 'G', 320000, 0, Money::Dollars(80000), 30, "debentures", false, 8,
     Money::Dollars(7500), 20, 40, 0, FloorEvent::Bankruptcy, 4, 160000,
     {"camsun", "lemax", "shasta", "ungava", "culzean", "aubeneau"}},
}};

} // namespace

const Prospectus& GetProspectus(Company c) { return kProspectus[static_cast<size_t>(Index(c))]; }

std::optional<Company> ParseCompany(std::string_view text) {
    const std::string lower = Lower(text);
    for (Company c : kCompanies) {
        const Prospectus& p = GetProspectus(c);
        if (lower == p.key || (lower.size() == 1 && lower == Lower(std::string_view(&p.letter, 1)))) return c;
    }
    return std::nullopt;
}

} // namespace rutland::bbr
