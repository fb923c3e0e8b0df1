// Tests for runtime/adapt/seeded_order: seeded permutations are permutations, reproducible, the
// same as the job order always gave (recorded), and every refinement round gets its own order.
#include "runtime/adapt/seeded_order.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <numeric>
#include <set>
#include <vector>

namespace ad = metron::adapt;

namespace {
std::vector<std::size_t> identity(std::size_t n) {
  std::vector<std::size_t> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}
}  // namespace

TEST_CASE("seeded_order: a permutation, reproducible, and empty or single lists stay as they are") {
  for (std::size_t n : {0, 1, 2, 7, 100}) {
    auto p = ad::seeded_permutation(n, 12345);
    auto sorted = p;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == identity(n));
    CHECK(ad::seeded_permutation(n, 12345) == p);
  }
}

TEST_CASE(
    "seeded_order: the job order of launch 0 under seed 42 is the one recorded before the "
    "shuffle moved here") {
  // launch_seed(42, 0) = 14216130040228855828 (runtime/exec/job_order.cpp); the order was
  // recorded from the earlier job_order implementation for 10 jobs.
  const std::vector<std::size_t> expected = {9, 5, 2, 0, 7, 3, 4, 1, 6, 8};
  CHECK(ad::seeded_permutation(10, 14216130040228855828ULL) == expected);
}

TEST_CASE("seeded_order: refinement rounds are shuffled, each round differently") {
  // Eight refined points of a round (the refiner gives them strongest bend first) must not keep
  // that order, and successive rounds and launches must not repeat one order.
  const std::uint64_t launch = 14216130040228855828ULL;
  std::set<std::vector<std::size_t>> orders;
  for (int round = 1; round <= 20; ++round) {
    auto p = ad::seeded_permutation(8, ad::refine_round_seed(launch, round));
    CHECK(p != identity(8));
    orders.insert(p);
    CHECK(ad::seeded_permutation(8, ad::refine_round_seed(launch, round)) == p);
  }
  CHECK(orders.size() == 20);
  CHECK(ad::refine_round_seed(launch, 1) != ad::refine_round_seed(launch, 2));
  CHECK(ad::refine_round_seed(launch, 1) != ad::refine_round_seed(launch + 1, 1));
  CHECK(ad::seeded_permutation(8, ad::refine_round_seed(launch, 1)) !=
        ad::seeded_permutation(8, ad::refine_round_seed(launch + 1, 1)));
}
