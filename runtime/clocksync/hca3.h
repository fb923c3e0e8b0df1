// HCA3 and HCA3O: top-down tree synchronization where each rank learns against a parent whose clock
// is already global (ReproMPI's HCA3, mpi-time-sync HCA3ClockSync.cpp).
#pragma once

#include "runtime/clocksync/clock_sync.h"

namespace metron::rt::clocksync {

// The pairs of the HCA tree visited root first (TreeOrder::TopDown): in round 1 the root serves
// rank maxpower/2, in the last power-of-two round every even rank serves the odd one above it,
// then ranks >= maxpower learn from r - maxpower. A reference answers with its *global* clock,
// so the client's model is directly against the root and nothing is composed or scattered.
// The error of a rank adds up along its path from the root (O(log p) pairs).
//  - HCA3 (offset_only = false): the client estimates its RTT (Alg. 17) and fits a drift model
//    (Learn_Model, Alg. 4) against the parent's global clock. The regression intercept is kept
//    unless recompute_intercept is set, in which case a SKaMPI offset replaces it (as in HCA).
//    Keeping it is sound here because the fit is on the adjusted clock that starts near 0 at
//    clock creation, so the intercept is not extrapolated far (see methodology).
//  - HCA3O (offset_only = true): one SKaMPI ping-pong against the parent's global clock per
//    pair; slope 0. Fast, drifts like SKaMPI.
// Parameters: HCA3 fitpoints, exchanges, rtt_pingpongs, warmup, recompute_intercept (and
// pingpongs when it is set); HCA3O pingpongs.
class Hca3 final : public ClockSync {
 public:
  Hca3(const LocalClock& clock, const SyncParams& params, bool offset_only)
      : ClockSync(clock, params), offset_only_(offset_only) {}
  std::string_view name() const override { return offset_only_ ? "hca3o" : "hca3"; }
  ClockModel sync(MPI_Comm comm) override;
  std::vector<std::pair<std::string, std::string>> used_params() const override;

 private:
  bool offset_only_;
};

}  // namespace metron::rt::clocksync
