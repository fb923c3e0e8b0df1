// Seeded permutations: the shuffled order of a launch's jobs, and of the jobs of each refinement
// round (so that refined points do not run in the refiner's strongest-bend-first order, nor all
// of one loop before the next). Our own generator (SplitMix64) and Fisher-Yates, because
// std::shuffle's algorithm is not fixed by the standard and the order must be reproducible.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace metron::adapt {

// One step of SplitMix64: advances state and returns the next value.
std::uint64_t splitmix64(std::uint64_t& state);

// A permutation of 0..n-1 drawn from the generator state `seed` (Fisher-Yates from the back).
std::vector<std::size_t> seeded_permutation(std::size_t n, std::uint64_t seed);

// The generator state for refinement round `round` (1, 2, ...) of a launch whose own shuffle
// state is launch_state: distinct for every round, so each round gets its own order.
std::uint64_t refine_round_seed(std::uint64_t launch_state, int round);

}  // namespace metron::adapt
