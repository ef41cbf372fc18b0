// Flutter's money: whole pounds (U-1), an int64 count of them. Every amount the rules produce is a
// multiple of £5 (U-1: the prices of BD-5, the £5 brokerage of TR-5, the dividends of RE-3 and the
// £100 of BN-3), so the rules never round; a typed amount that is not one is refused (U-1).
#pragma once

#include <compare>
#include <cstdint>

namespace rutland::flutter {

struct Pounds {
    int64_t value = 0;

    constexpr Pounds() = default;
    constexpr explicit Pounds(int64_t pounds) : value(pounds) {}

    constexpr auto operator<=>(const Pounds&) const = default;
    constexpr Pounds operator+(Pounds o) const { return Pounds(value + o.value); }
    constexpr Pounds operator-(Pounds o) const { return Pounds(value - o.value); }
    constexpr Pounds operator-() const { return Pounds(-value); }
    constexpr Pounds operator*(int64_t n) const { return Pounds(value * n); }
    constexpr Pounds& operator+=(Pounds o) { value += o.value; return *this; }
    constexpr Pounds& operator-=(Pounds o) { value -= o.value; return *this; }
    // U-1: a multiple of £5.
    constexpr bool InFives() const { return value % 5 == 0; }
};

// U-1's unit: the smallest token (U-2) and the brokerage of a certificate (TR-5).
inline constexpr Pounds kFive{5};

} // namespace rutland::flutter
