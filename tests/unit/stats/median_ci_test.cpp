// Tests for runtime/stats/median_ci: rank formulas (Le Boudec, exact binomial), coverage and the
// resulting intervals, against Hoefler & Belli, "Scientific Benchmarking of Parallel Computing
// Systems" (§3.1.3) and R.
#include "runtime/stats/median_ci.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct TableRow {
  std::size_t n;
  std::int64_t l90, u90, l95, u95, l99, u99;
  double coverage95;  // NaN where the ranks are out of range or not listed
};

// Hoefler & Belli, "Scientific Benchmarking of Parallel Computing Systems" (SC15, §3.1.3),
// recomputed by tools/refvalues/ci.R: l = floor(n/2 - z sqrt(n)/2), u = ceil(1 + n/2 + z
// sqrt(n)/2), z = qnorm(1 - (1 - L)/2); coverage = pbinom(u - 1, n, 0.5) - pbinom(l - 1, n, 0.5).
// Rows with a rank outside [1, n] are "out of range" in the seed.
const std::vector<TableRow> kSeedTable = {
    {6, 0, 7, 0, 7, -1, 8, kNaN},
    {7, 1, 7, 0, 8, 0, 8, kNaN},
    {8, 1, 8, 1, 8, 0, 9, 0.9921875},
    {10, 2, 9, 1, 10, 0, 11, 0.998046875},
    {11, 2, 10, 2, 10, 1, 11, 0.98828125},
    {20, 6, 15, 5, 16, 4, 17, 0.98818206787109375},
    {30, 10, 21, 9, 22, 7, 24, 0.98387519828975201},
    {50, 19, 32, 18, 33, 15, 36, 0.96716086243573152},
    {100, 41, 60, 40, 61, 37, 64, 0.96479979978229524},
    {200, 88, 113, 86, 115, 81, 120, 0.95996280838660053},
    {1000, 473, 528, 469, 532, 459, 542, 0.95370880263950175},
    {10000, 4917, 5084, 4902, 5099, 4871, 5130, 0.95116705010361813},
    {1000000, 499177, 500824, 499020, 500981, 498712, 501289, kNaN},
};

void check_ranks(const st::CiRanks& r, std::int64_t l, std::int64_t u, std::size_t n) {
  CHECK(r.lower == l);
  CHECK(r.upper == u);
  CHECK(r.assessable == (l >= 1 && u <= static_cast<std::int64_t>(n)));
}

}  // namespace

