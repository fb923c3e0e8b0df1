// HCA and HCA2 (Hunold & Carpen-Amarie, Alg. 2-4): drift models learned pairwise over a
// binomial tree and composed at the root.
#pragma once

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt::clocksync {

// Sync_Clocks (Alg. 2). Bottom-up over the tree of Netgauge (Alg. 3): in each round the upper
// rank of a pair estimates its RTT (Alg. 17) and learns a linear model against the lower one
// (Learn_Model_HCA, Alg. 4), then sends its subtree's models down; the lower rank composes them
// with Merge_LMs. Ranks >= maxpower learn against r - maxpower and the root composes their
// models after a gather. The root scatters the composed models.
//
// The regression intercept is discarded (its CI is ~100 ms while the slope's is ~1e-8, §3.6):
//  - HCA (hierarchical_intercepts = false): after the scatter, the root measures every rank's
//    offset with a SKaMPI ping-pong in turn, O(p), and intercept = diff - slope * t_sync.
//  - HCA2 (true): each pair measures its SKaMPI offset right after learning, inside the round,
//    so the intercepts are composed along the tree too; O(log p) overall.
// Parameters: fitpoints, exchanges, rtt_pingpongs, warmup, pingpongs.
class Hca final : public ClockSync {
 public:
  Hca(const LocalClock& clock, const SyncParams& params, bool hierarchical_intercepts)
      : ClockSync(clock, params), hierarchical_intercepts_(hierarchical_intercepts) {}
  std::string_view name() const override { return hierarchical_intercepts_ ? "hca2" : "hca"; }
  ClockModel sync(MPI_Comm comm) override;
  std::vector<std::pair<std::string, std::string>> used_params() const override;

 private:
  bool hierarchical_intercepts_;
};

}  // namespace metron::rt::clocksync
