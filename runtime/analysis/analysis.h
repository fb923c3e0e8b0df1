// Across-launch analysis (Hunold & Carpen-Amarie, Alg. 6): per job, the distribution of the
// per-launch medians. The reported value is their Hodges-Lehmann location with its signed-rank
// CI across launches (docs/methodology.md, "Which statistic": it moves with the share of launches
// in each of two launch-level modes where the median of medians jumps between them, and one wild
// launch moves it as little as the median); beside it the median of the medians, min, max and
// the relative spread; with the launches' samples also a normality note (Shapiro-Wilk per launch)
// and whether the launches differ (Kruskal-Wallis across them). Written to analysis.csv and shown
// as a table. No MPI.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/analysis/launch_samples.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/analysis/results_data.h"

namespace metron::analysis {

inline constexpr double kCiLevel = 0.95;
// The fewest launches for the across-launch interval, and the least exact coverage shown (with
// its level): the signed-rank interval of 5 launches is [min, max], which covers the location
// with 93.75%; 4 would give 87.5% (docs/methodology.md, "Which interval the summary shows").
inline constexpr std::size_t kMinLaunchesForCi = 5;
inline constexpr double kLowestShownCiLevel = 0.90;
// A launch's sample counts as normal when Shapiro-Wilk does not reject at this level, and the
// report says launches differ when Kruskal-Wallis rejects at this level.
inline constexpr double kNormalityAlpha = 0.05;
inline constexpr double kLaunchesDifferAlpha = 0.05;

struct JobAnalysis {
  const JobSeries* series = nullptr;
  std::size_t n_launches = 0;
  // Metron's reported value: the Hodges-Lehmann location (pseudomedian) of the per-launch
  // medians, as R's wilcox.test(medians, conf.int = TRUE) estimates it.
  double value_s = 0;
  double median_s = 0;      // median of the per-launch medians
  double min_median_s = 0;  // smallest per-launch median
  double max_median_s = 0;
  double rel_spread = 0;         // max / min - 1 of the per-launch medians
  double ci_lo_s = 0;            // signed-rank CI of value_s across launches; NaN with fewer
  double ci_hi_s = 0;            //   than kMinLaunchesForCi launches
  double ci_level = kCiLevel;    // its coverage: kCiLevel, or the exact one (0.9375 for 5)
  double median_of_means_s = 0;  // the same for the per-launch means (for readers of [A] §6.3)
  double min_mean_s = 0;
  double max_mean_s = 0;
  std::int64_t observations = 0;  // filtered observations summed over the launches
  // From the launches' samples (launch_samples.h); NaN and 0 without them:
  double shapiro_p = 0;              // median over the tested launches of the Shapiro-Wilk p
  std::size_t shapiro_launches = 0;  // launches tested (3 to 5000 observations, not all equal)
  std::size_t normal_launches = 0;   // of which p >= kNormalityAlpha
  double kruskal_p = 0;              // Kruskal-Wallis across the launches' samples (2 or more)
  NoiseSummary noise;                // the noise flags of the job's launches
};

// The summary of one series of per-launch values; NaN fields for an empty series.
struct Distribution {
  std::size_t n = 0;
  double median = 0, min = 0, max = 0, rel_spread = 0, ci_lo = 0, ci_hi = 0;
};
Distribution distribution(std::span<const double> values, double level = kCiLevel);

// `samples`: the series' per-launch samples (one per s.launches entry), or null.
JobAnalysis analyze_job(const JobSeries& s,
                        const std::vector<std::vector<double>>* samples = nullptr);
std::vector<JobAnalysis> analyze(const ResultsData& d, const LaunchSamples* samples = nullptr);

// analysis.csv (columns in docs/experiments.md). False and `error` set when it cannot be written.
bool write_analysis_csv(const std::string& path, const ResultsData& d,
                        const std::vector<JobAnalysis>& a, std::string& error);

// The table people read: times in microseconds, one line per job, grouped by block.
std::string analysis_table(const ResultsData& d, const std::vector<JobAnalysis>& a);

// "12.3", "1234" or "0.0456": microseconds with three significant digits or more.
std::string format_us(double seconds);

}  // namespace metron::analysis
