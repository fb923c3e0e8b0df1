// Tests for runtime/adapt/machine_load: oversubscription and load findings, with their figures.
#include "runtime/adapt/machine_load.h"

#include <doctest/doctest.h>

namespace ad = metron::adapt;

TEST_SUITE("machine_load") {
  TEST_CASE("machine_load: more ranks than cores, and a load above the core count") {
    const auto f = ad::machine_findings({{"a", 3, 2, 0.5}, {"b", 2, 2, 7.94}, {"c", 2, 4, 4.0}});
    REQUIRE(f.size() == 2);
    CHECK(f[0] == "3 ranks on 2 cores of 'a' (oversubscribed)");
    CHECK(f[1] == "load average 7.9 on 2 cores of 'b' at start");
  }

  TEST_CASE("machine_load: a quiet machine, and unknown figures, give no finding") {
    CHECK(ad::machine_findings({{"a", 2, 2, 1.9}}).empty());
    CHECK(ad::machine_findings({{"a", 4, 0, -1}}).empty());  // cores unknown
    CHECK(ad::machine_findings({}).empty());
  }
}
