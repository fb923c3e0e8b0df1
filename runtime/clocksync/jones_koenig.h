// Jones & Koenig linear drift models (Alg. 15, 17): every rank fits against the root, O(p).
#pragma once

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt::clocksync {

// Sync_Clocks (JK, "MPI Benchmarking Revisited", Alg. 15-17): each rank estimates its RTT to the
// root (Alg. 17), then Learn_Model (Alg. 15): for each of n_fitpts fitpoints the root serves every
// rank in turn with n_exchanges timestamp exchanges; the rank keeps the median of local - remote -
// rtt/2 with its own timestamp, and fits slope and intercept by least squares. The root serializes
// all exchanges, so the phase takes O(p) times as long as one pair. Parameters: fitpoints,
// exchanges, rtt_pingpongs, warmup.
class JonesKoenig final : public ClockSync {
 public:
  using ClockSync::ClockSync;
  std::string_view name() const override { return "jk"; }
  ClockModel sync(MPI_Comm comm) override;
  std::vector<std::pair<std::string, std::string>> used_params() const override;
};

}  // namespace metron::rt::clocksync
