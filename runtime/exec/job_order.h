// The order in which a launch executes its jobs: plan order, or a seeded shuffle derived from the
// run seed and the launch id (so the same seed reproduces the same order). Pure, no MPI.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/plan/plan.h"

namespace metron::rt {

std::vector<std::size_t> job_order(const Plan& plan, std::int64_t launch);
// The seed of one launch's shuffle: a hash of the run seed and the launch id.
std::uint64_t launch_seed(std::uint64_t run_seed, std::int64_t launch);

}  // namespace metron::rt
