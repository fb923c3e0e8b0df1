// Window-based process synchronization (seed-repro.md §4; ReproMPI's window, SKaMPI's "real"
// synchronization): clocks are synchronized once (and again after `resync`), the root broadcasts
// a start time on the global clock, and observation k of a batch waits until start + k * window.
// An observation is invalid if any rank starts late or ends after its window closes. Also the
// source of global start/end times for `runtime = global`.
#pragma once

#include <memory>
#include <vector>

#include "interpreter/settings.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

// Global start and end of the current batch's observations on this rank (seconds on the
// synchronized clock), for `runtime = global`.
class GlobalTimes {
 public:
  virtual ~GlobalTimes() = default;
  virtual const std::vector<double>& global_start() const = 0;
  virtual const std::vector<double>& global_end() const = 0;
};

struct ClockSyncRecord {
  std::string method;
  double duration_s = 0;  // max over ranks of the last synchronization
  int syncs = 0;          // how often clocks were synchronized in this process
};
// What the window syncs of this process did (for manifest.json).
const ClockSyncRecord& clock_sync_record();

// Collective over comm: synchronizes clocks (cached per set of ranks and clock settings) and
// returns the sync. Throws std::runtime_error with a message for the user on bad settings.
std::unique_ptr<ProcSync> make_window_sync(MPI_Comm comm, const Settings& s);

}  // namespace metron::rt
