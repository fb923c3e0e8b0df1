// Settings the machine defeats: a setting whose effect depends on the machine, checked against
// what this machine reports before a run, so that a replay on another machine says in its first
// lines where the recorded settings no longer do what they were set for (docs/experiments.md,
// "Settings the machine defeats"). Pure: the facts are read elsewhere (runtime/sysinfo.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/plan/plan.h"

namespace metron {

// What the machine that starts the launches reports; 0 or false where it does not say.
struct MachineFacts {
  std::int64_t last_level_cache_bytes = 0;  // the largest data or unified cache (sysfs)
  int cores = 0;                            // online
  bool invariant_tsc = true;                // /proc/cpuinfo has constant_tsc and nonstop_tsc
  // The launches start every rank on this machine (the default launcher without a host file).
  bool ranks_local = false;
  // The launcher binds each rank to its cores (an option or variable of the process manager).
  bool ranks_bound = false;
};

// One warning (catalogue text) per setting the machine defeats, in the plan's order of first use:
// - cache_size below the last-level cache, in a job with buffer_cycling = on: the cycled buffers
//   (2 x cache_size) stay in the cache, so a "cold" measurement is warm;
// - more ranks (times the threads of a threaded job) than cores, when all run here;
// - timer = rdtscp on a CPU without an invariant TSC, or on ranks the launcher does not bind.
std::vector<std::string> defeated_settings(const Plan& plan, int np, const MachineFacts& m);

}  // namespace metron
