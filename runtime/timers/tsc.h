// The time-stamp counter behind the rdtscp timer: whether it can be used, whether it is
// invariant, and its frequency with where the frequency came from.
#pragma once

#include <string>
#include <vector>

namespace metron::rt {

struct TscFrequency {
  double hz = 0;
  std::string source;  // e.g. "METRON_TSC_HZ", "cpuid leaf 0x15", "calibrated against ..."
};

// Read once per process, in this order: the environment variable METRON_TSC_HZ (a fixed
// nominal frequency, as "MPI Benchmarking Revisited" §3.4 recommends), cpuid leaf 0x15 (TSC/crystal
// ratio), cpuid leaf 0x16 (base frequency), the hypervisor's timing leaf 0x40000010, and last a 50
// ms calibration against CLOCK_MONOTONIC_RAW. Sets RdtscpTimer::seconds_per_tick.
const TscFrequency& tsc_frequency();

struct TscChecks {
  bool rdtscp_cpuid = false;     // cpuid 0x80000001 EDX bit 27 reports RDTSCP
  bool rdtscp_executes = false;  // the instruction ran without SIGILL (probed once)
  bool constant_tsc = false;     // /proc/cpuinfo flag: rate independent of the core frequency
  bool nonstop_tsc = false;      // /proc/cpuinfo flag: keeps counting in deep C-states
  bool invariant_cpuid = false;  // cpuid 0x80000007 EDX bit 8 (invariant TSC)
};
const TscChecks& tsc_checks();

// RDTSCP executes on this machine (some virtual CPUs hide the cpuid bit yet run it; the probe
// is what decides).
bool tsc_available();

// Warnings about using the TSC as a timer here: not invariant, process not pinned, frequency
// estimated rather than nominal, cpuid and behaviour disagree.
std::vector<std::string> tsc_warnings();

}  // namespace metron::rt
