// Tests for runtime/adapt/noisy_job: what a flagged job does after each measurement, and which
// measurement is kept.
#include "runtime/adapt/noisy_job.h"

#include <doctest/doctest.h>

#include <vector>

namespace ad = metron::adapt;
using ad::NoisyJobKind;
using ad::NoisyJobStep;

TEST_SUITE("noisy_job") {
  TEST_CASE("noisy_job: a measurement without contention is kept, whatever the setting") {
    for (auto kind : {NoisyJobKind::Flag, NoisyJobKind::Remeasure, NoisyJobKind::Fail})
      CHECK(ad::after_measurement(kind, 3, 1, false, false) == NoisyJobStep::Keep);
  }

  TEST_CASE("noisy_job: flag keeps, fail fails, remeasure measures again up to its attempts") {
    CHECK(ad::after_measurement(NoisyJobKind::Flag, 3, 1, true, false) == NoisyJobStep::Keep);
    CHECK(ad::after_measurement(NoisyJobKind::Fail, 3, 1, true, false) == NoisyJobStep::Fail);
    CHECK(ad::after_measurement(NoisyJobKind::Remeasure, 3, 1, true, false) ==
          NoisyJobStep::Remeasure);
    CHECK(ad::after_measurement(NoisyJobKind::Remeasure, 3, 2, true, false) ==
          NoisyJobStep::Remeasure);
    CHECK(ad::after_measurement(NoisyJobKind::Remeasure, 3, 3, true, false) == NoisyJobStep::Keep);
    CHECK(ad::after_measurement(NoisyJobKind::Remeasure, 1, 1, true, false) == NoisyJobStep::Keep);
  }

  TEST_CASE("noisy_job: an oversubscribed launch is not measured again (its ranks contend)") {
    CHECK(ad::after_measurement(NoisyJobKind::Remeasure, 3, 1, true, true) == NoisyJobStep::Keep);
    CHECK(ad::after_measurement(NoisyJobKind::Fail, 3, 1, true, true) == NoisyJobStep::Fail);
  }

  TEST_CASE("noisy_job: the least contended measurement is kept, the later on a tie") {
    CHECK(ad::least_contended(std::vector<double>{}) == 0);
    CHECK(ad::least_contended(std::vector<double>{4.0}) == 0);
    CHECK(ad::least_contended(std::vector<double>{4.0, 0.3}) == 1);       // the clean one
    CHECK(ad::least_contended(std::vector<double>{2.0, 9.0, 3.0}) == 0);  // all flagged
    CHECK(ad::least_contended(std::vector<double>{2.0, 2.0}) == 1);
  }
}
