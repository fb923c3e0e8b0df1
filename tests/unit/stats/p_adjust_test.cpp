// Tests for runtime/stats/p_adjust: Holm and Benjamini-Hochberg against R's p.adjust().
#include "runtime/stats/p_adjust.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

namespace {

namespace st = metron::stats;

void check(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    if (std::isnan(want[i]))
      CHECK(std::isnan(got[i]));
    else
      CHECK(got[i] == doctest::Approx(want[i]).epsilon(1e-15));  // one product or quotient each
  }
}

const double kNA = std::nan("");
const std::vector<double> kP = {0.01, 0.04, 0.03, 0.005, 0.5, 0.04, kNA, 0.2};
const std::vector<double> kP2 = {0.9, 0.0001, 0.02, 0.02, 0.3};

}  // namespace

TEST_SUITE("p_adjust") {
  TEST_CASE("p_adjust: holm matches R, NA kept and not counted") {
    // p.adjust(p, "holm"), tools/refvalues/verdicts.R
    check(st::p_adjust(kP, st::PAdjust::Holm),
          {0.059999999999999998, 0.16, 0.14999999999999999, 0.035000000000000003, 0.5, 0.16, kNA,
           0.40000000000000002});
    check(st::p_adjust(kP2, st::PAdjust::Holm),
          {0.90000000000000002, 0.00050000000000000001, 0.080000000000000002, 0.080000000000000002,
           0.59999999999999998});
  }
  TEST_CASE("p_adjust: Benjamini-Hochberg matches R") {
    // p.adjust(p, "BH")
    check(st::p_adjust(kP, st::PAdjust::BenjaminiHochberg),
          {0.035000000000000003, 0.055999999999999994, 0.055999999999999994, 0.035000000000000003,
           0.5, 0.055999999999999994, kNA, 0.23333333333333336});
    check(st::p_adjust(kP2, st::PAdjust::BenjaminiHochberg),
          {0.90000000000000002, 0.00050000000000000001, 0.033333333333333333, 0.033333333333333333,
           0.375});
  }
  TEST_CASE("p_adjust: none, empty, one value, names") {
    check(st::p_adjust(kP2, st::PAdjust::None), kP2);
    CHECK(st::p_adjust(std::vector<double>{}, st::PAdjust::Holm).empty());
    check(st::p_adjust(std::vector<double>{0.03}, st::PAdjust::Holm), {0.03});
    CHECK(st::parse_p_adjust("holm") == st::PAdjust::Holm);
    CHECK(st::parse_p_adjust("bh") == st::PAdjust::BenjaminiHochberg);
    CHECK(st::parse_p_adjust("none") == st::PAdjust::None);
    CHECK_FALSE(st::parse_p_adjust("bonferroni").has_value());
    CHECK(std::string(st::p_adjust_name(st::PAdjust::BenjaminiHochberg)) == "bh");
  }
}
