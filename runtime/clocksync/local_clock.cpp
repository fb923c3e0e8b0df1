// Local clock sources (CLOCK_MONOTONIC, MPI_Wtime) and METRON_CLOCK_SKEW lookup.
#include "runtime/clocksync/local_clock.h"

#include <mpi.h>
#include <time.h>  // clock_gettime

#include <cstdlib>

namespace metron::rt::clocksync {

namespace {

double monotonic_s() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double wtime_s() {
  return MPI_Wtime();
}

}  // namespace

LocalClock::LocalClock(ClockSource source, ClockSkew skew)
    : LocalClock(source == ClockSource::Wtime ? &wtime_s : &monotonic_s, skew) {}

LocalClock::LocalClock(RawFn raw, ClockSkew skew) : raw_(raw), origin_s_(raw()), skew_(skew) {}

LocalClock LocalClock::from_env(ClockSource source) {
  int rank = 0;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char* text = std::getenv(kClockSkewEnv);
  const ClockSkew skew = text ? skew_for_rank(parse_clock_skew(text), rank) : ClockSkew{};
  return LocalClock(source, skew);
}

}  // namespace metron::rt::clocksync
