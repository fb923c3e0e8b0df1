// The measurement settings in force for a job: timer, scheme, synchronization, repetitions,
// stopping, outliers, buffers. Scripts change them with `set NAME = value` and SKaMPI's set_*
// functions; every Job keeps a snapshot. Keys are listed once in settings.cpp (kSettingTable)
// and documented in docs/language.md; the same snake_case word is the manifest key.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/adapt/noisy_job.h"
#include "runtime/adapt/stop_rule.h"
#include "runtime/plan/io_settings.h"
#include "runtime/plan/source.h"
#include "runtime/plan/value.h"

namespace metron {

// The largest arena per rank (`set buffer`, set_skampi_buffer), as docs/language.md states.
inline constexpr std::int64_t kMaxBufferBytes = std::int64_t{1} << 40;

enum class TimerKind { Wtime, Monotonic, Rdtscp };
// MS1: per-call timestamps after a process sync; MS2: mean over a loop without sync (IMB,
// mpptest); MS3: loop with a barrier before each call, mean of the loop (Table III of
// "MPI Benchmarking Revisited").
enum class SchemeKind { PerCall, LoopMean, LoopBarrier };
enum class ProcSyncKind { None, Barrier, DoubleBarrier, Dissemination, Window, RoundTime };
enum class RuntimeKind { Local, Global };
enum class OutlierKind { None, Tukey, Trimmed };
enum class ClockKind { None, SkampiOffset, NetgaugeOffset, JonesKoenig, Hca, Hca2, Hca3, Topo2 };
enum class RefineKind { Metron, Skampi, Mpptest };

struct ClockSettings {
  ClockKind kind = ClockKind::None;
  // The experiment values of "MPI Benchmarking Revisited", not ReproMPI's code defaults (20, 10):
  // those fit the drift over a few milliseconds, and on 16 ranks of one machine left offsets of
  // 50-110 us five seconds later (docs/methodology-clocksync.md).
  std::int64_t fitpoints = 1000;
  std::int64_t exchanges = 100;
  bool offset_only = false;
  // topo2: the method of the node leaders and the method inside a node (docs/clocksync.md).
  std::string topo_inter = "hca3";
  std::string topo_intra = "hca3";
  double resync_every_s = 0;           // 0: never re-synchronize after some time
  std::int64_t resync_every_jobs = 0;  // 0: never re-synchronize after some jobs
};

struct SyncSettings {
  ProcSyncKind kind = ProcSyncKind::Barrier;
  double window_s = 1e-3;         // window: the slot length
  double wait_time_s = 1e-3;      // window: delay before the first slot (ReproMPI --wait-time)
  bool adaptive = false;          // window: SKaMPI's self-adjusting slot
  double bcast_mult = 4.0;        // roundtime: start = now + mult * measured bcast time
  double roundtime_budget_s = 1;  // roundtime: time budget per job
  ClockSettings clock;
};

// mpptest's defaults for `set refine = mpptest(...)`: -autorel 0.02, -autodx 4 (bytes).
inline constexpr double kMpptestAutorel = 0.02;
inline constexpr std::int64_t kMpptestAutodx = 4;

struct RefineSettings {
  RefineKind kind = RefineKind::Metron;
  double factor = 2.0;           // skampi: points budget = factor * regular points
  double rel_tolerance = 0.05;   // metron, mpptest (autorel)
  std::int64_t min_gap = 1;      // mpptest (autodx), metron: smallest interval to split
  std::int64_t max_points = 64;  // metron: extra points budget
  double max_time_s = 60;        // metron: time budget for refinement of one loop
};

inline constexpr std::int64_t kWarmupAuto = -1;

// What a job does when its contention for the CPU while it measured passes the thresholds
// (`set noisy_job`, adapt/noisy_job.h, docs/methodology.md): flag it; measure it again, keeping
// the least contended of at most `attempts` measurements (the default: a first number measured
// during a burst of other work is not reported as the job's); or fail it.
using adapt::NoisyJobKind;
struct NoisyJobSettings {
  NoisyJobKind kind = NoisyJobKind::Remeasure;
  std::int64_t attempts = 3;  // remeasure: measurements in all, the first included
};

struct Settings {
  TimerKind timer = TimerKind::Wtime;
  SchemeKind scheme = SchemeKind::PerCall;
  RuntimeKind runtime = RuntimeKind::Local;
  SyncSettings sync;

