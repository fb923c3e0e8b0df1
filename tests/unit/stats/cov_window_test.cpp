// Tests for runtime/stats/cov_window: ReproMPI's cov_mean(w), cov_median(w) and filtered RSE,
// against R (tools/refvalues/cov_window.R) and a direct implementation of the definition.
#include "runtime/stats/cov_window.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "runtime/stats/descriptive.h"
#include "runtime/stats/quantile.h"
#include "runtime/stats/tukey.h"
#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;

std::vector<double> outl() {
  auto x = kBase12;
  x.insert(x.end(), {30.0, -20.0, 25.0});
  return x;
}

std::vector<double> vector_named(const std::string& name) {
  if (name == "base12") return kBase12;
  if (name == "outl") return outl();
  if (name == "ties10") return kTies10;
  if (name == "large2000") return large2000();
  return skew200();
}

// The definition, written the slow way: one Tukey filter and one mean per prefix.
double direct_cov_mean(const std::vector<double>& x, std::size_t w) {
  std::vector<double> means;
  for (std::size_t i = 0; i < w; ++i) {
    const auto p = prefix(x, x.size() - i);
    means.push_back(p.size() > 10 ? st::mean(st::tukey_filter(p)->kept) : st::mean(p));
  }
  return st::sd(means) / st::mean(means);
}

double direct_cov_median(const std::vector<double>& x, std::size_t w) {
  std::vector<double> medians;
  for (std::size_t i = 0; i < w; ++i) medians.push_back(st::median(prefix(x, x.size() - i)));
  return st::sd(medians) / st::mean(medians);
}

}  // namespace

