// This rank's contention counters, read from the kernel before and after a job's measured loop
// (outside the timed region): /proc/pressure/cpu, /proc/stat and getrusage. A few system calls,
// no MPI; the job's ranks reduce what they read onto its root (reduce_result.h).
#pragma once

#include "runtime/adapt/contention.h"

namespace metron::rt {

// The counters now; those the kernel does not offer (no PSI before Linux 4.20 or with
// psi=0, no steal field) are nullopt, and all of them in a simulated launch.
adapt::ContentionSample sample_contention();

// Which counters this kernel offers, for the manifest: probed once per process.
struct ContentionSources {
  bool cpu_pressure = false;
  bool cpu_steal = false;
  bool involuntary_switches = false;
};
ContentionSources contention_sources();

}  // namespace metron::rt
