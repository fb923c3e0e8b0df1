// Timers: each reads forward, its resolution and overhead are measured and plausible, the TSC
// frequency has a source and converts ticks to the same seconds as CLOCK_MONOTONIC; sysinfo.
#include "runtime/sysinfo.h"
#include "runtime/timers/timer.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/timers/timer_info.h"
#include "runtime/timers/tsc.h"

#include <doctest/doctest.h>

#include <cmath>

#include <nlohmann/json.hpp>

using namespace metron;

namespace {

template <class T>
int backward_steps() {
  int back = 0;
  typename T::Stamp prev = T::now();
  for (int i = 0; i < 100000; ++i) {
    const typename T::Stamp cur = T::now();
    back += cur < prev;
    prev = cur;
  }
  return back;
}

}  // namespace

TEST_CASE("timers: reads never go backwards") {
  CHECK(backward_steps<rt::WtimeTimer>() == 0);
  CHECK(backward_steps<rt::MonotonicTimer>() == 0);
  if (rt::tsc_available()) CHECK(backward_steps<rt::RdtscpTimer>() == 0);
}

TEST_CASE("timers: probe_timer measures resolution and overhead") {
  for (TimerKind k : {TimerKind::Wtime, TimerKind::Monotonic, TimerKind::Rdtscp}) {
    CAPTURE(timer_name(k));
    const rt::TimerInfo info = rt::probe_timer(k);
    CHECK(info.name == timer_name(k));
    if (!info.available) {
      CHECK(k == TimerKind::Rdtscp);
      CHECK(!info.warnings.empty());
      continue;
    }
    CHECK(info.resolution_s > 0);
    CHECK(info.resolution_s < 1e-4);
    CHECK(info.overhead_s > 0);
    CHECK(info.overhead_s < 1e-5);
    CHECK(info.frequency_hz > 0);
    CHECK(!info.frequency_source.empty());
    // The clock's step is a whole number of ticks, and the quantum lies between one tick and
    // the resolution (it is the step unless the clock is coarse).
    const double tick = 1.0 / info.frequency_hz;
    CHECK(info.step_s >= tick * (1 - 1e-9));
    CHECK(std::fabs(info.step_s / tick - std::round(info.step_s / tick)) < 1e-6);
    CHECK(info.quantum_s >= tick * (1 - 1e-9));
    CHECK(info.quantum_s <= info.resolution_s);
    if (info.resolution_s <= 2 * info.overhead_s)
      CHECK(info.quantum_s == doctest::Approx(std::min(info.resolution_s, info.step_s)));
    nlohmann::json j = info;
    CHECK(j["name"] == timer_name(k));
    CHECK(j["resolution_s"].get<double>() == info.resolution_s);
    CHECK(j["step_s"].get<double>() == info.step_s);
  }
}

TEST_CASE("timers: timer_quantum takes the hidden step, at least one tick") {
  // A fine clock read in 1 ns units that moves in 10 ns steps under a 30 ns read cost.
  CHECK(rt::timer_quantum(30e-9, 29e-9, 1e9, 10e-9) == doctest::Approx(10e-9));
  CHECK(rt::timer_quantum(30e-9, 29e-9, 1e9, 0) == doctest::Approx(1e-9));
  // A coarse clock: its resolution, whatever the step says.
  CHECK(rt::timer_quantum(1e-6, 29e-9, 1e9, 10e-9) == doctest::Approx(1e-6));
  // Never coarser than the resolution; no frequency: the resolution.
  CHECK(rt::timer_quantum(30e-9, 29e-9, 1e9, 50e-9) == doctest::Approx(30e-9));
  CHECK(rt::timer_quantum(30e-9, 29e-9, 0, 10e-9) == doctest::Approx(30e-9));
}

TEST_CASE("timers: the TSC frequency converts ticks to monotonic seconds") {
  if (!rt::tsc_available()) return;
  const rt::TscFrequency& f = rt::tsc_frequency();
  CHECK(f.hz > 1e8);
  CHECK(f.hz < 1e10);
  CHECK(rt::RdtscpTimer::seconds_per_tick == doctest::Approx(1.0 / f.hz));
  // 30 ms measured by both clocks agree to 0.1% (calibration is good to about 1e-5; a
  // nominal frequency from cpuid may differ from the real rate by a little more).
  const auto m0 = rt::MonotonicTimer::now();
  const auto t0 = rt::RdtscpTimer::now();
  while (rt::MonotonicTimer::now() - m0 < 30'000'000) {
  }
  const auto t1 = rt::RdtscpTimer::now();
  const auto m1 = rt::MonotonicTimer::now();
  const double mono = rt::MonotonicTimer::seconds(m1 - m0);
  const double tsc = rt::RdtscpTimer::seconds(t1) - rt::RdtscpTimer::seconds(t0);
  CHECK(tsc == doctest::Approx(mono).epsilon(1e-3));
}

TEST_CASE("timers: TSC warnings name what is missing") {
  if (!rt::tsc_available()) return;
  const auto w = rt::tsc_warnings();
  const bool says_unpinned = std::any_of(w.begin(), w.end(), [](const std::string& s) {
    return s.find("not pinned") != std::string::npos;
  });
  CHECK(says_unpinned == !rt::process_pinned());
  const rt::TscChecks& c = rt::tsc_checks();
  CHECK(c.constant_tsc == rt::has_cpu_flag("constant_tsc"));
}

TEST_CASE("timers: with_timer picks the instance and now_seconds moves on") {
  CHECK(rt::with_timer(TimerKind::Monotonic, [](auto t) { return decltype(t)::kKind; }) ==
        TimerKind::Monotonic);
  CHECK(rt::with_timer(TimerKind::Wtime, [](auto t) { return decltype(t)::kKind; }) ==
        TimerKind::Wtime);
  const double a = rt::now_seconds(TimerKind::Monotonic);
  const double b = rt::now_seconds(TimerKind::Monotonic);
  CHECK(b >= a);
}

TEST_CASE("sysinfo: host, MPI, CPU, environment and pinning") {
  setenv("MPIR_CVAR_METRON_TEST", "1", 1);
  const rt::SysInfo s = rt::collect_sysinfo(MPI_COMM_WORLD);
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(!s.host.empty());
  CHECK(s.mpi_library_version.find("MPI") != std::string::npos);
  CHECK(s.mpi_standard_version.find('.') != std::string::npos);
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  // Gathered onto rank 0, which writes them into the manifest.
  CHECK(s.processor_names.size() == (me == 0 ? static_cast<std::size_t>(size) : 0u));
  CHECK(s.cores_online >= 1);
  CHECK(!s.compiler.empty());
  CHECK(s.pinned == (s.affinity.size() == 1));
  bool found = false;
  for (const auto& [k, v] : s.environment) found |= k == "MPIR_CVAR_METRON_TEST" && v == "1";
  CHECK(found);
  CHECK(rt::is_recorded_env("HYDRA_TOPO_DEBUG"));
  CHECK(rt::is_recorded_env("OMP_PROC_BIND"));
  CHECK(!rt::is_recorded_env("HOME"));
  nlohmann::json j = s;
  CHECK(j["environment"]["MPIR_CVAR_METRON_TEST"] == "1");
  CHECK(j["processor_names"].size() == s.processor_names.size());
}
