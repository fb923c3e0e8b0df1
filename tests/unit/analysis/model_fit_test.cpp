// Hockney fits against R (tools/refvalues/model_fit.R, output in model_fit.out): the weighted
// least-squares line, the breakpoint BIC chooses on a two-protocol curve (and the 1% a line
// must miss by before it is split), the bootstrap CIs that
// cover the true parameters, and LogGP's G and L + 2o from a ping-pong fit; times of any
// magnitude, sweeps without a fit, and slopes or intercepts that are no bandwidth or latency.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/model_fit.h"

using namespace metron::analysis;

namespace {

// The data set of model_fit.R: eager 2 us + 1 ns/B up to 1 KiB, rendezvous 8 us + 0.5 ns/B
// from 4 KiB, three launches with relative perturbations 0.01 sin(i + 2 l).
std::vector<SweepPoint> two_protocols() {
  const double m[] = {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144};
  std::vector<SweepPoint> p;
  for (int l = 0; l < 3; ++l)
    for (int i = 0; i < 10; ++i) {
      const double truth = m[i] <= 1024 ? 2e-6 + 1e-9 * m[i] : 8e-6 + 0.5e-9 * m[i];
      p.push_back({m[i], truth * (1 + 0.01 * std::sin(i + 1 + 2 * l)), l});
    }
  return p;
}

bool close(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::fabs(b);
}

}  // namespace

TEST_CASE("one weighted line: R's lm(t ~ m, weights = 1/t^2)") {
  const auto f = fit_line(two_protocols());
  REQUIRE(f);
  CHECK(close(f->alpha, 2.10244294014279e-06));
  CHECK(close(f->beta, 6.29235649182339e-10));
  CHECK(close(f->wsse, 1.20777367651304));
}

TEST_CASE("a protocol change: BIC prefers two segments split where R's search splits") {
  const auto f = fit_family(two_protocols(), FitOptions{});
  CHECK(close(f.bic_one, -89.5701648441475));
  CHECK(close(f.bic_two, -280.02217007609));
  REQUIRE(f.segments.size() == 2);
  const auto& lo = f.segments[0];
  const auto& hi = f.segments[1];
  CHECK(lo.to_bytes == 1024);
  CHECK(hi.from_bytes == 4096);
  CHECK(close(lo.fit.alpha, 1.99932823769976e-06));
  CHECK(close(lo.fit.beta, 1.00229948214646e-09));
  CHECK(close(hi.fit.alpha, 8.0013006960616e-06));
  CHECK(close(hi.fit.beta, 4.9967675219951e-10));
  // Three launches: the bootstrap CIs exist, hold the estimate, and cover the truth.
  CHECK(lo.alpha_lo <= 2e-6);
  CHECK(lo.alpha_hi >= 2e-6);
  CHECK(hi.beta_lo <= 0.5e-9);
  CHECK(hi.beta_hi >= 0.5e-9);
  CHECK(lo.alpha_lo <= lo.fit.alpha);
  CHECK(lo.fit.alpha <= lo.alpha_hi);
}

TEST_CASE("a straight line stays one segment, and the same data give the same CIs") {
  std::vector<SweepPoint> p;
  for (int l = 0; l < 4; ++l)
    for (double m = 64; m <= 65536; m *= 4)
      p.push_back({m, (20e-6 + 10e-9 * m) * (1 + 0.002 * ((l + static_cast<int>(m)) % 3 - 1)), l});
  const auto a = fit_family(p, FitOptions{});
  const auto b = fit_family(p, FitOptions{});
  REQUIRE(a.segments.size() == 1);
  CHECK(a.segments[0].alpha_lo == b.segments[0].alpha_lo);
  CHECK(a.segments[0].beta_hi == b.segments[0].beta_hi);
  CHECK(a.segments[0].beta_lo <= 10e-9);
  CHECK(a.segments[0].beta_hi >= 10e-9);
}

