#include "model/money.h"

#include <cstdint>
#include <cstdlib>

namespace rutland::bbr {

// These run for nearly every effect the rules write (several a command), so they build the text
// in a stack buffer, right to left, and make one short string (no heap for up to 15 characters).
namespace {

uint64_t Magnitude(int64_t n) { return n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n); }

// Writes n with a comma every three digits so that it ends just before `end`; returns its start.
char* GroupedDigits(uint64_t n, char* end) {
    char* p = end;
    int in_group = 0;
    do {
        if (in_group == 3) {
            *--p = ',';
            in_group = 0;
        }
        *--p = static_cast<char>('0' + n % 10);
        n /= 10;
        ++in_group;
    } while (n != 0);
    return p;
}

char* TwoDigits(uint64_t n, char* end) {
    end[-1] = static_cast<char>('0' + n % 10);
    end[-2] = static_cast<char>('0' + n / 10 % 10);
    return end - 2;
}

} // namespace

std::string FormatCount(int64_t n) {
    char buf[32];
    char* const end = buf + sizeof buf;
    char* p = GroupedDigits(Magnitude(n), end);
    if (n < 0) *--p = '-';
    return std::string(p, end);
}

std::string FormatMoney(Money m) {
    char buf[40];
    char* const end = buf + sizeof buf;
    const uint64_t abs_cents = Magnitude(m.cents());
    char* p = end;
    if (abs_cents % 100 != 0) {
        p = TwoDigits(abs_cents % 100, p);
        *--p = '.';
    }
    p = GroupedDigits(abs_cents / 100, p);
    *--p = '$';
    if (m.cents() < 0) *--p = '-';
    return std::string(p, end);
}

std::string FormatPrice(int ticks) {
    char buf[32];
    char* const end = buf + sizeof buf;
    const int64_t cents = ticks * kTickCents;
    const uint64_t abs_cents = Magnitude(cents);
    char* p = TwoDigits(abs_cents % 100, end);
    *--p = '.';
    // The dollars: no thousands commas in a price ($2.35, $10.00).
    uint64_t dollars = abs_cents / 100;
    do {
        *--p = static_cast<char>('0' + dollars % 10);
        dollars /= 10;
    } while (dollars != 0);
    *--p = '$';
    if (cents < 0) *--p = '-';
    return std::string(p, end);
}

} // namespace rutland::bbr
