// Tests for runtime/adapt/batch_schedule: the batches between checks of a stop rule.
#include "runtime/adapt/batch_schedule.h"

#include <doctest/doctest.h>

namespace {

namespace ad = metron::adapt;

ad::BatchParams params(std::int64_t max_reps) {
  ad::BatchParams p;
  p.max_reps = max_reps;
  return p;
}

}  // namespace

TEST_SUITE("batch_schedule") {
  TEST_CASE("batch_schedule: the first batch is what the rule needs, capped by the budgets") {
    ad::BatchParams p = params(1000);
    p.rule_min_reps = 6;  // a 95% median CI alone
    CHECK(ad::BatchSchedule(p).first() == 6);
    p.rule_min_reps = 20;  // `reps >= 20 and ci(...)`
    CHECK(ad::BatchSchedule(p).first() == 20);
    p.min_reps = 50;
    CHECK(ad::BatchSchedule(p).first() == 50);
    p.max_reps = 30;
    CHECK(ad::BatchSchedule(p).first() == 30);
    p.reps_cap = 25;
    CHECK(ad::BatchSchedule(p).first() == 25);
    CHECK(ad::BatchSchedule(params(1000)).first() == 4);  // the step: `batch = fixed(4)`
  }

  TEST_CASE("batch_schedule: batches grow by a quarter of the sample, from step to 4096") {
    const ad::BatchSchedule s(params(1'000'000));
    CHECK(s.next(6) == 4);
    CHECK(s.next(19) == 4);
    CHECK(s.next(20) == 5);
    CHECK(s.next(100) == 25);
    CHECK(s.next(16'384) == 4096);
    CHECK(s.next(100'000) == 4096);
  }

  TEST_CASE("batch_schedule: batches end at max_reps and land on a reps >= k clause") {
    CHECK(ad::BatchSchedule(params(1000)).next(990) == 10);
    CHECK(ad::BatchSchedule(params(1000)).next(999) == 1);
    ad::BatchParams p = params(1000);
    p.reps_cap = 30;
    CHECK(ad::BatchSchedule(p).next(20) == 5);
    CHECK(ad::BatchSchedule(p).next(28) == 2);
    CHECK(ad::BatchSchedule(p).next(30) == 7);  // past the clause: it no longer bounds
  }

  TEST_CASE("batch_schedule: fixed(n) takes batches of n, at most 4096") {
    ad::BatchParams p = params(1'000'000);
    p.fixed = true;
    p.step = 8;
    CHECK(ad::BatchSchedule(p).first() == 8);
    CHECK(ad::BatchSchedule(p).next(8) == 8);
    CHECK(ad::BatchSchedule(p).next(100'000) == 8);
    p.step = 10'000;
    CHECK(ad::BatchSchedule(p).next(10'000) == 4096);
  }

  TEST_CASE("batch_schedule: a step larger than a quarter wins over growth") {
    ad::BatchParams p = params(1'000'000);
    p.step = 50;  // growing(50)
    CHECK(ad::BatchSchedule(p).next(100) == 50);
    CHECK(ad::BatchSchedule(p).next(400) == 100);
  }
}
