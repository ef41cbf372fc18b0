// SHA-256 from OpenSSL's libcrypto (the EVP interface), for the ledger's hash chain (store.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace rutland {

using Digest = std::array<uint8_t, 32>;

// SHA-256 of `prefix` followed by `data` (the chain hashes the previous digest, then the entry).
Digest Sha256(std::string_view data, const Digest* prefix = nullptr);

// Lower-case hex, 64 characters.
std::string ToHex(const Digest& digest);
// Parses 64 hex digits; false when the text is anything else.
bool FromHex(std::string_view hex, Digest* digest);

} // namespace rutland
