// Global start and end stamps of a batch's observations, on a synchronized clock, for
// `runtime = global` (max end - min start over ranks; "MPI Benchmarking Revisited", Algorithm 1).
// Implemented by the syncs that hold a synchronized clock: window, roundtime, and the stamping
// wrapper of the barrier kinds (global_stamps.h).
#pragma once

#include <cstdint>
#include <vector>

namespace metron::rt {

class GlobalTimes {
 public:
  virtual ~GlobalTimes() = default;
  // One entry per observation of the current batch, this rank's view, seconds.
  virtual const std::vector<double>& global_start() const = 0;
  virtual const std::vector<double>& global_end() const = 0;
};

// The stamp storage the clock-based syncs share: one start and one end per observation of the
// current batch, sized by begin_stamps() before the batch's loop so that the loop never
// allocates.
class BatchStamps : public GlobalTimes {
 public:
  const std::vector<double>& global_start() const override { return gstart_; }
  const std::vector<double>& global_end() const override { return gend_; }

 protected:
  void begin_stamps(std::int64_t n) {
    gstart_.assign(static_cast<std::size_t>(n), 0.0);
    gend_.assign(static_cast<std::size_t>(n), 0.0);
  }
  std::vector<double> gstart_, gend_;
};

}  // namespace metron::rt
