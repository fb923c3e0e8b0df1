// TSC availability, invariance checks and frequency (see tsc.h for the order of sources).
#include "runtime/timers/tsc.h"

#include <setjmp.h>
#include <signal.h>
#include <time.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "runtime/sysinfo.h"
#include "runtime/timers/timer.h"

#if METRON_HAVE_TSC
#include <cpuid.h>
#endif

namespace metron::rt {

namespace {

#if METRON_HAVE_TSC
bool cpuid(unsigned leaf, unsigned& a, unsigned& b, unsigned& c, unsigned& d) {
  // __get_cpuid checks the maximum leaf of the range (basic or extended) before reading.
  return __get_cpuid(leaf, &a, &b, &c, &d) != 0;
}

// The hypervisor range (0x40000000...) is not covered by __get_cpuid's range check.
unsigned hypervisor_max_leaf() {
  unsigned a, b, c, d;
  if (!cpuid(1, a, b, c, d) || !(c & (1u << 31))) return 0;  // ECX bit 31: hypervisor present
  __cpuid(0x40000000, a, b, c, d);
  return a;
}

sigjmp_buf g_probe_jump;
void on_sigill(int) {
  siglongjmp(g_probe_jump, 1);
}

// Runs RDTSCP once with a SIGILL handler installed; true if it executed.
bool probe_rdtscp() {
  struct sigaction sa {
  }, old{};
  sa.sa_handler = on_sigill;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGILL, &sa, &old) != 0) return false;
  bool ok = false;
  if (sigsetjmp(g_probe_jump, 1) == 0) {
    unsigned aux;
    volatile std::uint64_t t = __rdtscp(&aux);
    (void)t;
    ok = true;
  }
  sigaction(SIGILL, &old, nullptr);
  return ok;
}
#endif

std::int64_t raw_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// One (tsc, ns) pair read as close together as possible: the TSC read bracketed by two clock
// reads, keeping the tightest bracket of a few tries; the clock value is the bracket's middle.
void paired_read(std::uint64_t& tsc, std::int64_t& ns) {
  std::int64_t best = INT64_MAX;
  for (int i = 0; i < 16; ++i) {
    const std::int64_t a = raw_ns();
    const std::uint64_t t = RdtscpTimer::now();
    const std::int64_t b = raw_ns();
    if (b - a < best) {
      best = b - a;
      tsc = t;
      ns = a + (b - a) / 2;
    }
  }
}

TscFrequency find_frequency() {
  if (const char* env = std::getenv("METRON_TSC_HZ")) {
    char* end = nullptr;
    const double hz = std::strtod(env, &end);
    if (end != env && hz > 0) return {hz, "METRON_TSC_HZ"};
  }
#if METRON_HAVE_TSC
  unsigned a, b, c, d;
  if (cpuid(0x15, a, b, c, d) && a != 0 && b != 0 && c != 0)
    return {static_cast<double>(c) * b / a, "cpuid leaf 0x15 (crystal clock and TSC ratio)"};
  if (cpuid(0x16, a, b, c, d) && (a & 0xffff) != 0)
    return {(a & 0xffff) * 1e6, "cpuid leaf 0x16 (processor base frequency)"};
  if (hypervisor_max_leaf() >= 0x40000010) {
    __cpuid(0x40000010, a, b, c, d);
    if (a != 0) return {a * 1e3, "cpuid leaf 0x40000010 (hypervisor timing information)"};
  }
  if (tsc_available()) {
    // Calibration: ticks over ~50 ms of CLOCK_MONOTONIC_RAW (not slewed by NTP). The bracket
    // of each end is well under a microsecond, so the estimate is good to about 1e-5.
    std::uint64_t t0, t1;
    std::int64_t n0, n1;
    paired_read(t0, n0);
    while (raw_ns() - n0 < 50'000'000) {
    }
    paired_read(t1, n1);
    return {static_cast<double>(t1 - t0) * 1e9 / static_cast<double>(n1 - n0),
            "calibrated against CLOCK_MONOTONIC_RAW over 50 ms"};
  }
#endif
  return {0, "unavailable"};
}

}  // namespace

const TscChecks& tsc_checks() {
  static const TscChecks checks = [] {
    TscChecks c;
#if METRON_HAVE_TSC
    unsigned a, b, cx, d;
    if (cpuid(0x80000001, a, b, cx, d)) c.rdtscp_cpuid = (d >> 27) & 1;
    if (cpuid(0x80000007, a, b, cx, d)) c.invariant_cpuid = (d >> 8) & 1;
    c.rdtscp_executes = c.rdtscp_cpuid || probe_rdtscp();
#endif
    c.constant_tsc = has_cpu_flag("constant_tsc");
    c.nonstop_tsc = has_cpu_flag("nonstop_tsc");
    return c;
  }();
  return checks;
}

bool tsc_available() {
  return tsc_checks().rdtscp_executes;
}

const TscFrequency& tsc_frequency() {
  static const TscFrequency f = [] {
    TscFrequency r = find_frequency();
    RdtscpTimer::seconds_per_tick = r.hz > 0 ? 1.0 / r.hz : 0.0;
    return r;
  }();
  return f;
}

std::vector<std::string> tsc_warnings() {
  std::vector<std::string> w;
  const TscChecks& c = tsc_checks();
  if (!c.rdtscp_executes) {
    w.push_back("the CPU does not execute RDTSCP; the rdtscp timer cannot be used");
    return w;
  }
  if (!c.rdtscp_cpuid)
    w.push_back("cpuid does not report RDTSCP, but the instruction executes (virtual CPU)");
  if (!c.constant_tsc)
    w.push_back("/proc/cpuinfo lacks 'constant_tsc': the TSC rate may follow the core frequency");
  if (!c.nonstop_tsc)
    w.push_back("/proc/cpuinfo lacks 'nonstop_tsc': the TSC may stop in deep C-states");
  if (!process_pinned())
    w.push_back(
        "process is not pinned to one CPU: TSC reads may come from different cores (pin ranks, "
        "e.g. mpiexec -bind-to core)");
  const TscFrequency& f = tsc_frequency();
  if (f.source.rfind("calibrated", 0) == 0)
    w.push_back(
        "TSC frequency is estimated, not nominal; set METRON_TSC_HZ to the nominal frequency for "
        "a fixed conversion");
  return w;
}

}  // namespace metron::rt
