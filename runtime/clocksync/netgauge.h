// Netgauge / NBCBench hierarchical clock offsets (Alg. 11, 12): a binomial tree, offset only.
#pragma once

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt::clocksync {

// Sync_Clocks_Pow2 + Sync_Clocks_Remaining (Alg. 11). Over the largest power of two
// maxpower <= p, floor(log2 p) tree rounds; in each, the upper rank of a pair measures its
// offset to the lower one with Compute_Offset (Alg. 12, the min-RTT search) and hands up its
// subtree's offsets, which the lower rank adds to the measured one. The root scatters the
// offsets; then ranks >= maxpower measure against r - maxpower and add that rank's offset (one
// extra round). O(log p) rounds, slope 0.
// Parameters: pingpongs (the min-RTT search stops after this many exchanges without a new
// minimum).
class NetgaugeOffsets final : public ClockSync {
 public:
  using ClockSync::ClockSync;
  std::string_view name() const override { return "netgauge"; }
  ClockModel sync(MPI_Comm comm) override;
  std::vector<std::pair<std::string, std::string>> used_params() const override;
};

}  // namespace metron::rt::clocksync
