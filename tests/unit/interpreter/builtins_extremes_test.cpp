// Built-ins at the ends of the 64-bit range give the right values (the error cases are goldens:
// tests/golden/diag/builtin_extremes.bench).
#include <doctest/doctest.h>

#include <vector>

#include "tests/unit/interpreter/load_text.h"

using metron::test::load_text;

namespace {
// The values a loop variable takes over `list` (a Barrier per value, so no size limit applies).
std::vector<std::int64_t> loop_counts(const std::string& list, const std::string& prelude = "") {
  auto p = load_text(prelude + "\nbegin measurement \"m\"\n  for v in " + list +
                     " do\n    measure comm(2) : Barrier()\n  od\nend measurement\n");
  REQUIRE_FALSE(p->diags.has_errors());
  std::vector<std::int64_t> out;
  for (const auto& j : p->plan.jobs)
    for (const auto& [k, v] : j.factors)
      if (k == "v") out.push_back(v.as_int());
  return out;
}
// The value of `count` after `prelude` ran.
std::int64_t measured_count(const std::string& prelude) {
  std::vector<std::int64_t> v = loop_counts("[count]", prelude);
  REQUIRE(v.size() == 1);
  return v[0];
}
}  // namespace

TEST_CASE("builtins: range and squares up to INT64_MAX end after the last value") {
  CHECK(measured_count("count = len(range(9223372036854775806, 9223372036854775807))") == 2);
  CHECK(measured_count("count = len(range(5, 4))") == 0);  // an empty range
  CHECK(loop_counts("squares(-3, 3)") == std::vector<std::int64_t>{9, 4, 1, 0, 1, 4, 9});
  CHECK(loop_counts("squares(3037000498, 3037000499)") ==
        std::vector<std::int64_t>{3037000498LL * 3037000498LL, 3037000499LL * 3037000499LL});
}

TEST_CASE("builtins: get_random_int over the whole 64-bit range draws without a crash") {
  auto p = load_text("x = get_random_int(-9223372036854775807 - 1, 9223372036854775807)\n");
  CHECK_FALSE(p->diags.has_errors());
  // A one-value range gives that value.
  CHECK(measured_count("count = get_random_int(7, 7)") == 7);
  CHECK(measured_count("count = get_random_int(9223372036854775806, 9223372036854775807) - "
                       "9223372036854775805") >= 1);
}

TEST_CASE("builtins: round_to_fourbytes rounds up to a multiple of 4 below the overflow") {
  CHECK(measured_count("count = round_to_fourbytes(9223372036854775804)") == 9223372036854775804LL);
  CHECK(measured_count("count = round_to_fourbytes(5)") == 8);
}
