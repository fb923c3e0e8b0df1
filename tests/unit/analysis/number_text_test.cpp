// The one formatter of numbers for people (number_text.h): what is not a number, precision,
// kept zeros, and the forms fmt's "g" would give that read badly ("100.", "-0").
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "runtime/analysis/number_text.h"

using namespace metron::analysis;

TEST_CASE("number_text: what is not a number reads n/a, an infinity inf") {
  CHECK(number_text(std::numeric_limits<double>::quiet_NaN()) == "n/a");
  CHECK(number_text(-std::numeric_limits<double>::quiet_NaN()) == "n/a");
  CHECK(number_text(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(number_text(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(number_text(std::nan(""), kRatioStyle) == "n/a");
  CHECK(number_text(std::numeric_limits<double>::infinity(), kRatioStyle) == "inf");
}

TEST_CASE("number_text: four significant digits, trailing zeros dropped") {
  CHECK(number_text(2.86) == "2.86");
  CHECK(number_text(2.8599999999999994) == "2.86");
  CHECK(number_text(1234.5678) == "1235");
  CHECK(number_text(123456.0) == "1.235e+05");
  CHECK(number_text(0.0001234) == "0.0001234");
  CHECK(number_text(1.0) == "1");
  CHECK(number_text(0.0) == "0");
  CHECK(number_text(-0.0) == "0");
  CHECK(number_text(-2.5) == "-2.5");
  CHECK(number_text(1e-320) == "1e-320");  // a subnormal is still a number
  CHECK(number_text(2.86, {2, false}) == "2.9");
  CHECK(number_text(2.86, {0, false}) == "3");  // at least one digit
}

TEST_CASE("number_text: a ratio keeps its three digits, never a bare point") {
  CHECK(number_text(1.0, kRatioStyle) == "1.00");
  CHECK(number_text(0.95, kRatioStyle) == "0.950");
  CHECK(number_text(0.98123, kRatioStyle) == "0.981");
  CHECK(number_text(100.0, kRatioStyle) == "100");  // fmt's "#" form would give "100."
  CHECK(number_text(5.0, {1, true}) == "5");        // "5."
  CHECK(number_text(5e5, {1, true}) == "5e+05");    // "5.e+05"
  CHECK(number_text(1234.0, kRatioStyle) == "1.23e+03");
  CHECK(number_text(-0.0, kRatioStyle) == "0.00");
}
