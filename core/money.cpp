#include "money.h"

#include <cstdlib>

namespace rutland {

std::string FormatCount(int64_t n) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    std::string out;
    int since_group = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        if (since_group == 3) { out.insert(out.begin(), ','); since_group = 0; }
        out.insert(out.begin(), *it);
        ++since_group;
    }
    return n < 0 ? "-" + out : out;
}

std::string FormatMoney(Money m) {
    const int64_t cents = m.cents();
    const int64_t abs_cents = cents < 0 ? -cents : cents;
    std::string out = (cents < 0 ? "-$" : "$") + FormatCount(abs_cents / 100);
    if (abs_cents % 100 != 0) {
        const int64_t c = abs_cents % 100;
        out += (c < 10 ? ".0" : ".") + std::to_string(c);
    }
    return out;
}

std::string FormatPrice(int ticks) {
    const int64_t cents = ticks * kTickCents;
    const int64_t c = cents % 100;
    // Appended piece by piece: GCC 12 -O2 sees a false -Wrestrict overlap in the chain of operator+.
    std::string out = "$";
    out += std::to_string(cents / 100);
    out += c < 10 ? ".0" : ".";
    out += std::to_string(c);
    return out;
}

} // namespace rutland
