// The broker's tray, without a window: per company the common and preferred
// certificates and the bonds (debentures) left in the tray, the common directorships taken of the
// company's 6 or 8, who holds its escrow directorship, and the shorts written against it. Money is
// in one format (FormatMoney: full dollars with thousands separators) like everywhere else.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/state.h"

namespace rutland::bbr {

struct TrayRow {
    Company company = Company::Yellow;
    bool listed = true;
    int64_t common_left = 0, common_issued = 0;        // shares
    int64_t preferred_left = 0, preferred_issued = 0;  // shares (0 issued: Red and Green have none)
    int64_t bonds_left = 0, bonds_issued = 0;          // face, whole dollars
    std::string debt_name;                             // "bonds", "debentures"
    int directorships_taken = 0, directorships = 0;    // common directorships (B-4): taken of 6 or 8
    std::optional<int> escrow_holder;                  // the player on its escrow pawn (E-2)
    std::string escrow;                                // "Cy" or "in its circle"
    int64_t short_shares = 0;                          // written against it (S-4)
    Money margin_held;                                 // the margin account's cash
    // For the cells: "95,000 of 200,000".
    std::string Common() const;
    std::string Preferred() const;  // "none issued" for Red and Green
    std::string Bonds() const;      // "$40,000 of $100,000"
    std::string Directorships() const;  // "3 of 6 taken"
};

std::vector<TrayRow> MakeTray(const GameState& state);

} // namespace rutland::bbr
