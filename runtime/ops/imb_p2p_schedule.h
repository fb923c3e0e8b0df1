// IMB-P2P's random partners (Intel MPI Benchmarks 2021, IMB-P2P): pure logic, no MPI. Every rank
// computes the same schedule from the same seed, so no rank needs to tell another its partner.
// The generator is IMB's 64-bit linear congruential one (multiplier 7560690468208412377,
// increment 4343336064253945357, output bits 24..55), started from seed 0 at the start of every
// measured call, as IMB restarts it before each timed loop.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace metron::rt::ops {

class ImbRandom {
 public:
  std::uint32_t next() {
    state_ = state_ * 7560690468208412377ull + 4343336064253945357ull;
    return static_cast<std::uint32_t>(state_ >> 24);
  }
  // next() mod p, as IMB reduces it (unsigned).
  int below(int p) { return static_cast<int>(next() % static_cast<std::uint32_t>(p)); }

 private:
  std::uint64_t state_ = 0;
};

// Unirandom and Birandom: ordered pairs (a, b), a != b, drawn as IMB draws them (a, then b
// redrawn until it differs from a), one per step. Needs p >= 2.
class ImbRandomPairs {
 public:
  explicit ImbRandomPairs(int p) : p_(p) {}
  std::pair<int, int> next() {
    const int a = r_.below(p_);
    int b = r_.below(p_);
    while (b == a) b = r_.below(p_);
    return {a, b};
  }

 private:
  int p_;
  ImbRandom r_;
};

// Corandom: before each of `iterations` rounds the ring (the identity at the start) is shuffled
// by IMB's swap pass (position i swapped with a drawn position, for i = 0..p-1: not a uniform
// shuffle, but IMB's); the rank then receives from its left neighbour in the ring and sends to
// its right one. Returns (left, right) per round for `rank`.
inline std::vector<std::pair<int, int>> imb_corandom_neighbours(int p, int rank, int iterations) {
  ImbRandom r;
  std::vector<int> ring(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i) ring[static_cast<std::size_t>(i)] = i;
  std::vector<std::pair<int, int>> out;
  out.reserve(static_cast<std::size_t>(iterations));
  for (int it = 0; it < iterations; ++it) {
    for (int i = 0; i < p; ++i)
      std::swap(ring[static_cast<std::size_t>(i)], ring[static_cast<std::size_t>(r.below(p))]);
    int at = 0;
    while (ring[static_cast<std::size_t>(at)] != rank) ++at;
    out.emplace_back(ring[static_cast<std::size_t>((at + p - 1) % p)],
                     ring[static_cast<std::size_t>((at + 1) % p)]);
  }
  return out;
}

}  // namespace metron::rt::ops
