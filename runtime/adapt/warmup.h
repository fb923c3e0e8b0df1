// WarmupDetector: decides, on the job root between batches of the job's own measured loop
// (results discarded), when the per-observation time has settled, so that measuring starts after
// the transient (MPICH's first ~64 Bcast calls take 30x longer, for example) and not after a
// fixed count.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace metron::adapt {

// The stated criterion (docs/methodology.md, "Warm-up"): the warm-up runs the measured loop
// (the executor: the job's scheme, process sync, buffers and cycling, in the batches the job's
// stopping rule would take, with the same gather and decision between them) and hands over each
// batch's per-observation times as the job would record them. The series is split into windows
// of `window` consecutive observations, across batches. next_batch() caps the batch: a first
// probe of one window estimates the per-observation time, then at least three windows, the first
// of them reaching the floor of min_calls. The warm-up ends when
//   - at least min_calls observations have run, and
//   - a batch completed a window, and the medians of the last three windows lie within
//     `tolerance` of each other: max - min <= tolerance * min + 2 * quantum (the quantum absorbs
//     timer ticks),
// or when a budget runs out (max_calls observations, or max_seconds of warm-up: a batch is cut to
// what the estimate lets fit, and when not even three windows fit the warm-up ends), which is
// recorded. Why the measured loop: MPICH's transients depend on the traffic pattern (process
// sync, the root's gather between batches): a warm-up in windows of 10 calls with the root's
// decision between them left ~44 slow calls in the first 64 of a contiguous measurement (Bcast
// 4 KiB, 2 ranks), and calls run back to back reached a state the synchronized loop did not
// share.
struct WarmupParams {
  std::size_t window = 10;
  std::size_t min_calls = 30;
  std::size_t max_calls = 2000;
  double max_seconds = 2.0;
  double tolerance = 0.10;
  double quantum = 0.0;  // the timer's quantum, seconds
};

// The floors Metron uses: the first job of each (operation, communicator, size) in a launch
// warms up at least kWarmupFirstOfKind calls, later jobs of the same kind kWarmupRepeat (three
// windows). 300, not IMB's 100: in some fresh launches MPICH's first Bcast 4 KiB stays on a slow
// plateau for more than 100 calls, which no stability test can tell from the steady state
// (docs/methodology.md, the first-job benchmark); the time budget caps what large messages pay.
inline constexpr std::size_t kWarmupFirstOfKind = 300;
inline constexpr std::size_t kWarmupRepeat = 30;

// How a warm-up ended; the words are the values of summary.csv's `warmup_end`.
enum class WarmupEnd { Running, Stable, CallBudget, TimeBudget, Fixed };
std::string_view to_string(WarmupEnd e);  // running, stable, call_budget, time_budget, fixed

class WarmupDetector {
 public:
  explicit WarmupDetector(WarmupParams p);
  // The most observations to run next (the probe window first, then at least three windows,
  // cut at max_calls and to the time budget); 0 once ended. The executor runs the smaller of
  // this and the measured loop's own next batch.
  std::size_t next_batch() const;
  // Per-observation times of the batch just run, in order (seconds; NaN entries, invalid or
  // watching, ignored), and the warm-up's elapsed time so far. Returns Running or how it ended.
  WarmupEnd add_batch(std::span<const double> times, double elapsed_s);
  WarmupEnd end() const { return end_; }
  std::size_t calls() const { return calls_; }
  const std::vector<double>& window_medians() const { return medians_; }

 private:
  WarmupParams p_;
  std::size_t calls_ = 0;
  double elapsed_s_ = 0;   // warm-up time so far, as of the last batch
  double per_call_s_ = 0;  // the last window's median: the estimate that cuts blocks
  WarmupEnd end_ = WarmupEnd::Running;
  std::vector<double> medians_;
  std::vector<double> pending_;  // observations of the window not complete yet
};

}  // namespace metron::adapt
