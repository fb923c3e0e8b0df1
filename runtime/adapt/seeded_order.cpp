// Seeded permutations (see seeded_order.h).
#include "runtime/adapt/seeded_order.h"

#include <numeric>
#include <utility>

namespace metron::adapt {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::vector<std::size_t> seeded_permutation(std::size_t n, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::uint64_t state = seed;
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[splitmix64(state) % i]);
  return order;
}

std::uint64_t refine_round_seed(std::uint64_t launch_state, int round) {
  // A different odd multiplier than launch_seed's, so a round's state never equals a launch's.
  std::uint64_t s =
      launch_state ^ (0xe7037ed1a0b428dbULL * (static_cast<std::uint64_t>(round) + 1));
  return splitmix64(s);
}

}  // namespace metron::adapt
