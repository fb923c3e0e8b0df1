// Tests for runtime/stats/descriptive and running_moments: against R on fixed vectors, the HPL
// example of Hoefler & Belli, and every undefined case.
#include "runtime/stats/descriptive.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "runtime/stats/running_moments.h"
#include "tests/unit/stats/ref_vectors.h"

namespace {

namespace st = metron::stats;
using namespace metron::stats::testing;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Row {
  int n;
  std::vector<double> expected;  // mean, var, sd, median, min, max, rse, cov
};

// Reference values: tools/refvalues/descriptive.R (R 4.2.2).
const std::vector<Row> kRows = {
    // n, mean, var, sd, median, min, max, rse, cov: for x = base12[1:n]
    // c(mean(x), var(x), sd(x), median(x), min(x), max(x), sd(x)/sqrt(n)/mean(x), sd(x)/mean(x))
    {1,
     {5.2999999999999998, kNaN, kNaN, 5.2999999999999998, 5.2999999999999998, 5.2999999999999998,
      kNaN, kNaN}},
    {2,
     {3.5, 6.4799999999999995, 2.545584412271571, 3.5, 1.7, 5.2999999999999998, 0.51428571428571423,
      0.7273098320775917}},
    {3,
     {5.0666666666666664, 10.603333333333332, 3.2562759915789283, 5.2999999999999998, 1.7,
      8.1999999999999993, 0.37105496453167303, 0.64268605096952536}},
    {4,
     {4.625, 7.8491666666666653, 2.8016364265669207, 4.2999999999999998, 1.7, 8.1999999999999993,
      0.30287961368291033, 0.60575922736582066}},
    {5,
     {5.6799999999999997, 11.452, 3.3840803772960242, 5.2999999999999998, 1.7, 9.9000000000000004,
      0.26644485087876923, 0.59578879881972258}},
    {6,
     {5.1333333333333329, 10.954666666666666, 3.3097834773088506, 4.2999999999999998, 1.7,
      9.9000000000000004, 0.26322339865263866, 0.64476301506016576}},
    {7,
     {5.4142857142857137, 9.6814285714285706, 3.1114994088748547, 5.2999999999999998, 1.7,
      9.9000000000000004, 0.2172098585859458, 0.57468326812992043}},
    {8,
     {5.3125, 8.3812499999999996, 2.8950388598428174, 4.9499999999999993, 1.7, 9.9000000000000004,
      0.19266838678526371, 0.54494849126453038}},
    {9,
     {5.4777777777777779, 7.5794444444444444, 2.7530790843062327, 5.2999999999999998, 1.7,
      9.9000000000000004, 0.16753016740200199, 0.50259050220600598}},
    {10,
     {4.9799999999999995, 9.2151111111111117, 3.0356401484878131, 4.9499999999999993, 0.5,
      9.9000000000000004, 0.19276178766813723, 0.60956629487707092}},
    {11,
     {5.0090909090909088, 8.3029090909090915, 2.8814768940439364, 5.2999999999999998, 0.5,
      9.9000000000000004, 0.17344424137245734, 0.57524947068027776}},
    {12,
     {4.8666666666666663, 7.7915151515151511, 2.7913285638769132, 4.9499999999999993, 0.5,
      9.9000000000000004, 0.16557270182373571, 0.57356066381032467}},
};

void check_all(const std::vector<double>& x, const std::vector<double>& e) {
  const double got[] = {st::mean(x), st::variance(x), st::sd(x),  st::median(x),
                        st::min(x),  st::max(x),      st::rse(x), st::cov(x)};
  for (std::size_t i = 0; i < e.size(); ++i) {
    CAPTURE(i);
    if (std::isnan(e[i])) {
      CHECK(std::isnan(got[i]));
    } else {
      CHECK(got[i] == doctest::Approx(e[i]).epsilon(1e-13));
    }
  }
}

}  // namespace

