// Across-launch analysis and analysis.csv (see analysis.h).
#include "runtime/analysis/analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/kruskal_wallis.h"
#include "runtime/stats/median_ci.h"
#include "runtime/stats/shapiro_wilk.h"
#include "runtime/stats/signed_rank.h"

namespace metron::analysis {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

Distribution distribution(std::span<const double> values, double level) {
  Distribution d;
  d.n = values.size();
  if (values.empty()) {
    d.median = d.min = d.max = d.rel_spread = d.ci_lo = d.ci_hi = kNaN;
    return d;
  }
  auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  d.min = *lo;
  d.max = *hi;
  // max/min - 1 is undefined for a zero minimum (an empty operation): NaN, not infinity.
  d.rel_spread = d.min > 0 ? d.max / d.min - 1.0 : kNaN;
  stats::QuantileCi ci = stats::median_ci(values, level);
  d.median = ci.estimate;
  d.ci_lo = ci.assessable() ? ci.lower : kNaN;
  d.ci_hi = ci.assessable() ? ci.upper : kNaN;
  return d;
}

namespace {

// Shapiro-Wilk on each launch's sample, Kruskal-Wallis across them (Hoefler & Belli, "Scientific
// Benchmarking of Parallel Computing Systems", §3.1.2 and §3.2.2).
void test_samples(const std::vector<std::vector<double>>& samples, JobAnalysis& a) {
  std::vector<double> ps;
  std::vector<std::span<const double>> groups;
  for (const auto& x : samples) {
    if (!x.empty()) groups.emplace_back(x);
    if (auto sw = stats::shapiro_wilk(x); sw && !std::isnan(sw->p_value)) {
      ps.push_back(sw->p_value);
      if (sw->p_value >= kNormalityAlpha) ++a.normal_launches;
    }
  }
  a.shapiro_launches = ps.size();
  a.shapiro_p = ps.empty() ? kNaN : stats::median(ps);
  const auto kw = groups.size() >= 2 ? stats::kruskal_wallis(groups) : std::nullopt;
  a.kruskal_p = kw ? kw->p_value : kNaN;  // NaN too when every observation is equal
}

struct LocationCi {
  double estimate = kNaN, lower = kNaN, upper = kNaN, level = kCiLevel;
};

// The Hodges-Lehmann location of the per-launch medians, the median of their Walsh averages
// (m_i + m_j) / 2, i <= j, and its exact interval (stats::walsh_interval_rank): R's
// wilcox.test(medians, conf.int = TRUE) when no two launch medians tie. The interval from
// kMinLaunchesForCi launches and at a coverage of kLowestShownCiLevel or more (5 launches:
// [min, max] at 93.75%).
LocationCi launch_location(const std::vector<double>& medians) {
  LocationCi l;
  const std::size_t n = medians.size();
  if (n == 0) return l;
  std::vector<double> walsh;
  walsh.reserve(n * (n + 1) / 2);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j) walsh.push_back((medians[i] + medians[j]) / 2);
  std::sort(walsh.begin(), walsh.end());
  l.estimate = stats::median(walsh);
  const std::size_t q = stats::walsh_interval_rank(n, kCiLevel);
  l.level = stats::walsh_interval_coverage(n, kCiLevel);
  if (n >= kMinLaunchesForCi && q >= 1 && l.level >= kLowestShownCiLevel) {
    l.lower = walsh[q - 1];
    l.upper = walsh[walsh.size() - q];
  }
  return l;
}

}  // namespace

JobAnalysis analyze_job(const JobSeries& s, const std::vector<std::vector<double>>* samples) {
  JobAnalysis a;
  a.series = &s;
  std::vector<double> medians, means;
  for (const auto& v : s.launches) {
    medians.push_back(v.median_s);
    if (!std::isnan(v.mean_s)) means.push_back(v.mean_s);
    a.observations += v.used_n;
  }
  Distribution m = distribution(medians);
  a.n_launches = m.n;
  a.median_s = m.median;
  a.min_median_s = m.min;
  a.max_median_s = m.max;
  a.rel_spread = m.rel_spread;
  const LocationCi value = launch_location(medians);
  a.value_s = value.estimate;
  a.ci_lo_s = value.lower;
  a.ci_hi_s = value.upper;
  a.ci_level = value.level;
  Distribution mm = distribution(means);
  a.median_of_means_s = mm.median;
  a.min_mean_s = mm.min;
  a.max_mean_s = mm.max;
  a.shapiro_p = a.kruskal_p = kNaN;
  if (samples) test_samples(*samples, a);
  a.noise = noise_of(s);
  return a;
}

