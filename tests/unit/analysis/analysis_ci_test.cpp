// The interval of the median over launches that analysis.csv and `metron run`'s table show: at
// 95% from kMinLaunchesForCi launches on; with 5, [min, max] at its coverage 93.75%; none below
// (the footer of the table says so).
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "runtime/analysis/analysis.h"

namespace an = metron::analysis;

TEST_CASE("analysis: the median's 95% CI over launches needs kMinLaunchesForCi launches") {
  std::vector<double> medians;
  for (std::size_t n = 1; n <= an::kMinLaunchesForCi; ++n) {
    medians.push_back(1e-6 * static_cast<double>(n));
    const an::Distribution d = an::distribution(medians);
    CAPTURE(n);
    // 1 - 2 * 0.5^n: 0.9375 for 5, 0.96875 for 6.
    CHECK(std::isnan(d.ci_lo) == (n < an::kMinLaunchesForCi));
  }
}

namespace {

an::JobSeries series_of(const std::vector<double>& medians) {
  an::JobSeries s;
  for (double m : medians) {
    an::LaunchValue v;
    v.median_s = m;
    v.mean_s = m;
    v.used_n = 10;
    s.launches.push_back(v);
  }
  return s;
}

}  // namespace

TEST_CASE("analysis: 5 launches show [min, max] with its coverage, fewer show none") {
  const an::JobAnalysis five = an::analyze_job(series_of({3e-6, 1e-6, 5e-6, 2e-6, 4e-6}));
  CHECK(five.ci_lo_s == 1e-6);
  CHECK(five.ci_hi_s == 5e-6);
  CHECK(five.ci_level == doctest::Approx(0.9375));  // 1 - 2 * 0.5^5

  const an::JobAnalysis four = an::analyze_job(series_of({3e-6, 1e-6, 2e-6, 4e-6}));
  CHECK(std::isnan(four.ci_lo_s));  // [min, max] covers with 87.5% only

  const an::JobAnalysis six = an::analyze_job(series_of({3e-6, 1e-6, 5e-6, 2e-6, 4e-6, 6e-6}));
  CHECK(six.ci_level == 0.95);
  CHECK(six.ci_lo_s == 1e-6);  // exact binomial ranks (1, 6): coverage 96.9%
  CHECK(six.ci_hi_s == 6e-6);
}

TEST_CASE("analysis: the table states the level of a 5-launch interval") {
  an::ResultsData d;
  d.jobs.push_back(series_of({3e-6, 1e-6, 5e-6, 2e-6, 4e-6}));
  d.jobs.front().key.block = "b";
  const auto a = an::analyze(d);
  const std::string table = an::analysis_table(d, a);
  CHECK(table.find("[1.000, 5.000] at 93.8%") != std::string::npos);
  CHECK(table.find("with 5, [min, max] at its coverage, 93.8%") != std::string::npos);
  CHECK(table.find("one launch:") == std::string::npos);
}

TEST_CASE("analysis: a one-launch table says its CI describes that launch only") {
  an::ResultsData d;
  d.jobs.push_back(series_of({3e-6}));
  d.jobs.front().key.block = "b";
  const std::string table = an::analysis_table(d, an::analyze(d));
  CHECK(table.find("not assessable") != std::string::npos);
  CHECK(table.find("one launch: its own CI (summary.csv) describes that launch only") !=
        std::string::npos);
}