TEST_CASE("a wiggle of 0.05% on a quiet machine is no second segment, though BIC prefers one") {
  // A straight line measured to 0.001%, with the two largest sizes 0.05% high: what an idle
  // machine gave for a Synthetic sweep (e2e/model_fit once split it at 16 KiB).
  std::vector<SweepPoint> p;
  for (int l = 0; l < 4; ++l)
    for (double m = 64; m <= 65536; m *= 4) {
      const double bump = m >= 16384 ? 5e-4 : 0;
      const double noise = 1e-5 * ((l + static_cast<int>(m)) % 3 - 1);
      p.push_back({m, (20e-6 + 10e-9 * m) * (1 + bump + noise), l});
    }
  const auto f = fit_family(p, FitOptions{});
  CHECK(f.bic_two < f.bic_one);  // BIC alone would split
  CHECK(f.segments.size() == 1);
  FitOptions bic_only;
  bic_only.min_split_rmse = 0;
  CHECK(fit_family(p, bic_only).segments.size() == 2);
}

TEST_CASE("too few sizes or launches: no fit, no CIs") {
  CHECK_FALSE(fit_line({{64, 1e-6, 0}, {64, 1.1e-6, 1}}));
  CHECK_FALSE(fit_line({{64, 1e-6, 0}, {128, 0, 0}}));
  std::vector<SweepPoint> two_launches;
  for (int l = 0; l < 2; ++l)
    for (double m = 1; m <= 64; m *= 4) two_launches.push_back({m, 1e-6 + 1e-9 * m, l});
  const auto f = fit_family(two_launches, FitOptions{});
  REQUIRE(f.segments.size() == 1);
  CHECK(std::isnan(f.segments[0].alpha_lo));
}

TEST_CASE("LogGP from a ping-pong: G is half the round-trip slope, L + 2o half its one-byte time") {
  ModelFit f = fit_family(two_protocols(), FitOptions{});
  f.time_is = "round_trip";
  const auto g = loggp_of(f, f.segments[0]);
  REQUIRE(g);
  CHECK(close(g->G_s_per_byte, f.segments[0].fit.beta / 2));
  CHECK(close(g->L_plus_2o_s, (f.segments[0].fit.alpha + f.segments[0].fit.beta) / 2));
  f.time_is = "call";
  CHECK_FALSE(loggp_of(f, f.segments[0]));
}

namespace {

// A folder of three launches of block "b" with one Synthetic job per size; time_of(size, launch)
// gives each per-launch median.
template <class F>
ResultsData sweep_folder(const std::vector<int>& sizes, F time_of) {
  metron::analysis::CsvTable t;
  t.header = {"launch", "block", "op", "bytes", "comm_size", "median_s", "time_is"};
  for (int l = 0; l < 3; ++l)
    for (int m : sizes)
      t.rows.push_back({std::to_string(l), "b", "Synthetic", std::to_string(m), "2",
                        fmt::format("{:.17g}", time_of(m, l)), "call"});
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE_MESSAGE(d, error);
  return *d;
}

const std::vector<int> kSizes = {64, 256, 1024, 4096};

}  // namespace

TEST_CASE("model fit: times of any magnitude fit alike (the fit scales them exactly)") {
  std::vector<SweepPoint> p;
  for (int l = 0; l < 3; ++l)
    for (double m : {64.0, 256.0, 1024.0, 4096.0})
      p.push_back({m, (2e-6 + 1e-9 * m) * (1 + 0.01 * std::sin(m + l)), l});
  const auto base = fit_line(p);
  REQUIRE(base);
  for (double scale : {1e-300, 1e300}) {
    auto q = p;
    for (auto& x : q) x.time_s *= scale;
    const auto f = fit_line(q);
    REQUIRE(f);
    CHECK(std::fabs(f->alpha / scale - base->alpha) <= 1e-9 * base->alpha);
    CHECK(std::fabs(f->beta / scale - base->beta) <= 1e-9 * base->beta);
    CHECK(std::fabs(f->rel_rmse - base->rel_rmse) <= 1e-9);
  }
}