TEST_SUITE("descriptive") {
  TEST_CASE("descriptive: mean, var, sd, median, min, max, rse, cov match R for n = 1..12") {
    for (const auto& row : kRows) {
      CAPTURE(row.n);
      check_all(prefix(kBase12, static_cast<std::size_t>(row.n)), row.expected);
    }
  }

  TEST_CASE("descriptive: match R with ties, n = 2000 and a skewed series") {
    // c(mean(x), var(x), sd(x), median(x), min(x), max(x), sd(x)/sqrt(n)/mean(x), sd(x)/mean(x))
    // x = ties10
    check_all(kTies10, {4.2000000000000002, 8.1777777777777771, 2.859681411936962, 3, 1, 10,
                        0.21531206295635769, 0.68087652665165754});
    // x = large2000
    check_all(large2000(), {105.00382749819508, 30.476937071668427, 5.5205920943018807,
                            105.31123404954548, 96.378705869467808, 114.13232424584918,
                            0.0011756161173381153, 0.052575151076247911});
    // x = skew200
    check_all(skew200(),
              {1.6629213598955117, 2.1931810529868097, 1.4809392468925962, 1.0060132720950523,
               0.22363443519664267, 4.4737412927762001, 0.062972441707577334, 0.89056481118605013});
  }

  TEST_CASE("descriptive: the HPL example of Hoefler & Belli (SC15, §3.1.1)") {
    // 100 Gflop per run, times 10, 100, 40 s; peak 10 Gflop/s.
    const std::vector<double> times = {10, 100, 40};
    const std::vector<double> rates = {10, 1, 2.5};       // Gflop/s
    const std::vector<double> relative = {1, 0.1, 0.25};  // of peak
    CHECK(st::mean(times) == 50.0);
    CHECK(100.0 / st::mean(times) == 2.0);  // the rate of all three runs back to back
    CHECK(st::mean(rates) == doctest::Approx(4.5).epsilon(1e-15));           // the wrong summary
    CHECK(st::harmonic_mean(rates) == doctest::Approx(2.0).epsilon(1e-15));  // the right one
    // exp(mean(log(c(1, 0.1, 0.25)))) = 0.29240177382128663 (paper: 0.29)
    CHECK(st::geometric_mean(relative) == doctest::Approx(0.29240177382128663).epsilon(1e-15));
  }

  TEST_CASE("descriptive: undefined statistics are NaN, never 0") {
    const std::vector<double> empty;
    const std::vector<double> one = {4.0};
    CHECK(st::sum(empty) == 0.0);
    CHECK(std::isnan(st::mean(empty)));
    CHECK(std::isnan(st::median(empty)));
    CHECK(std::isnan(st::min(empty)));
    CHECK(std::isnan(st::max(empty)));
    CHECK(std::isnan(st::variance(one)));
    CHECK(std::isnan(st::sd(one)));
    CHECK(std::isnan(st::standard_error(one)));
    CHECK(std::isnan(st::rse(one)));
    CHECK(std::isnan(st::cov(one)));
    CHECK(st::mean(one) == 4.0);
    CHECK(st::median(one) == 4.0);
    // Mean 0: RSE and CoV undefined.
    const std::vector<double> centered = {-1.0, 1.0};
    CHECK(std::isnan(st::rse(centered)));
    CHECK(std::isnan(st::cov(centered)));
    // Harmonic and geometric means need positive values.
    CHECK(std::isnan(st::harmonic_mean(empty)));
    CHECK(std::isnan(st::geometric_mean(empty)));
    const std::vector<double> with_zero = {1.0, 0.0};
    CHECK(std::isnan(st::harmonic_mean(with_zero)));
    CHECK(std::isnan(st::geometric_mean(with_zero)));
    const std::vector<double> with_nan = {1.0, kNaN};
    CHECK(std::isnan(st::mean(with_nan)));
    CHECK(std::isnan(st::variance(with_nan)));
    CHECK(std::isnan(st::min(with_nan)));
    CHECK(std::isnan(st::max(with_nan)));
    CHECK(std::isnan(st::median(with_nan)));
  }

  TEST_CASE("descriptive: n = 2 and all-equal samples") {
    const std::vector<double> two = {1.0, 3.0};
    CHECK(st::mean(two) == 2.0);
    CHECK(st::variance(two) == 2.0);
    CHECK(st::median(two) == 2.0);
    const std::vector<double> same(5, 7.25);
    CHECK(st::variance(same) == 0.0);
    CHECK(st::sd(same) == 0.0);
    CHECK(st::rse(same) == 0.0);
    CHECK(st::median(same) == 7.25);
  }

  TEST_CASE("descriptive: variance is exact for a large offset") {
    // 1e9 + {1, 2, 3, 4}: var = 5/3. The naive sum-of-squares formula loses every digit here.
    const std::vector<double> x = {1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4};
    CHECK(st::variance(x) == doctest::Approx(5.0 / 3.0).epsilon(1e-12));
  }

  TEST_CASE("running_moments: agrees with the two-pass results") {
    const auto x = large2000();
    st::RunningMoments m;
    CHECK(m.count() == 0);
    CHECK(std::isnan(m.mean()));
    CHECK(std::isnan(m.variance()));
    m.add(x[0]);
    CHECK(m.mean() == x[0]);
    CHECK(std::isnan(m.variance()));
    CHECK(std::isnan(m.rse()));
    for (std::size_t i = 1; i < x.size(); ++i) m.add(x[i]);
    CHECK(m.count() == 2000);
    CHECK(m.mean() == doctest::Approx(st::mean(x)).epsilon(1e-14));
    CHECK(m.variance() == doctest::Approx(st::variance(x)).epsilon(1e-12));
    CHECK(m.rse() == doctest::Approx(st::rse(x)).epsilon(1e-12));
  }
}
