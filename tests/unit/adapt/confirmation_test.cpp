// adapt::Confirmation: the spacer and batch it asks for, and when a confirmation agrees.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "runtime/adapt/confirmation.h"

using metron::adapt::Confirmation;
using metron::adapt::median_of;

TEST_CASE("median_of: odd, even, empty") {
  CHECK(median_of(std::vector<double>{3, 1, 2}) == 2);
  CHECK(median_of(std::vector<double>{4, 1, 3, 2}) == 2.5);
  CHECK(std::isnan(median_of(std::vector<double>{})));
}

TEST_CASE("confirmation: spacer of 100 calls when they fit in 10 ms, batch = the rule's first") {
  Confirmation c;
  // 80 observations of 6 us: past the transient guard's early stops (transient_guard_test)
  const std::vector<double> sample(80, 6e-6);
  auto r = c.start(sample, 0.02, 20, 1000, 30.0);
  REQUIRE(r);
  CHECK(r->spacer == 100);  // 100 x 6 us = 0.6 ms <= 10 ms
  CHECK(r->batch == 20);
  CHECK(c.pending());
  CHECK(c.rounds() == 1);
  CHECK(c.spacer_calls() == 100);
}

TEST_CASE("confirmation: a slow call gets a spacer as long as the sample, not 100 calls") {
  Confirmation c;
  const std::vector<double> sample(30, 0.01);  // 10 ms per call: 1 call fits in 10 ms
  auto r = c.start(sample, 0.02, 20, 1000, 30.0);
  REQUIRE(r);
  CHECK(r->spacer == 30);  // the sample's n, when fewer calls fit in 10 ms
}

TEST_CASE("confirmation: a large sample gets 100 spacer calls, not as many as it has") {
  Confirmation c;
  auto r = c.start(std::vector<double>(1000, 1e-6), 0.02, 20, 1000, 30.0);
  REQUIRE(r);
  CHECK(r->spacer == 100);
}

TEST_CASE("confirmation: the spacer stops at the time budget, the batch at max_reps") {
  Confirmation c;
  const std::vector<double> sample(20, 1e-3);
  auto r = c.start(sample, 0.02, 20, 7, 0.005);  // 5 ms left: 5 calls; 7 observations left
  REQUIRE(r);
  CHECK(r->spacer == 5);
  CHECK(r->batch == 7);
  Confirmation full;
  CHECK_FALSE(full.start(sample, 0.02, 20, 0, 1.0));  // no room before max_reps: just stop
}

TEST_CASE("confirmation: the batch is at least min_batch (10)") {
  Confirmation c;
  auto r = c.start(std::vector<double>(6, 1e-6), 0.02, 6, 1000, 1.0);
  REQUIRE(r);
  CHECK(r->batch == 10);
}

TEST_CASE("confirmation: agreement within max(2 x precision, 5%)") {
  const std::vector<double> sample(20, 1.0);
  SUBCASE("precision 1%: tolerance 5% (the floor)") {
    Confirmation c;
    REQUIRE(c.start(sample, 0.01, 20, 100, 1e9));
    CHECK(c.finish(std::vector<double>(20, 1.0499)));  // just inside the limit
    CHECK(c.last_ratio() == doctest::Approx(1.0499).epsilon(1e-12));
    REQUIRE(c.start(sample, 0.01, 20, 100, 1e9));
    CHECK_FALSE(c.finish(std::vector<double>(20, 1.0501)));  // just outside
    CHECK(c.disagreements() == 1);
  }
  SUBCASE("precision 4%: tolerance 8%") {
    Confirmation c;
    REQUIRE(c.start(sample, 0.04, 20, 100, 1e9));
    CHECK(c.finish(std::vector<double>(20, 0.921)));
    REQUIRE(c.start(sample, 0.04, 20, 100, 1e9));
    CHECK_FALSE(c.finish(std::vector<double>(20, 0.919)));
  }
  SUBCASE("the slow stretch of MPICH's Bcast 4 KiB: 6 us against 0.7 us") {
    Confirmation c;
    REQUIRE(c.start(std::vector<double>(20, 6e-6), 0.03, 20, 100, 1e9));
    CHECK_FALSE(c.finish(std::vector<double>(20, 0.7e-6)));
    CHECK(c.last_ratio() == doctest::Approx(0.7 / 6));
  }
  SUBCASE("a batch without values disagrees") {
    Confirmation c;
    REQUIRE(c.start(sample, 0.01, 20, 100, 1e9));
    CHECK_FALSE(c.finish(std::vector<double>{}));
  }
}

TEST_CASE("confirmation: at most 3 rounds, then the rule is trusted") {
  Confirmation c;
  const std::vector<double> sample(20, 1.0);
  for (int i = 0; i < 3; ++i) {
    REQUIRE(c.start(sample, 0.01, 20, 100, 1e9));
    CHECK_FALSE(c.finish(std::vector<double>(20, 2.0)));
  }
  CHECK_FALSE(c.start(sample, 0.01, 20, 100, 1e9));
  CHECK(c.rounds() == 3);
  CHECK(c.disagreements() == 3);
}
