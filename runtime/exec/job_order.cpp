// Seeded job order (see job_order.h).
#include "runtime/exec/job_order.h"

#include <numeric>

#include "runtime/adapt/seeded_order.h"

namespace metron::rt {

std::uint64_t launch_seed(std::uint64_t run_seed, std::int64_t launch) {
  std::uint64_t s = run_seed ^ (0xa0761d6478bd642fULL * static_cast<std::uint64_t>(launch + 1));
  return adapt::splitmix64(s);
}

std::vector<std::size_t> job_order(const Plan& plan, std::int64_t launch) {
  if (!plan.design.shuffle) {
    std::vector<std::size_t> order(plan.jobs.size());
    std::iota(order.begin(), order.end(), 0);
    return order;
  }
  return adapt::seeded_permutation(plan.jobs.size(), launch_seed(plan.design.seed, launch));
}

}  // namespace metron::rt