TEST_CASE("model fit: a sweep without a fit is said, not dropped") {
  const auto zero = sweep_folder(kSizes, [](int, int) { return 0.0; });
  const SweepFits z = fit_sweeps(zero, FitOptions{});
  CHECK(z.fits.empty());
  REQUIRE(z.unfitted.size() == 1);
  CHECK(z.unfitted[0].sizes == 4);
  CHECK(z.unfitted[0].sizes_with_time == 0);
  CHECK(fits_table(z, "hockney", {}, FitOptions{}) ==
        "Hockney fits: weighted least squares of T = alpha + beta m on the per-launch medians "
        "(weights 1/T^2), one segment or two split where BIC prefers; 95% CIs from 2000 bootstrap "
        "resamples of the launches\n"
        "metron: warning: 'b: Synthetic, 2 ranks' is not fitted: 0 of its 4 sizes have a positive "
        "time, and a fit needs 3\n");
  // Times from 1e-300 s to 1e300 s in one sweep: 1/t^2 of the smallest is beyond a double.
  const auto extreme =
      sweep_folder(kSizes, [](int m, int) { return m < 1024 ? 1e-300 * m : 1e300 * m; });
  const SweepFits e = fit_sweeps(extreme, FitOptions{});
  CHECK(e.fits.empty());
  REQUIRE(e.unfitted.size() == 1);
  CHECK(
      fits_table(e, "hockney", {}, FitOptions{})
          .find("metron: warning: 'b: Synthetic, 2 ranks' is not fitted: its times, 6.4e-299 s to "
                "4.096e+303 s, span more than a fit computes with\n") != std::string::npos);
  // Fewer than 3 sizes is no sweep at all: nothing to say.
  CHECK(fit_sweeps(sweep_folder({64, 256}, [](int, int) { return 1e-6; }), FitOptions{})
            .unfitted.empty());
}

TEST_CASE("model fit: a slope that is not positive gives no bandwidth and a warning") {
  PeakBound peak;
  peak.bandwidth_mb_s = 125;
  // Equal times at every size: beta is 0, 1/beta no number, and no fraction of the peak.
  const auto flat = fit_sweeps(sweep_folder(kSizes, [](int, int) { return 5e-6; }), FitOptions{});
  REQUIRE(flat.fits.size() == 1);
  const std::string t = fits_table(flat, "hockney", peak, FitOptions{});
  CHECK(t.find("nan") == std::string::npos);
  CHECK(t.find("% of the peak") == std::string::npos);
  CHECK(t.find("(1/beta = n/a MB/s)") != std::string::npos);
  CHECK(t.find("metron: warning: 'b: Synthetic, 2 ranks', 64 B to 4096 B: beta = 0 ns/B, so the "
               "time does not grow with the size and no bandwidth follows from it\n") !=
        std::string::npos);
  // Times that fall with the size: beta and, past the sweep's end, alpha below zero.
  const auto falling = fit_sweeps(
      sweep_folder(kSizes, [](int m, int l) { return (9e-6 - 2e-9 * m) * (1 + 0.001 * l); }),
      FitOptions{});
  REQUIRE(falling.fits.size() == 1);
  const std::string f = fits_table(falling, "hockney", peak, FitOptions{});
  CHECK(f.find("metron: warning: 'b: Synthetic, 2 ranks', 64 B to 4096 B: beta = -2") !=
        std::string::npos);
  CHECK(f.find("% of the peak") == std::string::npos);
  const auto negative_alpha =
      fit_sweeps(sweep_folder(kSizes, [](int m, int) { return 1e-9 * m - 5e-8; }), FitOptions{});
  REQUIRE(negative_alpha.fits.size() == 1);
  CHECK(fits_table(negative_alpha, "hockney", {}, FitOptions{})
            .find("metron: warning: 'b: Synthetic, 2 ranks', 64 B to 4096 B: alpha = -0.05 us, "
                  "below zero, so it is no latency\n") != std::string::npos);
}
