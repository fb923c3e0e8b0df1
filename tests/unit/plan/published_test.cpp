// Published values (runtime/plan/published.h): numbers and ranges, units, which statistic a unit
// fits, the JSON form.
#include <doctest/doctest.h>

#include "runtime/plan/published.h"

using namespace metron;

TEST_CASE("published: a number or a range lo..hi, never negative or reversed") {
  auto one = parse_published_number("2.1");
  REQUIRE(one);
  CHECK(one->lo == doctest::Approx(2.1));
  CHECK(one->hi == doctest::Approx(2.1));
  auto range = parse_published_number("2.86..3.13");
  REQUIRE(range);
  CHECK(range->lo == doctest::Approx(2.86));
  CHECK(range->hi == doctest::Approx(3.13));
  CHECK(parse_published_number("1e-3"));
  for (const char* bad : {"", "abc", "-1", "3..2", "2..", "..2", "2.1us", "1..2..3", "inf"})
    CHECK_MESSAGE(!parse_published_number(bad), bad);
}

TEST_CASE("published: units scale to seconds, bytes per second and fractions") {
  CHECK(find_published_unit("us")->scale == doctest::Approx(1e-6));
  CHECK(find_published_unit("\xc2\xb5s")->scale == doctest::Approx(1e-6));
  CHECK(find_published_unit("MB/s")->scale == doctest::Approx(1e6));
  CHECK(find_published_unit("MiB/s")->scale == doctest::Approx(1048576.0));
  CHECK(find_published_unit("%")->kind == PublishedKind::Spread);
  CHECK(find_published_unit("usec") == nullptr);
  CHECK(published_unit_names(PublishedKind::Time) == "ns, us, ms, s");
  CHECK(published_kind_fits(PublishedKind::Time, ClaimStatistic::Mean));
  CHECK(published_kind_fits(PublishedKind::Bandwidth, ClaimStatistic::Median));
  CHECK(published_kind_fits(PublishedKind::Spread, ClaimStatistic::LaunchSpread));
  CHECK_FALSE(published_kind_fits(PublishedKind::Spread, ClaimStatistic::Median));
  CHECK_FALSE(published_kind_fits(PublishedKind::Time, ClaimStatistic::WithinSpread));
}

TEST_CASE("published: the JSON form reads back, and a damaged one names the key") {
  PublishedValue v;
  v.id = "t1-8B";
  v.source = "Table I";
  v.selection = "mean(Bcast[bytes = 8])";
  v.at = "x.csv:3:1";
  v.side.statistic = ClaimStatistic::Mean;
  v.side.op = "Bcast";
  v.side.filters = {{"bytes", ClaimField::Bytes, FilterOp::Eq, "8"}};
  v.lo = 2.86e-6;
  v.hi = 3.13e-6;
  v.unit = "us";
  v.machine = "TUWien";
  v.mpi = "NEC MPI 1.2.8";
  v.procs = "16x1";
  std::string error;
  auto back = published_from_json(published_to_json(v), error);
  REQUIRE(back);
  CHECK(back->id == v.id);
  CHECK(back->side.statistic == ClaimStatistic::Mean);
  CHECK(back->side.filters.at(0).value == "8");
  CHECK(*back->hi == doctest::Approx(3.13e-6));
  CHECK(back->procs == "16x1");

  PublishedValue none = v;
  none.lo.reset();
  none.hi.reset();
  back = published_from_json(published_to_json(none), error);
  REQUIRE(back);
  CHECK_FALSE(back->has_value());

  nlohmann::json j = published_to_json(v);
  j["value_hi"] = "3.13";
  CHECK_FALSE(published_from_json(j, error));
  CHECK(error == "value_hi");
  j = published_to_json(v);
  j.erase("side");
  CHECK_FALSE(published_from_json(j, error));
  CHECK(error == "side");
}
