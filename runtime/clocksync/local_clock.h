// The local clock every synchronization algorithm reads, with METRON_CLOCK_SKEW fault injection,
// and the synchronized (global) clock built from it and a ClockModel.
#pragma once

#include "runtime/clocksync/model/clock_model.h"
#include "runtime/clocksync/model/clock_skew.h"

namespace metron::rt::clocksync {

enum class ClockSource {
  Monotonic,  // clock_gettime(CLOCK_MONOTONIC): ns resolution, never steps
  Wtime,      // MPI_Wtime
};

// A local clock in seconds since its origin, the raw reading taken when the clock was created.
// Starting near 0 is HCA's "adjusted time" (Alg. 2, Get_Adjusted_Time, requirement R-12): model
// intercepts are offsets at local time 0, and fitting on small numbers keeps them meaningful.
// The origin is fixed at creation rather than at each Sync_Clocks so that a model stays valid
// if the clocks are synchronized again. Copies share the origin.
//
// Every algorithm, the clock-check harness and the window process sync read time through
// now(); a timestamp taken from another timer on the same raw source converts with from_raw().
class LocalClock {
 public:
  using RawFn = double (*)();

  explicit LocalClock(ClockSource source = ClockSource::Monotonic, ClockSkew skew = {});
  // A clock over any raw source (tests, a TSC timer).
  explicit LocalClock(RawFn raw, ClockSkew skew = {});

  // A clock whose skew comes from METRON_CLOCK_SKEW for this process's rank in MPI_COMM_WORLD
  // (rank 0 when MPI is not initialized). Throws std::invalid_argument on a malformed value.
  static LocalClock from_env(ClockSource source = ClockSource::Monotonic);

  double now() const { return from_raw(raw_()); }
  double from_raw(double raw_s) const { return skew_.apply(raw_s - origin_s_); }

  double origin_s() const { return origin_s_; }
  const ClockSkew& skew() const { return skew_; }

 private:
  RawFn raw_;
  double origin_s_;
  ClockSkew skew_;
};

// The synchronized clock of one rank: the local clock mapped through this rank's model to the
// reference (root) clock. With the identity model it reads the local clock exactly.
class GlobalClock {
 public:
  explicit GlobalClock(const LocalClock& local, ClockModel model = {})
      : local_(local), model_(model) {}

  double now() const { return model_.to_global(local_.now()); }

  const LocalClock& local() const { return local_; }
  const ClockModel& model() const { return model_; }

 private:
  LocalClock local_;
  ClockModel model_;
};

}  // namespace metron::rt::clocksync
