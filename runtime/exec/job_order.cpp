// Seeded job order (see job_order.h).
#include "runtime/exec/job_order.h"

#include <numeric>

namespace metron::rt {

namespace {
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

std::uint64_t launch_seed(std::uint64_t run_seed, std::int64_t launch) {
  std::uint64_t s = run_seed ^ (0xa0761d6478bd642fULL * static_cast<std::uint64_t>(launch + 1));
  return splitmix64(s);
}

std::vector<std::size_t> job_order(const Plan& plan, std::int64_t launch) {
  std::vector<std::size_t> order(plan.jobs.size());
  std::iota(order.begin(), order.end(), 0);
  if (!plan.design.shuffle) return order;
  std::uint64_t state = launch_seed(plan.design.seed, launch);
  // Fisher-Yates with our own generator: std::shuffle's algorithm is not fixed by the standard.
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[splitmix64(state) % i]);
  return order;
}

}  // namespace metron::rt
