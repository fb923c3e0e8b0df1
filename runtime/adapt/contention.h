// Contention for the CPU during one job, from what Linux counts for any window: CPU pressure
// (/proc/pressure/cpu, `some`: the time at least one runnable task waited for a CPU), steal time
// (/proc/stat: time the hypervisor gave this VM's CPUs to others) and the rank's involuntary
// context switches (getrusage's ru_nivcsw: the scheduler took its core away). Read before and
// after a job's measured loop on every rank, outside the timed region; the thresholds turn them
// into the job's noise flags (docs/methodology.md, "Noise per job"). No MPI, no files: the
// readings are parsed here from the files' text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace metron::adapt {

// One rank's counters at one moment; a counter the kernel does not offer is nullopt.
struct ContentionSample {
  double wall_s = 0;                           // a monotonic clock
  std::optional<double> pressure_some_us;      // /proc/pressure/cpu: some total (microseconds)
  std::optional<double> steal_ticks;           // /proc/stat "cpu": steal, all CPUs (USER_HZ ticks)
  std::optional<double> cpu_ticks;             // /proc/stat "cpu": user .. steal, all CPUs
  std::optional<double> involuntary_switches;  // getrusage(RUSAGE_SELF).ru_nivcsw
};

// The `some` line's total of /proc/pressure/cpu ("some avg10=0.00 avg60=0.00 avg300=0.00
// total=123"), in microseconds.
std::optional<double> parse_pressure_some_us(std::string_view text);
// /proc/stat's first line ("cpu  user nice system idle iowait irq softirq steal ..."): the steal
// ticks and the sum of the eight fields user .. steal (guest time is inside user).
struct CpuTicks {
  double steal = 0;
  double total = 0;
};
std::optional<CpuTicks> parse_stat_cpu(std::string_view text);

// The largest value over the job's ranks and the world rank that had it; max < 0: no rank could
// measure it. Its layout is MPI_DOUBLE_INT's, so MPI_MAXLOC reduces it.
struct RankMax {
  double max = -1;
  int rank = -1;
};

// One rank's contention over the window between two samples.
struct RankContention {
  double cpu_pressure = -1;          // pressure time / wall time; -1: not available
  double cpu_steal = -1;             // steal ticks / CPU ticks; -1: not available or too short
  double involuntary_switches = -1;  // count; -1: not available
  double window_s = 0;
};
RankContention contention_between(const ContentionSample& before, const ContentionSample& after);

// /proc/stat counts in ticks of 10 ms summed over the CPUs: a window of fewer ticks gives no
// steal fraction (one tick would be 100%).
inline constexpr double kMinStealTicks = 20;

// The job's contention: each measure's largest over the job's ranks.
struct JobContention {
  RankMax cpu_pressure;
  RankMax cpu_steal;
  RankMax involuntary_switches;
  double window_s = 0;  // the window's length on the job root (seconds)
};

// Thresholds of the noise flags (docs/methodology.md, "Noise per job"). CPU pressure: some task
// waited for a CPU during more than a tenth of the job's time (a busy loop on a rank's core makes
// it 100%). Steal: the hypervisor took more than 5% of the CPU time. Involuntary switches: more
// than 20 per second and more than 10 in the job (a rank that shares its core is switched at the
// scheduler's slice of milliseconds; one alone on its core only when a short task wakes there).
// Where CPU pressure is measured, switches count only beside some of it (kSwitchPressureFloor):
// on an idle machine whose every core holds a polling rank, the kernel's own short tasks switch
// a rank out 100-150 times a second while no task waits for a CPU (pressure below 2%, medians
// unchanged), and a busy loop beside a rank makes the pressure far larger.
inline constexpr double kCpuPressureFlag = 0.10;
inline constexpr double kCpuStealFlag = 0.05;
inline constexpr double kSwitchRateFlag = 20;
inline constexpr double kSwitchCountFlag = 10;
inline constexpr double kSwitchPressureFloor = 0.02;

// How far past its thresholds the job's contention is: the largest of value / threshold over the
// measures that were available (switches: the smaller of rate / rate threshold and count / count
// threshold, both must be exceeded; only without CPU pressure or beside kSwitchPressureFloor of
// it). Above 1: the job is flagged. 0 when nothing was available.
double contention_score(const JobContention& c);
inline bool contention_flagged(const JobContention& c) {
  return contention_score(c) > 1;
}

// The findings of a flagged job, one per measure above its threshold, naming what was measured:
//   "CPU pressure 38% of the job's time on rank 1"
//   "2,140 involuntary context switches on rank 1 (1,070/s)"
//   "steal time 7% of the CPU time on rank 0"
std::vector<std::string> contention_findings(const JobContention& c);

// 2140 -> "2,140".
std::string grouped(std::int64_t n);

}  // namespace metron::adapt
