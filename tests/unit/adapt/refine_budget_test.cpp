// Tests for refine_budget() (runtime/adapt/refine.cpp): the limits `metron plan` shows per loop
// agree with what the algorithms stop at.
#include <doctest/doctest.h>

#include "runtime/adapt/refine.h"

namespace ad = metron::adapt;

TEST_CASE("refine: budget of metron is its max_points and max_time") {
  ad::RefineConfig c;
  c.max_points = 10;
  c.max_time_s = 5;
  ad::RefineBudget b = ad::refine_budget(c, 17);
  CHECK(b.max_added_points == 10);
  CHECK(b.max_time_s == 5);
  CHECK(b.max_measurements == -1);
  CHECK(b.max_levels == -1);
  CHECK(b.max_smoothing_passes == -1);
}

TEST_CASE("refine: budget of skampi is the smallest count reaching factor * m") {
  ad::RefineConfig c;
  c.algorithm = ad::RefineAlgorithm::Skampi;
  c.factor = 2;
  CHECK(ad::refine_budget(c, 17).max_measurements == 34);
  CHECK(ad::refine_budget(c, 17).max_added_points == 17);
  c.factor = 1.5;  // measures while < 25.5: 26 in all (tests/e2e/refine_step.sh sees 26)
  CHECK(ad::refine_budget(c, 17).max_measurements == 26);
  CHECK(ad::refine_budget(c, 17).max_added_points == 9);
  c.factor = 1;
  CHECK(ad::refine_budget(c, 17).max_added_points == 0);
  CHECK(ad::refine_budget(c, 17).max_time_s == -1);
}

TEST_CASE("refine: budget of mpptest is its 6 levels, 4 smoothing passes and 1024 sizes") {
  ad::RefineConfig c;
  c.algorithm = ad::RefineAlgorithm::Mpptest;
  ad::RefineBudget b = ad::refine_budget(c, 24);
  CHECK(b.max_levels == 6);
  CHECK(b.max_smoothing_passes == 4);
  CHECK(b.max_added_points == 1000);
  CHECK(b.max_time_s == -1);
  CHECK(ad::refine_budget(c, 2000).max_added_points == 0);
}
