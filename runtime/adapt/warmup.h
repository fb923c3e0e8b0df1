// WarmupDetector: decides, on the job root between batches of untimed-for-the-result calls,
// when the per-call time has settled, so that measuring starts after the transient (MPICH's
// first ~64 Bcast calls take 30x longer, for example) and not after a fixed count.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace metron::adapt {

// The stated criterion (docs/methodology.md, "Warm-up"): calls run in windows of `window`; after
// each window its median is taken, and the warm-up ends when
//   - at least min_calls calls have run, and
//   - the medians of the last three windows lie within `tolerance` of each other:
//     max - min <= tolerance * min + 2 * quantum (the quantum absorbs timer ticks),
// or when a budget runs out (max_calls calls or max_seconds of warm-up), which is recorded.
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
  // Calls to run next (a window, cut at max_calls); 0 once ended.
  std::size_t next_batch() const;
  // Per-call times of the batch just run (seconds; NaN entries ignored) and the warm-up's
  // elapsed time so far. Returns Running or how it ended.
  WarmupEnd add_batch(std::span<const double> times, double elapsed_s);
  WarmupEnd end() const { return end_; }
  std::size_t calls() const { return calls_; }
  const std::vector<double>& window_medians() const { return medians_; }

 private:
  WarmupParams p_;
  std::size_t calls_ = 0;
  WarmupEnd end_ = WarmupEnd::Running;
  std::vector<double> medians_;
};

}  // namespace metron::adapt