TEST_SUITE("median_ci") {
  TEST_CASE("median_ci: Le Boudec ranks reproduce the seed table at 90, 95 and 99 percent") {
    for (const auto& row : kSeedTable) {
      CAPTURE(row.n);
      check_ranks(st::le_boudec_ranks(row.n, 0.5, 0.90), row.l90, row.u90, row.n);
      check_ranks(st::le_boudec_ranks(row.n, 0.5, 0.95), row.l95, row.u95, row.n);
      check_ranks(st::le_boudec_ranks(row.n, 0.5, 0.99), row.l99, row.u99, row.n);
      if (!std::isnan(row.coverage95)) {
        CHECK(st::rank_coverage(row.n, 0.5, row.l95, row.u95) ==
              doctest::Approx(row.coverage95).epsilon(1e-12));
      }
    }
  }

  TEST_CASE("median_ci: out-of-range formula ranks are not assessable (seed requirement 9)") {
    CHECK(!st::le_boudec_ranks(7, 0.5, 0.95).assessable);  // (0, 8)
    CHECK(st::le_boudec_ranks(8, 0.5, 0.95).assessable);
    CHECK(!st::le_boudec_ranks(10, 0.5, 0.99).assessable);  // (0, 11)
    CHECK(st::le_boudec_ranks(11, 0.5, 0.99).assessable);
    CHECK(!st::le_boudec_ranks(6, 0.5, 0.90).assessable);
    CHECK(st::le_boudec_ranks(7, 0.5, 0.90).assessable);
  }

  TEST_CASE("median_ci: exact binomial ranks match R for n = 5..100") {
    // exact(n, 0.5, 0.95) in tools/refvalues/ci.R: l = max{l : pbinom(l - 1, n, .5) <= .025},
    // u = min{u : pbinom(u - 1, n, .5, lower.tail = FALSE) <= .025}
    struct Row {
      std::size_t n;
      std::int64_t l, u;
      double coverage;
    };
    const std::vector<Row> rows = {
        {6, 1, 6, 0.96875},
        {7, 1, 7, 0.984375},
        {8, 1, 8, 0.9921875},
        {9, 2, 8, 0.9609375},
        {10, 2, 9, 0.978515625},
        {11, 2, 10, 0.98828125},
        {12, 3, 10, 0.96142578125},
        {20, 6, 15, 0.95861053466796875},
        {50, 18, 33, 0.96716086243573152},
        {100, 40, 61, 0.96479979978229524},
    };
    for (const auto& row : rows) {
      CAPTURE(row.n);
      const auto r = st::exact_binomial_ranks(row.n, 0.5, 0.95);
      CHECK(r.assessable);
      CHECK(r.lower == row.l);
      CHECK(r.upper == row.u);
      CHECK(st::rank_coverage(row.n, 0.5, r.lower, r.upper) ==
            doctest::Approx(row.coverage).epsilon(1e-12));
    }
    // n = 5: even [x_(1), x_(5)] covers only 1 - 2/32 = 0.9375 < 0.95 ("n > 5", SC15 §4.2.2).
    CHECK(!st::exact_binomial_ranks(5, 0.5, 0.95).assessable);
  }

  TEST_CASE("median_ci: exact ranks at other levels and quantiles match R") {
    // exact(100, 0.5, 0.9) = {42, 59}, coverage 0.9113739198859323
    auto r = st::exact_binomial_ranks(100, 0.5, 0.90);
    CHECK(r.lower == 42);
    CHECK(r.upper == 59);
    CHECK(st::rank_coverage(100, 0.5, 42, 59) ==
          doctest::Approx(0.9113739198859323).epsilon(1e-12));
    // exact(100, 0.5, 0.99) = {37, 64}
    r = st::exact_binomial_ranks(100, 0.5, 0.99);
    CHECK(r.lower == 37);
    CHECK(r.upper == 64);
    // exact(200, 0.95, 0.95) = {184, 197}, coverage 0.96715216385672564
    r = st::exact_binomial_ranks(200, 0.95, 0.95);
    CHECK(r.lower == 184);
    CHECK(r.upper == 197);
    CHECK(st::rank_coverage(200, 0.95, 184, 197) ==
          doctest::Approx(0.96715216385672564).epsilon(1e-12));
    // exact(20, 0.25, 0.9) = {2, 9}
    r = st::exact_binomial_ranks(20, 0.25, 0.90);
    CHECK(r.lower == 2);
    CHECK(r.upper == 9);
    // exact(30, 0.9, 0.95) and exact(59, 0.95, 0.95): no upper rank (0.95^59 = 0.0485 > 0.025)
    CHECK(!st::exact_binomial_ranks(30, 0.9, 0.95).assessable);
    CHECK(!st::exact_binomial_ranks(59, 0.95, 0.95).assessable);
    CHECK(st::exact_binomial_ranks(72, 0.95, 0.95).assessable);  // 0.95^72 = 0.0249
  }

  TEST_CASE("median_ci: the method switch follows n <= 100 or n q (1 - q) <= 25") {
    CHECK(st::uses_exact_ranks(100, 0.5));
    CHECK(!st::uses_exact_ranks(101, 0.5));
    CHECK(st::uses_exact_ranks(2000, 0.99));  // 19.8
    CHECK(!st::uses_exact_ranks(2000, 0.9));  // 180
    CHECK(st::quantile_ci_ranks(20, 0.5, 0.95).method == st::CiMethod::ExactBinomial);
    CHECK(st::quantile_ci_ranks(1000, 0.5, 0.95).method == st::CiMethod::LeBoudec);
    // The key cases through the dispatcher (the ranks of Hoefler & Belli, "Scientific
    // Benchmarking of Parallel Computing Systems", §3.1.3).
    auto r = st::quantile_ci_ranks(100, 0.5, 0.95);
    CHECK(r.lower == 40);
    CHECK(r.upper == 61);
    r = st::quantile_ci_ranks(1000, 0.5, 0.95);
    CHECK(r.lower == 469);
    CHECK(r.upper == 532);
  }

  TEST_CASE("median_ci: intervals on data for n = 1..12") {
    // sort(base12) = 0.5 1.7 2.4 3.3 3.3 4.6 5.3 5.3 6.8 7.1 8.2 9.9; n = 12 at 95 %: exact ranks
    // (3, 10) -> [2.4, 7.1], coverage 0.96142578125, median 4.95.
    const auto ci = st::median_ci(kBase12, 0.95);
    REQUIRE(ci.assessable());
    CHECK(ci.ranks.method == st::CiMethod::ExactBinomial);
    CHECK(ci.lower == 2.4);
    CHECK(ci.upper == 7.1);
    CHECK(ci.estimate == doctest::Approx(4.9499999999999993).epsilon(1e-15));
    CHECK(ci.achieved_confidence == doctest::Approx(0.96142578125).epsilon(1e-12));
    for (std::size_t n = 1; n <= 5; ++n) {
      CAPTURE(n);
      const auto small = st::median_ci(prefix(kBase12, n), 0.95);
      CHECK(!small.assessable());
      CHECK(std::isnan(small.lower));
      CHECK(std::isnan(small.upper));
      CHECK(std::isnan(small.achieved_confidence));
      CHECK(!std::isnan(small.estimate));  // the median itself is still defined
    }
    // n = 6: [x_(1), x_(6)] = [1.7, 9.9], coverage 0.96875
    const auto six = st::median_ci(prefix(kBase12, 6), 0.95);
    REQUIRE(six.assessable());
    CHECK(six.lower == 1.7);
    CHECK(six.upper == 9.9);
    CHECK(six.achieved_confidence == doctest::Approx(0.96875).epsilon(1e-12));
  }

  TEST_CASE("median_ci: intervals for n = 2000 match R (Le Boudec and exact)") {
    const auto x = large2000();
    // tools/refvalues/ci.R: s <- sort(large2000); s[c(l, u)]
    struct Row {
      double q;
      std::int64_t l, u;
      double lower, upper, estimate, coverage;
      st::CiMethod method;
    };
    const std::vector<Row> rows = {
        {0.5, 956, 1045, 104.86897333357271, 105.75827123969503, 105.31123404954548,
         0.95344717950821634, st::CiMethod::LeBoudec},
        {0.9, 1773, 1828, 112.10328738786782, 112.34933717674237, 112.21727687554655,
         0.95972254389829592, st::CiMethod::LeBoudec},
        {0.99, 1971, 1989, 112.95617453077578, 113.25211366409077, 112.96472003281538,
         0.95783139709894805, st::CiMethod::ExactBinomial},
    };
    auto sorted = x;
    std::sort(sorted.begin(), sorted.end());
    for (const auto& row : rows) {
      CAPTURE(row.q);
      for (const auto& ci : {st::quantile_ci(x, row.q), st::quantile_ci_sorted(sorted, row.q)}) {
        REQUIRE(ci.assessable());
        CHECK(ci.ranks.method == row.method);
        CHECK(ci.ranks.lower == row.l);
        CHECK(ci.ranks.upper == row.u);
        CHECK(ci.lower == doctest::Approx(row.lower).epsilon(1e-14));
        CHECK(ci.upper == doctest::Approx(row.upper).epsilon(1e-14));
        CHECK(ci.estimate == doctest::Approx(row.estimate).epsilon(1e-14));
        CHECK(ci.achieved_confidence == doctest::Approx(row.coverage).epsilon(1e-10));
      }
    }
  }

  TEST_CASE("median_ci: ties and all-equal data") {
    // ties10 = 1 2 2 3 3 3 4 7 7 10; n = 10 at 95 %: exact ranks (2, 9) -> [2, 7]
    const auto ci = st::median_ci(kTies10);
    REQUIRE(ci.assessable());
    CHECK(ci.lower == 2.0);
    CHECK(ci.upper == 7.0);
    CHECK(ci.estimate == 3.0);
    const std::vector<double> same(50, 1.25);
    const auto d = st::median_ci(same);
    REQUIRE(d.assessable());
    CHECK(d.lower == 1.25);
    CHECK(d.upper == 1.25);
  }

  TEST_CASE("median_ci: invalid arguments are not assessable") {
    const std::vector<double> empty;
    const auto e = st::median_ci(empty);
    CHECK(!e.assessable());
    CHECK(std::isnan(e.estimate));
    CHECK(!st::quantile_ci(kBase12, 0.0).assessable());
    CHECK(!st::quantile_ci(kBase12, 1.0).assessable());
    CHECK(!st::quantile_ci(kBase12, 0.5, 1.0).assessable());
    CHECK(!st::quantile_ci(kBase12, 0.5, 0.0).assessable());
    CHECK(!st::le_boudec_ranks(0, 0.5, 0.95).assessable);
    CHECK(std::isnan(st::rank_coverage(10, 0.5, 0, 5)));
    CHECK(std::isnan(st::rank_coverage(10, 0.5, 3, 11)));
    CHECK(std::isnan(st::rank_coverage(10, 0.5, 5, 5)));
    const std::vector<double> with_nan = {1, 2, 3, 4, 5, 6, 7, kNaN};
    CHECK(!st::median_ci(with_nan).assessable());
  }
}
