// SKaMPI clock offsets (Alg. 8): the root ping-pongs with every rank in turn; offset only.
#pragma once

#include <vector>

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt::clocksync {

// Compute_And_Set_Clock_Offsets (Alg. 8): p-1 sequential SKaMPI ping-pongs (Alg. 7) between
// the root and rank i, a barrier before each pair, then a broadcast of the root's table. O(p)
// rounds. The model has slope 0, so its error grows with the drift ("MPI Benchmarking Revisited",
// Alg. 7, 8, 10). Parameters: pingpongs.
class SkampiOffsets final : public ClockSync {
 public:
  using ClockSync::ClockSync;
  std::string_view name() const override { return "skampi"; }
  ClockModel sync(MPI_Comm comm) override;
  std::vector<std::pair<std::string, std::string>> used_params() const override;

  // After sync(): Alg. 8's l^diff, the offset of every rank's clock relative to this rank's
  // (C_i - C_me), 0 for this rank.
  const std::vector<double>& offsets() const { return offsets_; }

 private:
  std::vector<double> offsets_;
};

}  // namespace metron::rt::clocksync
