// Resolution and overhead measurement of the timers, and their warnings.
#include "runtime/timers/timer_info.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "runtime/simulation.h"
#include "runtime/stats/clock_step.h"

#include "runtime/timers/timer.h"
#include "runtime/timers/tsc.h"

namespace metron::rt {

namespace {

// Smallest nonzero difference between consecutive reads. Stops after enough nonzero steps
// have been seen or a read budget is spent (a coarse timer may advance rarely).
template <class Timer>
double measure_resolution() {
  constexpr int kSteps = 200;
  constexpr long kMaxReads = 20'000'000;
  double best = std::numeric_limits<double>::infinity();
  int steps = 0;
  typename Timer::Stamp prev = Timer::now();
  for (long i = 0; i < kMaxReads && steps < kSteps; ++i) {
    const typename Timer::Stamp cur = Timer::now();
    if (cur != prev) {
      best = std::min(best, Timer::seconds(cur) - Timer::seconds(prev));
      ++steps;
    }
    prev = cur;
  }
  return steps ? best : 0.0;
}

// Mean cost of one read: the time the timer itself sees for many back-to-back reads; the best
// of a few rounds, so a preemption does not inflate it. 2,000 reads of ~30 ns take ~60 us, a
// duration a nanosecond clock resolves to 2e-5 of it; every launch's start waits for the 5
// rounds (5 x 100,000 reads once took 15 ms of it, 5 x 20,000 still 2-3 ms).
template <class Timer>
double measure_overhead() {
  constexpr int kReads = 2'000;
  double best = std::numeric_limits<double>::infinity();
  for (int round = 0; round < 5; ++round) {
    const typename Timer::Stamp t0 = Timer::now();
    typename Timer::Stamp last = t0;
    for (int i = 0; i < kReads; ++i) last = Timer::now();
    best = std::min(best, (Timer::seconds(last) - Timer::seconds(t0)) / kReads);
  }
  return best;
}

// The step in which the clock advances, in seconds (stats::clock_step): differences of two reads
// separated by a busy delay that varies over a few hundred nanoseconds, so that they fall on
// many multiples of the step. 0 when the frequency is unknown.
template <class Timer>
double measure_step(double frequency_hz) {
  if (!(frequency_hz > 0)) return 0;
  constexpr int kPairs = 2000;
  std::vector<std::int64_t> ticks;
  ticks.reserve(kPairs);
  volatile std::uint64_t sink = 0;
  for (int i = 0; i < kPairs; ++i) {
    const typename Timer::Stamp a = Timer::now();
    for (int k = (i * 37) % 256; k > 0; --k) sink = sink + 1;
    const typename Timer::Stamp b = Timer::now();
    ticks.push_back(std::llround((Timer::seconds(b) - Timer::seconds(a)) * frequency_hz));
  }
  return static_cast<double>(stats::clock_step(ticks)) / frequency_hz;
}

}  // namespace

namespace {
// In a simulation the clocks are SimGrid's: simulated time, kept to 1 ns (smpirun's
// surf/precision), each read adding smpi/wtime (10 ns by default) to it. Probing by millions of
// reads would take minutes of the simulation's wall time (about 10 us a read) and find only those
// two settings, so they are recorded as they are.
TimerInfo simulated_timer(TimerInfo info) {
  info.frequency_hz = 1e9;
  info.frequency_source = "SimGrid's simulated clock (not probed)";
  info.resolution_s = 1e-9;
  info.quantum_s = 1e-9;
  return info;
}
}  // namespace

TimerInfo probe_timer(TimerKind kind) {
  TimerInfo info;
  info.name = timer_name(kind);
  if (kSimulated) return simulated_timer(info);
  switch (kind) {
    case TimerKind::Wtime: {
      const double tick = MPI_Wtick();
      info.frequency_hz = tick > 0 ? 1.0 / tick : 0;
      info.frequency_source = "1 / MPI_Wtick";
      info.resolution_s = measure_resolution<WtimeTimer>();
      info.overhead_s = measure_overhead<WtimeTimer>();
      info.step_s = measure_step<WtimeTimer>(info.frequency_hz);
      break;
    }
    case TimerKind::Monotonic:
      info.frequency_hz = 1e9;
      info.frequency_source = "clock_gettime(CLOCK_MONOTONIC) nanoseconds";
      info.resolution_s = measure_resolution<MonotonicTimer>();
      info.overhead_s = measure_overhead<MonotonicTimer>();
      info.step_s = measure_step<MonotonicTimer>(info.frequency_hz);
      break;
    case TimerKind::Rdtscp: {
      info.warnings = tsc_warnings();
      if (!tsc_available()) {
        info.available = false;
        return info;
      }
      const TscFrequency& f = tsc_frequency();
      info.frequency_hz = f.hz;
      info.frequency_source = f.source;
      info.resolution_s = measure_resolution<RdtscpTimer>();
      info.overhead_s = measure_overhead<RdtscpTimer>();
      info.step_s = measure_step<RdtscpTimer>(info.frequency_hz);
      break;
    }
  }
  info.quantum_s =
      timer_quantum(info.resolution_s, info.overhead_s, info.frequency_hz, info.step_s);
  if (info.resolution_s > 1e-6)
    info.warnings.push_back(
        "timer resolution is coarser than 1 us; short operations are quantized");
  return info;
}

double timer_quantum(double resolution_s, double overhead_s, double frequency_hz, double step_s) {
  if (resolution_s > 2 * overhead_s || !(frequency_hz > 0)) return resolution_s;
  return std::min(resolution_s, std::max(1.0 / frequency_hz, step_s));
}

double now_seconds(TimerKind kind) {
  if (kind == TimerKind::Rdtscp) tsc_frequency();
  return with_timer(kind, [](auto timer) {
    using T = decltype(timer);
    return T::seconds(T::now());
  });
}

void to_json(nlohmann::json& j, const TimerInfo& t) {
  j = nlohmann::json{{"name", t.name},
                     {"available", t.available},
                     {"resolution_s", t.resolution_s},
                     {"overhead_s", t.overhead_s},
                     {"step_s", t.step_s},
                     {"quantum_s", t.quantum_s},
                     {"frequency_hz", t.frequency_hz},
                     {"frequency_source", t.frequency_source},
                     {"warnings", t.warnings}};
}

}  // namespace metron::rt
