// Money and prices (U-1, U-2). Money is int64 cents, never floating point; a price is a whole
// number of ticks of $0.05 per share, so any share count times any price stays exact.
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace rutland::bbr {

class Money {
public:
    constexpr Money() = default;
    static constexpr Money Cents(int64_t cents) { Money m; m.m_cents = cents; return m; }
    static constexpr Money Dollars(int64_t dollars) { return Cents(dollars * 100); }

    constexpr int64_t cents() const { return m_cents; }

    constexpr Money operator+(Money o) const { return Cents(m_cents + o.m_cents); }
    constexpr Money operator-(Money o) const { return Cents(m_cents - o.m_cents); }
    constexpr Money operator-() const { return Cents(-m_cents); }
    constexpr Money operator*(int64_t k) const { return Cents(m_cents * k); }
    constexpr Money& operator+=(Money o) { m_cents += o.m_cents; return *this; }
    constexpr Money& operator-=(Money o) { m_cents -= o.m_cents; return *this; }
    constexpr auto operator<=>(const Money&) const = default;

private:
    int64_t m_cents = 0;
};

inline constexpr int64_t kTickCents = 5;        // U-2
inline constexpr int64_t kBoardLot = 5000;      // U-3
inline constexpr int64_t kBondCertificate = 10000; // U-3: $10,000 bond / debenture certificates (dollars)

// The value of `shares` shares at `ticks` (U-1: exact).
constexpr Money ValueAt(int64_t shares, int ticks) { return Money::Cents(shares * ticks * kTickCents); }

// "$21,000", "$7,750.50", "-$3,000".
std::string FormatMoney(Money m);
// A per-share price: "$2.10".
std::string FormatPrice(int ticks);
// "10,000".
std::string FormatCount(int64_t n);

} // namespace rutland::bbr
