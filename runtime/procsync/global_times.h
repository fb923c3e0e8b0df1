// Global start and end stamps of a batch's observations, on a synchronized clock, for
// `runtime = global` (max end - min start over ranks; seed-repro.md §1.1). Implemented by the
// syncs that hold a synchronized clock: window, roundtime, and the stamping wrapper of the
// barrier kinds (global_stamps.h).
#pragma once

#include <vector>

namespace metron::rt {

class GlobalTimes {
 public:
  virtual ~GlobalTimes() = default;
  // One entry per observation of the current batch, this rank's view, seconds.
  virtual const std::vector<double>& global_start() const = 0;
  virtual const std::vector<double>& global_end() const = 0;
};

}  // namespace metron::rt
