// The seeded random source every test harness shares (the games' generators, the crash and
// power-loss tests): xoshiro256** seeded by splitmix64, with its own range reduction, so the same
// seed gives the same numbers with every standard library and on every machine (no
// std::random_device, no std::uniform_int_distribution, whose output differs between them). It
// names no game, so any game's generator may link it.
#pragma once

#include <cstdint>

namespace rutland::testing {

// The random source (see the top of this file).
class Rng {
public:
    explicit Rng(uint64_t seed);
    uint64_t Next();
    // Uniform in [0, n); n > 0.
    uint64_t Below(uint64_t n);
    // Uniform in [lo, hi].
    int Between(int lo, int hi);
    // True with probability percent/100.
    bool Percent(int percent);

private:
    uint64_t m_state[4];
};

} // namespace rutland::testing
