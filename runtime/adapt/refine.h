// Refiner: adaptive refinement of an `autorefine` loop (Metron's noise-aware default, SKaMPI's
// weighted midpoints, mpptest's -auto): which further loop values to measure, round by round.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace metron::adapt {

enum class RefineAlgorithm { Metron, Skampi, Mpptest };

// "metron", "skampi", "mpptest": the `refine_algorithm` column and the `set refine = ...` word.
std::string refine_algorithm_name(RefineAlgorithm a);

// The defaults are metron's; `set refine = mpptest()` passes mpptest's own autorel 0.02 and
// autodx 4 (runtime/plan/settings.h).
struct RefineConfig {
  RefineAlgorithm algorithm = RefineAlgorithm::Metron;
  double factor = 2.0;           // skampi: total points budget = factor * regular points
  double rel_tolerance = 0.05;   // metron and mpptest (autorel)
  std::int64_t min_gap = 1;      // smallest interval that may be split (mpptest autodx; metron)
  std::int64_t max_points = 64;  // metron: extra points budget
  double max_time_s = 60;        // metron: time budget for the loop's refinement
  // The loop was `step *s`: midpoints are geometric (metron only; skampi and mpptest use
  // arithmetic midpoints as the originals do).
  bool multiplicative = false;
  bool integer = true;           // x values are integers (message sizes): round midpoints
  std::int64_t multiple_of = 0;  // 0: none; else midpoints rounded to multiples (as the loop)
};

struct RefinePoint {
  double x;       // the loop variable's value
  double y;       // the reported value at x (median run-time, seconds); NaN: not measured
  double lo, hi;  // its CI (NaN if not assessable)
  int round;      // 0: regular grid point; k: added in refinement round k
};

// Stop reasons (stop_reason()); empty while refinement goes on.
inline constexpr const char* kRefineConverged = "converged";
inline constexpr const char* kRefinePointsBudget = "points_budget";
inline constexpr const char* kRefineTimeBudget = "time_budget";
inline constexpr const char* kRefineIntervalExhausted = "interval_exhausted";
inline constexpr const char* kRefineRoundBudget = "round_budget";  // mpptest: 6 levels

// mpptest's fixed limits (MPICH's perftest mpptest.c):
inline constexpr int kMpptestLevels = 6;                // refinement calls: sample_reps (30) / 5
inline constexpr int kMpptestSmoothPasses = 4;          // SmoothList passes: n_smooth (5) - 1
inline constexpr std::size_t kMpptestPoolSlots = 1024;  // AllocResultsArray(1024): sizes held

// The limits one loop's refinement works within, as `metron plan` shows them before the run.
// Fields an algorithm does not have are -1.
struct RefineBudget {
  std::int64_t max_added_points = -1;  // distinct x values refinement may add
  std::int64_t max_measurements = -1;  // skampi: all measurements of the loop, grid included
  double max_time_s = -1;              // metron: refinement time of the loop
  int max_levels = -1;                 // mpptest: refinement levels (rounds that add points)
  int max_smoothing_passes = -1;       // mpptest: re-run passes after the levels
};

// The budget of a loop with `regular_points` grid values under cfg. Each algorithm may stop
// earlier: converged, or the grid's resolution reached.
RefineBudget refine_budget(const RefineConfig& cfg, std::size_t regular_points);

class RefineStrategy;  // one per algorithm (refine_metron.cpp, refine_skampi.cpp, ...)

// Drives one autorefine loop (one curve) on the root rank. The caller measures the regular grid,
// then calls next() with every point so far until it returns nothing, measuring the returned x
// values in between and adding them with round = round(). docs/refinement.md has the algorithms.
class Refiner {
 public:
  Refiner(RefineConfig cfg, std::size_t regular_points);
  ~Refiner();
  Refiner(Refiner&&) noexcept;
  Refiner& operator=(Refiner&&) noexcept;

  // All points measured so far (any order). Returns the next x values to measure, in the order
  // to measure them (may be several per round); empty when refinement is done (converged or a
  // budget is spent). elapsed_s: time spent on refinement so far.
  // An x is never returned twice, except by mpptest's smoothing passes, which re-measure an
  // existing x on purpose (the caller adds the new measurement as a further point at that x).
  std::vector<double> next(const std::vector<RefinePoint>& points, double elapsed_s);
  int round() const { return round_; }                             // rounds issued so far
  const std::string& stop_reason() const { return stop_reason_; }  // see kRefine*; "" if running
  const RefineConfig& config() const { return cfg_; }

 private:
  RefineConfig cfg_;
  std::size_t regular_;
  int round_ = 0;
  std::string stop_reason_;
  std::unique_ptr<RefineStrategy> strategy_;
};

// The curve the algorithm sees, sorted by x, one point per x: points with a NaN y are left out;
// several points at one x (mpptest's re-runs) become the one with the smallest y for mpptest
// (its minimum over tests) and the latest round otherwise. For analysis files.
std::vector<RefinePoint> refine_curve(RefineAlgorithm a, const std::vector<RefinePoint>& points);

}  // namespace metron::adapt