  // Repetitions and stopping. `reps` fixes the count; otherwise the stop rule decides within
  // [min_reps, max_reps] and the time budget.
  std::optional<std::int64_t> reps;
  std::int64_t min_reps = 8;   // SKaMPI's default
  std::int64_t max_reps = 33;  // SKaMPI's default
  double max_rse = 0.10;       // SKaMPI's default (set_max_relative_standard_error)
  double max_time_s = 10;      // time budget per job
  // Warm-up before measuring: kWarmupAuto runs calls until the per-call time is stable
  // (adapt/warmup.h, docs/methodology.md), a count >= 0 runs exactly that many.
  std::int64_t warmup_reps = -1;
  // Post-hoc initial-transient truncation of the recorded series (MSER-5, stats/mser.h).
  bool truncation = true;
  std::int64_t loop_iterations = 1;             // MS2/MS3: calls per timed loop
  std::shared_ptr<const adapt::StopRule> stop;  // `stop when ...`; null: SKaMPI's RSE rule
  std::string stop_rule_text;                   // the rule as the script wrote it (plan, manifest)
  std::string batch_schedule = "fixed";         // fixed | growing (ReproMPI)
  std::int64_t batch_step = 4;

  OutlierKind outliers = OutlierKind::None;
  double tukey_k = 1.5;

  // Buffers (SKaMPI's set_skampi_buffer, buffer cycling, alignment, cache size).
  std::int64_t buffer_bytes = 4 << 20;
  // Off by default, as OSU, IMB and ReproMPI measure (warm caches); on: cold-cache measurement.
  bool buffer_cycling = false;
  // OSU's -b single: the windowed bandwidths receive every message of a window into one block
  // (concurrent receives into one buffer, which MPI does not define; docs/language.md).
  bool single_buffer = false;
  std::int64_t send_alignment = 64;
  std::int64_t recv_alignment = 64;
  std::int64_t cache_bytes = 32 << 20;

  bool verify = false;
  bool raw_per_rank = false;
  // IMB's -root_shift: the rooted collectives move the root to the next rank after each
  // observation (MeasureFunc::shifts_root).
  bool root_shift = false;
  // IMB's -multi: a job on comm(n) runs on floor(np / n) groups of n ranks at once
  // (runtime/plan/imb_groups.h).
  bool multi = false;
  double unit = 1e6;  // SKaMPI's set_unit: .sko output scale (microseconds)
  std::int64_t max_nr_node_times = 16;
  RefineSettings refine;
  NoisyJobSettings noisy_job;
  IoSettings io;  // MPI-IO operations (docs/io.md)
};

// The value of setting `key` in s, written as `set key = ...` accepts it (docs show the defaults
// of Settings{} this way); "" for an unknown key. The keys: setting_table.h.
std::string setting_value_text(const Settings& s, std::string_view key);

// How values are written in setting texts.
std::string seconds_text(double s);
std::string bytes_text(std::int64_t b);
std::string percent_text(double f);
std::string on_off(bool b);
std::string clock_text(const ClockSettings& c);

std::string timer_name(TimerKind k);
std::string scheme_name(SchemeKind k);
std::string proc_sync_name(ProcSyncKind k);
std::string runtime_name(RuntimeKind k);
std::string outlier_name(OutlierKind k);
std::string noisy_job_name(NoisyJobKind k);
std::string clock_name(ClockKind k);
std::string refine_name(RefineKind k);

}  // namespace metron