std::vector<JobAnalysis> analyze(const ResultsData& d, const LaunchSamples* samples) {
  std::vector<JobAnalysis> out;
  out.reserve(d.jobs.size());
  for (std::size_t j = 0; j < d.jobs.size(); ++j)
    out.push_back(
        analyze_job(d.jobs[j], samples && j < samples->size() ? &(*samples)[j] : nullptr));
  return out;
}

bool write_analysis_csv(const std::string& path, const ResultsData& d,
                        const std::vector<JobAnalysis>& a, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  std::vector<std::string> cols = {"job", "block", "op", "bytes", "comm_size", "occurrence"};
  for (const auto& v : d.var_names) cols.push_back("var_" + v);
  for (const auto& f : d.factor_names) cols.push_back("factor_" + f);
  for (const char* c :
       {"n_launches", "median_of_medians_s", "ci_lo_s", "ci_hi_s", "ci_level", "min_median_s",
        "max_median_s", "rel_spread", "median_of_means_s", "min_mean_s", "max_mean_s",
        "observations", "shapiro_p", "shapiro_launches", "normal_launches", "kruskal_p", "noise",
        "noise_launches", "hl_of_medians_s"})
    cols.emplace_back(c);
  w.header(cols);
  for (const auto& x : a) {
    const JobKey& k = x.series->key;
    w.field(x.series->job).field(k.block).field(k.op).field(k.bytes).field(k.comm_size);
    w.field(k.occurrence);
    for (const auto& v : d.var_names) {
      std::string cell;
      for (const auto& [name, val] : k.vars)
        if (name == v) cell = val;
      w.field(cell);
    }
    for (const auto& f : d.factor_names) w.field(k.factor(f));
    w.field(static_cast<std::int64_t>(x.n_launches)).field(x.median_s);
    w.field(x.ci_lo_s).field(x.ci_hi_s).field(x.ci_level);
    w.field(x.min_median_s).field(x.max_median_s).field(x.rel_spread);
    w.field(x.median_of_means_s).field(x.min_mean_s).field(x.max_mean_s);
    w.field(x.observations);
    w.field(x.shapiro_p).field(static_cast<std::int64_t>(x.shapiro_launches));
    w.field(static_cast<std::int64_t>(x.normal_launches)).field(x.kruskal_p);
    w.field(x.noise.kinds_text()).field(static_cast<std::int64_t>(x.noise.flagged));
    w.field(x.value_s);
    w.end_row();
  }
  return w.close(error);
}

std::string format_us(double seconds) {
  if (std::isnan(seconds)) return "-";
  double us = seconds * 1e6;
  double a = std::fabs(us);
  if (a >= 100) return fmt::format("{:.1f}", us);
  if (a >= 1) return fmt::format("{:.3f}", us);
  return fmt::format("{:.4f}", us);
}

