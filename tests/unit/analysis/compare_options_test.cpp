// The option text of a comparison: --alternative (R's names), --margin (a fraction or a
// percentage, strictly between 0 and 1) and --pair A=B (exactly one '=', a name on each side).
#include <doctest/doctest.h>

#include "runtime/analysis/compare_options.h"

using namespace metron;
using namespace metron::analysis;

TEST_CASE("compare options: alternatives by R's names, and back") {
  CHECK(parse_alternative("two-sided") == stats::Alternative::TwoSided);
  CHECK(parse_alternative("two.sided") == stats::Alternative::TwoSided);  // wilcox.test's spelling
  CHECK(parse_alternative("less") == stats::Alternative::Less);
  CHECK(parse_alternative("greater") == stats::Alternative::Greater);
  CHECK_FALSE(parse_alternative(""));
  CHECK_FALSE(parse_alternative("Less"));
  CHECK(std::string(alternative_name(stats::Alternative::TwoSided)) == "two-sided");
  CHECK(std::string(alternative_name(stats::Alternative::Less)) == "less");
  CHECK(std::string(alternative_name(stats::Alternative::Greater)) == "greater");
}

TEST_CASE("compare options: a margin is a fraction or a percentage inside (0, 1)") {
  CHECK(parse_margin("0.05") == doctest::Approx(0.05));
  CHECK(parse_margin("5%") == doctest::Approx(0.05));
  CHECK(parse_margin("2.5%") == doctest::Approx(0.025));
  CHECK_FALSE(parse_margin(""));
  CHECK_FALSE(parse_margin("%"));
  CHECK_FALSE(parse_margin("0"));
  CHECK_FALSE(parse_margin("1"));
  CHECK_FALSE(parse_margin("100%"));
  CHECK_FALSE(parse_margin("-0.1"));
  CHECK_FALSE(parse_margin("0.05x"));
  CHECK_FALSE(parse_margin("five"));
}

TEST_CASE("compare options: a pair is A=B with a name on each side") {
  const auto p = parse_pair("Bcast=Bcast_mockup");
  REQUIRE(p);
  CHECK(p->first == "Bcast");
  CHECK(p->second == "Bcast_mockup");
  CHECK_FALSE(parse_pair("Bcast"));
  CHECK_FALSE(parse_pair("=Bcast"));
  CHECK_FALSE(parse_pair("Bcast="));
  CHECK_FALSE(parse_pair("A=B=C"));
}
