// Tests for runtime/adapt/machine_load: oversubscription and load findings, with their figures.
#include "runtime/adapt/machine_load.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace ad = metron::adapt;

TEST_SUITE("machine_load") {
  TEST_CASE("machine_load: more ranks than cores is a finding, a load above the cores context") {
    const std::vector<ad::HostLoad> hosts = {{"a", 3, 2, 0.5}, {"b", 2, 2, 7.94}, {"c", 2, 4, 4.0}};
    const auto f = ad::machine_findings(hosts);
    REQUIRE(f.size() == 1);
    CHECK(f[0] == "3 ranks on 2 cores of 'a' (oversubscribed)");
    const auto c = ad::load_context(hosts);
    REQUIRE(c.size() == 1);
    CHECK(c[0] == "load average 7.9 on 2 cores of 'b' at start");
  }

  TEST_CASE("machine_load: many hosts with one problem give one line that counts them") {
    std::vector<ad::HostLoad> hosts;
    for (int i = 0; i < 1024; ++i)
      hosts.push_back({"node-" + std::to_string(i), i == 7 ? 5 : 2, 4, i % 2 ? 6.0 : 0.5});
    hosts[12].load_average = 7.94;
    const auto f = ad::machine_findings(hosts);
    REQUIRE(f.size() == 1);
    CHECK(f[0] == "5 ranks on 4 cores of 'node-7' (oversubscribed)");
    const auto c = ad::load_context(hosts);
    REQUIRE(c.size() == 1);
    CHECK(c[0] ==
          "load average above the core count on 513 of 1024 hosts (the most: load "
          "average 7.9 on 4 cores of 'node-12' at start)");
  }

  TEST_CASE("machine_load: up to four hosts with a problem are named one by one") {
    std::vector<ad::HostLoad> hosts;
    for (int i = 0; i < 4; ++i) hosts.push_back({"n" + std::to_string(i), 3, 2, 0.5});
    const auto f = ad::machine_findings(hosts);
    REQUIRE(f.size() == 4);
    CHECK(f[3] == "3 ranks on 2 cores of 'n3' (oversubscribed)");
  }

  TEST_CASE("machine_load: a quiet machine, and unknown figures, give no finding") {
    CHECK(ad::machine_findings({{"a", 2, 2, 1.9}}).empty());
    CHECK(ad::load_context({{"a", 2, 2, 1.9}}).empty());
    CHECK(ad::machine_findings({{"a", 4, 0, -1}}).empty());  // cores unknown
    CHECK(ad::load_context({{"a", 4, 0, -1}}).empty());
    CHECK(ad::machine_findings({}).empty());
  }
}
