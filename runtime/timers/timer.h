// The timers of the timed loop: MPI_Wtime, clock_gettime(CLOCK_MONOTONIC) and RDTSCP, each a
// struct with a static inline now(), so schemes are templated on the timer and the loop holds
// no virtual call and no branch on a setting.
//
// A timer returns a Stamp (its native unit) from now(); seconds() converts a stamp to seconds.
// The schemes store stamps during the loop and convert after it, so no multiplication sits
// between the two reads of an observation.
#pragma once

#include <time.h>  // clock_gettime

#include <cstdint>
#include <utility>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>  // __rdtscp, _mm_lfence
#define METRON_HAVE_TSC 1
#else
#define METRON_HAVE_TSC 0
#endif

#include "runtime/plan/settings.h"

namespace metron::rt {

// MPI_Wtime: portable; resolution is the library's (MPI_Wtick).
struct WtimeTimer {
  using Stamp = double;
  static constexpr TimerKind kKind = TimerKind::Wtime;
  static Stamp now() noexcept { return MPI_Wtime(); }
  static double seconds(Stamp s) noexcept { return s; }
};

// CLOCK_MONOTONIC through the vDSO (no system call); stamps in nanoseconds.
struct MonotonicTimer {
  using Stamp = std::int64_t;
  static constexpr TimerKind kKind = TimerKind::Monotonic;
  static Stamp now() noexcept {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<Stamp>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
  }
  static double seconds(Stamp ns) noexcept { return static_cast<double>(ns) * 1e-9; }
};

// RDTSCP: the time-stamp counter, converted at a fixed frequency (tsc.h says where it came
// from). RDTSCP waits until all earlier instructions have executed; the LFENCE after it keeps
// later instructions (the measured call) from starting before the read (Intel SDM, RDTSCP).
// The counter is per core: the process must be pinned and the TSC invariant (constant_tsc,
// nonstop_tsc); probe_timer() warns otherwise. Call tsc_frequency() once before seconds().
struct RdtscpTimer {
  using Stamp = std::uint64_t;
  static constexpr TimerKind kKind = TimerKind::Rdtscp;
  static Stamp now() noexcept {
#if METRON_HAVE_TSC
    unsigned aux;
    const Stamp t = __rdtscp(&aux);
    _mm_lfence();
    return t;
#else
    return 0;  // tsc_available() is false; JobRunner refuses the timer before any loop runs
#endif
  }
  static double seconds(Stamp ticks) noexcept {
    return static_cast<double>(ticks) * seconds_per_tick;
  }
  static inline double seconds_per_tick = 0;  // set once by tsc_frequency()
};

// Calls f(WtimeTimer{}), f(MonotonicTimer{}) or f(RdtscpTimer{}): the one switch outside the
// loop that picks the template instance.
template <class F>
decltype(auto) with_timer(TimerKind kind, F&& f) {
  switch (kind) {
    case TimerKind::Monotonic:
      return std::forward<F>(f)(MonotonicTimer{});
    case TimerKind::Rdtscp:
      return std::forward<F>(f)(RdtscpTimer{});
    case TimerKind::Wtime:
      break;
  }
  return std::forward<F>(f)(WtimeTimer{});
}

// The current time in seconds on the given timer, for code outside timed loops (clock sync,
// budgets). Initializes the TSC frequency on first use of rdtscp.
double now_seconds(TimerKind kind);

}  // namespace metron::rt