namespace {

// One line per job, grouped by block.
std::string analysis_rows(const std::vector<JobAnalysis>& a) {
  std::string out;
  std::size_t width = 3;
  for (const auto& x : a) width = std::max(width, x.series->key.label().size());
  std::string block;
  bool first = true;
  for (const auto& x : a) {
    const JobKey& k = x.series->key;
    if (first || k.block != block) {
      block = k.block;
      out += fmt::format("{}block \"{}\"\n", first ? "" : "\n", block);
      out += fmt::format("  {:<{}}  {:>8}  {:>10}  {:>23}  {:>10}  {:>10}  {:>7}\n", "job", width,
                         "launches", "value us", "95% CI us", "min us", "max us", "spread");
      first = false;
    }
    std::string ci = std::isnan(x.ci_lo_s)
                         ? std::string("not assessable")
                         : "[" + format_us(x.ci_lo_s) + ", " + format_us(x.ci_hi_s) + "]";
    if (!std::isnan(x.ci_lo_s) && x.ci_level < kCiLevel - 1e-9)
      ci += fmt::format(" at {:.1f}%", 100 * x.ci_level);
    std::string spread =
        std::isnan(x.rel_spread) ? std::string("-") : fmt::format("{:.1f}%", 100 * x.rel_spread);
    out += fmt::format("  {:<{}}  {:>8}  {:>10}  {:>23}  {:>10}  {:>10}  {:>7}{}\n", k.label(),
                       width, x.n_launches, format_us(x.value_s), ci, format_us(x.min_median_s),
                       format_us(x.max_median_s), spread,
                       x.noise.any() ? std::string("  ") + kNoiseMark : "");
  }
  return out;
}

// What a row holds and which interval it shows.
std::string analysis_legend(const std::vector<JobAnalysis>& a) {
  std::string out;
  // The footer says what a row holds: with launch factors each row has only the launches of its
  // level combination, fewer than the folder's.
  std::set<std::size_t> per_row;
  for (const auto& x : a) per_row.insert(x.n_launches);
  std::string over = per_row.size() == 1 ? fmt::format("{} launch{}", *per_row.begin(),
                                                       *per_row.begin() == 1 ? "" : "es")
                                         : std::string("the row's launches (column 'launches')");
  // The interval is across launches: a launch's own CI of its median is narrower than the
  // launch-to-launch differences and holds run to run far less often (docs/methodology.md,
  // "Which interval the summary shows").
  out += fmt::format(
      "\nvalue: Hodges-Lehmann location of the medians of {} (each of a launch's outlier-filtered "
      "sample; the location is the median of their pairwise means); min, max, spread (max/min - "
      "1): of the per-launch medians; 95% CI: of that location, across launches (signed-rank, a "
      "launch is one value; from {} launches, with 5 [min, max] at its coverage, 93.8%; not "
      "assessable below)\n",
      over, kMinLaunchesForCi);
  // A single launch has no interval here, and its own CI does not describe the next launch.
  if (per_row.size() == 1 && *per_row.begin() == 1)
    out +=
        "one launch: its own CI (summary.csv) describes that launch only, and launches differ by "
        "more than it is wide; --replicates 5 or more gives an interval across launches\n";
  return out;
}

// The notes on the samples, the noise, the rows left out and the retried launches.
std::string analysis_notes(const ResultsData& d, const std::vector<JobAnalysis>& a) {
  std::string out;
  // How many jobs look normal in every launch (means and t-intervals
  // assume it; the medians reported do not), and in how many the launches differ.
  std::size_t tested = 0, normal = 0, compared = 0, differ = 0;
  for (const auto& x : a) {
    if (x.shapiro_launches > 0) {
      ++tested;
      if (x.normal_launches == x.shapiro_launches) ++normal;
    }
    if (!std::isnan(x.kruskal_p)) {
      ++compared;
      if (x.kruskal_p < kLaunchesDifferAlpha) ++differ;
    }
  }
  if (tested > 0)
    out += fmt::format(
        "normality: {} of {} job{} normal in every launch (Shapiro-Wilk p >= {:g}; medians need "
        "no normality)\n",
        normal, tested, tested == 1 ? "" : "s", kNormalityAlpha);
  if (compared > 0)
    out += fmt::format(
        "launches differ: {} of {} job{} (Kruskal-Wallis across launches, p < {:g}; columns "
        "kruskal_p, rel_spread)\n",
        differ, compared, compared == 1 ? "" : "s", kLaunchesDifferAlpha);
  std::vector<NoiseSummary> noise;
  for (const auto& x : a) noise.push_back(x.noise);
  out += noise_footer(noise, false, false);
  if (d.skipped_rows > 0)
    out += fmt::format("{} job row{} without a median (failed jobs) left out\n", d.skipped_rows,
                       d.skipped_rows == 1 ? "" : "s");
  // Launches killed at a time limit and run again (metron run --retries): their killed attempts
  // are not in the data, but a hang is worth knowing about.
  const std::int64_t retried =
      d.manifest.is_object() ? d.manifest.value("retried_launches", std::int64_t{0}) : 0;
  if (retried > 0)
    out += fmt::format(
        "{} launch{} needed a retry (killed at a time limit first; attempts in manifest.json)\n",
        retried, retried == 1 ? "" : "es");
  return out;
}

}  // namespace

std::string analysis_table(const ResultsData& d, const std::vector<JobAnalysis>& a) {
  return analysis_rows(a) + analysis_legend(a) + analysis_notes(d, a);
}

}  // namespace metron::analysis
