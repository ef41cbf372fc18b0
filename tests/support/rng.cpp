// The shared random source (rng.h).
#include "rng.h"

#include <cstdint>

namespace rutland::testing {

// =============================================================================================
// Rng: xoshiro256** seeded by splitmix64. Portable and fast (rng.h).
// =============================================================================================
namespace {
uint64_t SplitMix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
} // namespace

Rng::Rng(uint64_t seed) {
    for (uint64_t& s : m_state) s = SplitMix(seed);
}

uint64_t Rng::Next() {
    const uint64_t result = Rotl(m_state[1] * 5, 7) * 9;
    const uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = Rotl(m_state[3], 45);
    return result;
}

uint64_t Rng::Below(uint64_t n) {
    // Rejection sampling: no modulo bias, and the same answer with every standard library.
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = Next();
    while (x >= limit);
    return x % n;
}

int Rng::Between(int lo, int hi) { return lo + static_cast<int>(Below(static_cast<uint64_t>(hi - lo) + 1)); }

bool Rng::Percent(int percent) { return static_cast<int>(Below(100)) < percent; }

} // namespace rutland::testing
