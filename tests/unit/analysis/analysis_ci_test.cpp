// Metron's across-launch value and interval, as analysis.csv and `metron run`'s table show them:
// the Hodges-Lehmann location of the per-launch medians with its signed-rank CI, from
// kMinLaunchesForCi launches (5: [min, max] at its exact coverage, 93.75%); none below (the footer
// of the table says so). Reference values: analysis_ci_reference.R.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "runtime/analysis/analysis.h"

namespace an = metron::analysis;

namespace {

an::JobSeries series_of(const std::vector<double>& medians_us) {
  an::JobSeries s;
  for (double m : medians_us) {
    an::LaunchValue v;
    v.median_s = m * 1e-6;
    v.mean_s = m * 1e-6;
    v.used_n = 10;
    s.launches.push_back(v);
  }
  return s;
}

}  // namespace

TEST_CASE("analysis: 5 launches give [min, max] at 93.75%, fewer no interval") {
  const an::JobAnalysis five = an::analyze_job(series_of({3, 1, 5, 2, 4}));
  CHECK(five.value_s == doctest::Approx(3e-6));
  CHECK(five.ci_lo_s == doctest::Approx(1e-6));
  CHECK(five.ci_hi_s == doctest::Approx(5e-6));
  CHECK(five.ci_level == doctest::Approx(0.9375));

  const an::JobAnalysis four = an::analyze_job(series_of({3, 1, 2, 4}));
  CHECK(std::isnan(four.ci_lo_s));  // [min, max] of 4 covers with 87.5%
  CHECK(four.value_s == doctest::Approx(2.5e-6));
}

TEST_CASE("analysis: one wild launch moves the value as little as the median") {
  const an::JobAnalysis a = an::analyze_job(series_of({3, 1, 5, 2, 4, 50}));
  CHECK(a.value_s == doctest::Approx(3.5e-6));  // the mean is 10.83
  CHECK(a.ci_lo_s == doctest::Approx(1e-6));
  CHECK(a.ci_hi_s == doctest::Approx(50e-6));
  CHECK(a.ci_level == doctest::Approx(0.96875));  // exact coverage for 6 values
}

TEST_CASE("analysis: two launch modes move the value with their shares, not by the gap") {
  // 4, then 6, of 10 launches in the fast mode: the median of medians jumps from the slow mode
  // to the fast one, the Hodges-Lehmann location moves by 1%.
  const an::JobAnalysis four_fast =
      an::analyze_job(series_of({0.50, 0.52, 0.53, 0.51, 0.74, 0.76, 0.78, 0.75, 0.77, 0.79}));
  const an::JobAnalysis six_fast =
      an::analyze_job(series_of({0.50, 0.52, 0.53, 0.51, 0.54, 0.55, 0.78, 0.75, 0.77, 0.79}));
  CHECK(four_fast.median_s == doctest::Approx(0.745e-6));
  CHECK(six_fast.median_s == doctest::Approx(0.545e-6));
  CHECK(four_fast.value_s == doctest::Approx(0.645e-6));
  CHECK(six_fast.value_s == doctest::Approx(0.640e-6));
  CHECK(four_fast.ci_lo_s == doctest::Approx(0.525e-6));
  CHECK(four_fast.ci_hi_s == doctest::Approx(0.770e-6));
}

TEST_CASE("analysis: launches that all agree give that value and a zero-width interval") {
  const an::JobAnalysis a = an::analyze_job(series_of({2, 2, 2, 2, 2}));
  CHECK(a.value_s == doctest::Approx(2e-6));
  CHECK(a.ci_lo_s == doctest::Approx(2e-6));
  CHECK(a.ci_hi_s == doctest::Approx(2e-6));
  CHECK(std::isnan(an::analyze_job(series_of({2, 2})).ci_lo_s));
}

TEST_CASE("analysis: the table names the value and states a 5-launch interval's level") {
  an::ResultsData d;
  d.jobs.push_back(series_of({3, 1, 5, 2, 4}));
  d.jobs.front().key.block = "b";
  const auto a = an::analyze(d);
  const std::string table = an::analysis_table(d, a);
  CHECK(table.find("value us") != std::string::npos);
  CHECK(table.find("[1.000, 5.000] at 93.8%") != std::string::npos);
  CHECK(table.find("value: Hodges-Lehmann location of the medians of 5 launches") !=
        std::string::npos);
  CHECK(table.find("with 5 [min, max] at its coverage, 93.8%") != std::string::npos);
  CHECK(table.find("one launch:") == std::string::npos);
}

TEST_CASE("analysis: a one-launch table says its CI describes that launch only") {
  an::ResultsData d;
  d.jobs.push_back(series_of({3}));
  d.jobs.front().key.block = "b";
  const an::JobAnalysis one = an::analyze_job(d.jobs.front());
  CHECK(one.value_s == doctest::Approx(3e-6));
  const std::string table = an::analysis_table(d, an::analyze(d));
  CHECK(table.find("not assessable") != std::string::npos);
  CHECK(table.find("one launch: its own CI (summary.csv) describes that launch only") !=
        std::string::npos);
}
