// What is known about a timer on this rank: resolution, cost of one read, frequency, warnings.
// Recorded in manifest.json next to the timer's name.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "runtime/plan/settings.h"

namespace metron::rt {

struct TimerInfo {
  std::string name;              // wtime | monotonic | rdtscp (as in `set timer = ...`)
  bool available = true;         // false: this machine cannot run the timer (see warnings)
  double resolution_s = 0;       // smallest nonzero difference of two consecutive reads
  double overhead_s = 0;         // mean cost of one read, over many back-to-back reads
  double frequency_hz = 0;       // rdtscp: ticks per second; wtime: 1 / MPI_Wtick; monotonic: 1e9
  std::string frequency_source;  // where frequency_hz came from
  double step_s = 0;             // the step the clock advances in (measure_step; 0: unknown)
  // The smallest step a measured duration can take (timer_quantum()): CIs narrower than this
  // are widened to it (docs/statistics.md).
  double quantum_s = 0;
  std::vector<std::string> warnings;
};

// Measures the timer on this rank (a few milliseconds; not collective). For rdtscp this also
// fixes the TSC frequency for the process.
TimerInfo probe_timer(TimerKind kind);

// When consecutive reads differ by more than twice the cost of a read, the clock advances more
// rarely than it is read (a coarse clock) and that step is the quantum; otherwise the step hides
// under the read cost, and the quantum is the step found by reads with varying delays between
// them (step_s, stats::clock_step: 10 ns on the development VM), at least the nominal tick
// 1 / frequency (1 ns for wtime on MPICH and for monotonic); the measured resolution when no
// frequency is known.
double timer_quantum(double resolution_s, double overhead_s, double frequency_hz,
                     double step_s = 0);

void to_json(nlohmann::json& j, const TimerInfo& t);

}  // namespace metron::rt
