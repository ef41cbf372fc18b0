// The four companies and their prospectus (RULES.md section 2, levels of D-1).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "model/money.h"

namespace rutland::bbr {

enum class Company : uint8_t { Yellow, Blue, Red, Green };
inline constexpr int kCompanyCount = 4;
// Market Opens and every per-company loop go in this order (T-2: Yellow, Blue, Red, Green).
inline constexpr std::array<Company, 4> kCompanies = {Company::Yellow, Company::Blue, Company::Red,
                                                      Company::Green};

enum class FloorEvent : uint8_t { RollBack, Bankruptcy };

struct Prospectus {
    std::string_view key;   // "yellow" (JSON keys, lower case)
    std::string_view name;  // "Yellow" (what the table reads)
    char letter;            // 'Y'
    int64_t common_shares;
    int64_t preferred_shares;          // 0 for Red and Green
    Money debt_issue;                  // bonds (Y, B) or debentures (R, G), face
    int debt_rate_percent;             // 20 or 30
    std::string_view debt_name;        // "bonds" or "debentures"
    bool bonds_convertible;            // C-3
    int common_directorships;          // 6 or 8
    Money dividend_per_directorship;   // Y-2
    int issue_ticks;                   // D-1
    int split_ticks;
    int floor_ticks;
    FloorEvent floor_event;
    int majority_directorships;        // W-1
    int64_t majority_shares;
    std::array<std::string_view, 6> subsidiaries;  // lower-case space names
};

const Prospectus& GetProspectus(Company c);
inline constexpr int Index(Company c) { return static_cast<int>(c); }

// "Y", "y", "yellow", "Yellow" -> Yellow.
std::optional<Company> ParseCompany(std::string_view text);

// An array indexed by company.
template <class T>
struct PerCompany {
    std::array<T, 4> values{};
    T& operator[](Company c) { return values[Index(c)]; }
    const T& operator[](Company c) const { return values[Index(c)]; }
    bool operator==(const PerCompany&) const = default;
};

// A set of companies (an Ask set, a Bid set).
struct CompanySet {
    uint8_t bits = 0;
    bool Has(Company c) const { return (bits >> Index(c)) & 1u; }
    void Add(Company c) { bits = static_cast<uint8_t>(bits | (1u << Index(c))); }
    int Count() const { return __builtin_popcount(bits); }
    bool operator==(const CompanySet&) const = default;
};

} // namespace rutland::bbr
