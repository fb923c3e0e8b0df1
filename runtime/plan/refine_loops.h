// The autorefine loops of a plan: which jobs refine together, with which algorithm, settings and
// budget. `metron plan` shows them; the runtime's refinement driver configures its Refiners here.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "runtime/adapt/refine.h"
#include "runtime/plan/plan.h"

namespace metron {

// The Refiner configuration for a job of an autorefine loop: the loop's `set refine` settings
// and the shape of its grid (multiplicative, integer, multipleof).
adapt::RefineConfig refine_config(const Job& job);

// One execution of an autorefine loop (a loop nested in another refines once per outer value).
struct RefineLoop {
  int group = -1;
  int block_index = 0;
  std::string var;                                   // the refined loop variable
  std::vector<std::pair<std::string, Value>> outer;  // the enclosing loops' values
  std::size_t first_job = 0;                         // index into Plan::jobs
  std::size_t jobs = 0;                              // regular jobs of the loop
  std::size_t values = 0;                            // distinct regular values of var
  adapt::RefineConfig config;
  adapt::RefineBudget budget;
};

// The loops in plan order of their first job.
std::vector<RefineLoop> refine_loops(const Plan& plan);

}  // namespace metron
