// What a process synchronization did during one job, for summary.csv and manifest.json.
#pragma once

#include <cstdint>
#include <string>

namespace metron::rt {

// Counts are this rank's (the job root sums late and overran over the job's ranks).
struct SyncStats {
  std::int64_t late = 0;     // observations this rank reached after their start time
  std::int64_t overran = 0;  // window: observations this rank ended after their window closed
  double window_s = 0;       // window: the slot length at the end of the job (adaptive grows it)
  double start_wait_s = 0;   // roundtime: mult x the measured broadcast time
  std::string clock;         // clock synchronization method ("" for the barrier kinds)
  double clock_sync_s = 0;   // time synchronizing clocks for this job; 0 when a clock was reused
};

}  // namespace metron::rt