TEST_SUITE("cov_window") {
  TEST_CASE("cov_window: cov_mean and cov_median match R") {
    struct Row {
      const char* name;
      std::size_t w;
      double cov_mean;
      double cov_median;
    };
    // tools/refvalues/cov_window.R: cov_mean(x, w), cov_median(x, w)
    const std::vector<Row> rows = {
        {"base12", 2, 0.020395224741189179, 0.048290219202983806},
        {"base12", 5, 0.049774117162096017, 0.037662651301927003},
        {"base12", 12, 0.11165001347797981, 0.11761488268076188},
        {"outl", 3, 0, 0.038985066408302772},
        {"outl", 6, 0.013581184380604849, 0.03740544295157238},
        {"ties10", 4, 0.20464027101267138, 0},
        {"large2000", 10, 4.6578947869575642e-05, 0.00012307904490818677},
        {"large2000", 50, 0.00010928149556790733, 0.00019181985766375518},
        {"skew200", 20, 0.0038165012919862346, 0.00070358868474179766},
    };
    for (const auto& row : rows) {
      CAPTURE(row.name);
      CAPTURE(row.w);
      const auto x = vector_named(row.name);
      // Relative 1e-9: the windowed means differ from each other by ~1e-6 relative, so the sd
      // of w of them keeps about 10 significant digits in double precision.
      CHECK(st::cov_mean(x, row.w) == doctest::Approx(row.cov_mean).epsilon(1e-9).scale(1e-15));
      CHECK(st::cov_median(x, row.w) == doctest::Approx(row.cov_median).epsilon(1e-9).scale(1e-15));
    }
  }

  TEST_CASE("cov_window: the incremental form agrees with the definition after every batch") {
    const auto x = skew200();
    st::OrderedSample sample;
    for (std::size_t done = 0; done < x.size();) {
      const std::size_t batch = 7;
      const std::size_t take = std::min(batch, x.size() - done);
      sample.append(std::span<const double>(x).subspan(done, take));
      done += take;
      const auto p = prefix(x, done);
      for (std::size_t w : {2, 5, 10}) {
        if (w > done) continue;
        CAPTURE(done);
        CAPTURE(w);
        CHECK(st::cov_mean(sample, w) ==
              doctest::Approx(direct_cov_mean(p, w)).epsilon(1e-9).scale(1e-15));
        CHECK(st::cov_median(sample, w) ==
              doctest::Approx(direct_cov_median(p, w)).epsilon(1e-9).scale(1e-15));
      }
    }
  }

  TEST_CASE("cov_window: the incremental form is exact on quantized (heavily tied) data") {
    // A 0.1 us timer: values on a grid of 0.1, most of them equal.
    std::vector<double> x;
    for (int i = 0; i < 3000; ++i) x.push_back(2.0 + 0.1 * ((i * 7919) % 13 == 0 ? 9 : (i % 3)));
    st::OrderedSample sample;
    for (std::size_t done = 0; done < x.size(); done += 50) {
      sample.append(std::span<const double>(x).subspan(done, 50));
      const auto p = prefix(x, done + 50);
      CAPTURE(done);
      CHECK(st::cov_mean(sample, 20) ==
            doctest::Approx(direct_cov_mean(p, 20)).epsilon(1e-9).scale(1e-15));
      CHECK(st::cov_median(sample, 20) ==
            doctest::Approx(direct_cov_median(p, 20)).epsilon(1e-9).scale(1e-15));
    }
  }

  TEST_CASE("cov_window: ReproMPI's filtered rse matches R") {
    // rse_f(x) = sd(k) / sqrt(length(k)) / mean(k), k = Tukey-filtered x when length(x) > 10
    CHECK(st::rse_tukey_filtered(kBase12) == doctest::Approx(0.16557270182373571).epsilon(1e-13));
    CHECK(st::rse_tukey_filtered(outl()) == doctest::Approx(0.16557270182373571).epsilon(1e-13));
    CHECK(st::rse_tukey_filtered(kTies10) == doctest::Approx(0.21531206295635769).epsilon(1e-13));
    CHECK(st::rse_tukey_filtered(large2000()) ==
          doctest::Approx(0.0011756161173381153).epsilon(1e-12));
    // n = 10: no filter
    CHECK(st::rse_tukey_filtered(prefix(kBase12, 10)) ==
          doctest::Approx(0.19276178766813723).epsilon(1e-13));
    // The unfiltered RSE of outl differs: the three outliers count there.
    CHECK(st::rse(outl()) != doctest::Approx(0.16557270182373571));
  }

  TEST_CASE("cov_window: undefined windows are NaN") {
    const std::vector<double> empty;
    CHECK(std::isnan(st::cov_mean(empty, 2)));
    CHECK(std::isnan(st::cov_median(kBase12, 1)));  // sd of one estimate
    CHECK(std::isnan(st::cov_mean(kBase12, 0)));
    CHECK(std::isnan(st::cov_mean(kBase12, 13)));   // w > n
    CHECK(!std::isnan(st::cov_mean(kBase12, 12)));  // w = n: the last prefix has one value
    const std::vector<double> centered = {-1.0, 1.0, -1.0, 1.0, 0.0};
    CHECK(std::isnan(st::cov_median(centered, 2)));  // mean of the medians is 0
    const std::vector<double> one = {2.0};
    CHECK(std::isnan(st::rse_tukey_filtered(one)));
    const std::vector<double> with_nan = {1, 2, std::numeric_limits<double>::quiet_NaN(), 4};
    CHECK(std::isnan(st::cov_mean(with_nan, 2)));
    CHECK(std::isnan(st::cov_median(with_nan, 2)));
  }

  TEST_CASE("cov_window: a constant series has cov 0") {
    const std::vector<double> same(40, 3.0);
    CHECK(st::cov_mean(same, 10) == 0.0);
    CHECK(st::cov_median(same, 10) == 0.0);
  }

  TEST_CASE("cov_window: an infinite observation gives R's answer, not NaN") {
    // tools/refvalues/stationarity.R: minf = c(-Inf, 1 + (1:19 %% 5) / 10), pinf likewise with
    // Inf at the end. The Tukey filter removes the infinity from every prefix it is in.
    std::vector<double> minf = {-std::numeric_limits<double>::infinity()};
    std::vector<double> pinf;
    for (int i = 1; i <= 19; ++i) {
      minf.push_back(1 + (i % 5) / 10.0);
      pinf.push_back(1 + (i % 5) / 10.0);
    }
    pinf.push_back(std::numeric_limits<double>::infinity());
    // cov_mean(minf, 4) = 0.0065253447167903369, cov_median(minf, 4) = 0
    CHECK(st::cov_mean(minf, 4) == doctest::Approx(0.0065253447167903369).epsilon(1e-12));
    CHECK(st::cov_median(minf, 4) == 0.0);
    // cov_mean(pinf, 3) = 0.0050350314173514031, cov_median(pinf, 3) = 0
    CHECK(st::cov_mean(pinf, 3) == doctest::Approx(0.0050350314173514031).epsilon(1e-12));
    CHECK(st::cov_median(pinf, 3) == 0.0);
  }
}
