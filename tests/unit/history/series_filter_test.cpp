// Tests for runtime/history/series_filter: --job FILTER.
#include "runtime/history/series_filter.h"

#include <doctest/doctest.h>

namespace h = metron::history;

namespace {

h::SeriesInfo bcast() {
  h::SeriesInfo s;
  s.script = "nightly.bench";
  s.machine = "node1";
  s.np = 4;
  s.block = "bcast";
  s.op = "Bcast";
  s.bytes = 1024;
  s.comm_size = 4;
  s.label = "bcast: Bcast 1024 B, 4 ranks, count=256, alg=binomial";
  return s;
}

bool matches(const std::string& filter) {
  auto terms = h::parse_series_filter(filter);
  REQUIRE(terms);
  return h::series_matches(bcast(), *terms);
}

}  // namespace

TEST_SUITE("series_filter") {
  TEST_CASE("series_filter: fields, loop variables and words") {
    CHECK(matches(""));
    CHECK(matches("op=Bcast"));
    CHECK(matches("op=Bcast,bytes=1024,np=4,comm_size=4,machine=node1,script=nightly.bench"));
    CHECK_FALSE(matches("op=Bcast,bytes=102"));
    CHECK(matches("count=256"));
    CHECK_FALSE(matches("count=25"));
    CHECK(matches("alg=binomial"));
    CHECK(matches("Bcast 1024 B"));
    CHECK(matches(" block=bcast , node1"));
    CHECK_FALSE(matches("Allreduce"));
    CHECK_FALSE(matches("block=Bcast"));  // exact, case included
  }

  TEST_CASE("series_filter: malformed filters") {
    CHECK_FALSE(h::parse_series_filter("op=Bcast,"));
    CHECK_FALSE(h::parse_series_filter(",op=Bcast"));
    CHECK_FALSE(h::parse_series_filter("=Bcast"));
    CHECK_FALSE(h::parse_series_filter("op=Bcast,,bytes=1"));
  }
}
