// MSER-m: the initial-transient truncation rule of simulation output analysis (White 1997,
// "An effective truncation heuristic for bias reduction in simulation output", Simulation
// 69(6); White, Cobb, Spratt 2000, "A comparison of five steady-state truncation heuristics for
// simulation", WSC). With m = 5 it is MSER-5.
#pragma once

#include <cstddef>
#include <span>

namespace metron::stats {

// The series is cut into k = floor(n / m) batches of m consecutive values (a remainder at the
// end is left out) with means Z_1..Z_k. For every truncation point d (batches dropped from the
// front) the rule computes
//   MSER(d) = 1 / (k - d)^2 * sum_{j = d+1..k} (Z_j - mean(Z_{d+1..k}))^2
// (the squared standard error of the kept mean, up to a constant), and truncates at the d that
// minimizes it over the first half, d = 0 .. floor(k / 2) (ties: the smallest d). The search
// stops at the middle because near the end k - d is small and a chance run of similar batches
// makes MSER(d) tiny (White, Cobb, Spratt: a minimum past the middle means "the run is too
// short"). Whether the minimum over all d = 0 .. k - 2 lies in the first half is `settled`.
// BatchStatistic::Median uses batch medians instead of means. Timing series have a heavy right
// tail (a descheduled call takes milliseconds); with means, every late spike looks like a
// transient to cut after, and the first-half minimum lands anywhere. Metron's truncation uses
// the median variant.
enum class BatchStatistic { Mean, Median };

struct MserResult {
  bool assessable = false;     // n >= 4 m, all values finite
  std::size_t batches = 0;     // k
  std::size_t best_batch = 0;  // d*, the argmin over the first half
  std::size_t truncate = 0;    // observations to drop: m d*
  bool settled = true;         // the argmin over all d lies in the first half
  double statistic = 0.0;      // MSER(d*)
};

MserResult mser(std::span<const double> x, std::size_t m = 5,
                BatchStatistic batch = BatchStatistic::Mean);

}  // namespace metron::stats
