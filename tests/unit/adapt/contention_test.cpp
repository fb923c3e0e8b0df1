// Tests for runtime/adapt/contention: parsing the kernel's counters, one rank's window, the
// thresholds and the findings' wording.
#include "runtime/adapt/contention.h"

#include <doctest/doctest.h>

namespace ad = metron::adapt;

TEST_SUITE("contention") {
  TEST_CASE("contention: /proc/pressure/cpu's some total, in microseconds") {
    // The format of Documentation/accounting/psi.rst (Linux 4.20 and later).
    CHECK(ad::parse_pressure_some_us("some avg10=98.71 avg60=57.74 avg300=18.85 total=69135436\n"
                                     "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n") ==
          69135436.0);
    CHECK_FALSE(ad::parse_pressure_some_us(""));
    CHECK_FALSE(ad::parse_pressure_some_us("full avg10=0.00 total=5\n"));
    CHECK_FALSE(ad::parse_pressure_some_us("some avg10=0.00 avg60=0.00\n"));
  }

  TEST_CASE("contention: /proc/stat's cpu line gives steal and the ticks of user .. steal") {
    const auto t = ad::parse_stat_cpu("cpu  42596 238 4181 14613 470 0 83 216 0 0\ncpu0 1 2 3\n");
    REQUIRE(t);
    CHECK(t->steal == 216);
    CHECK(t->total == 42596 + 238 + 4181 + 14613 + 470 + 0 + 83 + 216);
    CHECK_FALSE(ad::parse_stat_cpu("cpu  1 2 3 4\n"));  // a kernel without the steal field
    CHECK_FALSE(ad::parse_stat_cpu("intr 1 2\n"));
  }

  TEST_CASE("contention: one rank's window, and counters the kernel does not offer") {
    ad::ContentionSample a{10.0, 1'000'000.0, 100.0, 10'000.0, 5.0};
    ad::ContentionSample b{12.0, 1'500'000.0, 110.0, 10'400.0, 105.0};
    const ad::RankContention c = ad::contention_between(a, b);
    CHECK(c.window_s == doctest::Approx(2.0));
    CHECK(c.cpu_pressure == doctest::Approx(0.25));  // 0.5 s of 2 s
    CHECK(c.cpu_steal == doctest::Approx(0.025));    // 10 of 400 ticks
    CHECK(c.involuntary_switches == doctest::Approx(100));
    b.cpu_ticks = 10'010.0;  // 10 ticks: too few for a fraction
    a.pressure_some_us.reset();
    const ad::RankContention d = ad::contention_between(a, b);
    CHECK(d.cpu_steal < 0);
    CHECK(d.cpu_pressure < 0);
    CHECK(d.involuntary_switches == doctest::Approx(100));
  }

  TEST_CASE("contention: below every threshold, no flag and no finding") {
    ad::JobContention c;
    c.window_s = 2;
    c.cpu_pressure = {0.09, 1};
    c.cpu_steal = {0.01, 0};
    c.involuntary_switches = {39, 1};  // 19.5/s
    CHECK_FALSE(ad::contention_flagged(c));
    CHECK(ad::contention_findings(c).empty());
    c.involuntary_switches = {9, 1};  // 9 in a 0.1 s job: 90/s, but only 9
    c.window_s = 0.1;
    CHECK_FALSE(ad::contention_flagged(c));
    CHECK(ad::contention_findings(c).empty());
    CHECK(ad::contention_score(ad::JobContention{}) == 0);  // nothing available
  }

  TEST_CASE("contention: the findings name the measure, its figure and the rank") {
    ad::JobContention c;
    c.window_s = 2;
    c.cpu_pressure = {0.38, 1};
    c.involuntary_switches = {2140, 1};
    c.cpu_steal = {0.07, 0};
    CHECK(ad::contention_flagged(c));
    // The switches are the furthest past their thresholds: 1,070/s / 20 (and 2,140 / 10).
    CHECK(ad::contention_score(c) == doctest::Approx(53.5));
    const auto f = ad::contention_findings(c);
    REQUIRE(f.size() == 3);
    CHECK(f[0] == "CPU pressure 38% of the job's time on rank 1");
    CHECK(f[1] == "2,140 involuntary context switches on rank 1 (1,070/s)");
    CHECK(f[2] == "steal time 7% of the CPU time on rank 0");
  }

  TEST_CASE("contention: switches flag only beside CPU pressure, or where it is not measured") {
    ad::JobContention c;
    c.window_s = 0.1;
    c.involuntary_switches = {14, 1};  // 140/s: an idle machine's wake-ups on a polling rank's core
    c.cpu_pressure = {0.01, 0};
    CHECK_FALSE(ad::contention_flagged(c));
    CHECK(ad::contention_findings(c).empty());
    c.cpu_pressure = {0.05, 0};  // some task waited for a CPU: the switches count
    CHECK(ad::contention_flagged(c));
    REQUIRE(ad::contention_findings(c).size() == 1);
    CHECK(ad::contention_findings(c)[0] == "14 involuntary context switches on rank 1 (140/s)");
    c.cpu_pressure = {-1, -1};  // a kernel without /proc/pressure: the switches alone decide
    CHECK(ad::contention_flagged(c));
  }

  TEST_CASE("contention: thousands are grouped") {
    CHECK(ad::grouped(0) == "0");
    CHECK(ad::grouped(999) == "999");
    CHECK(ad::grouped(1000) == "1,000");
    CHECK(ad::grouped(1234567) == "1,234,567");
    CHECK(ad::grouped(-4200) == "-4,200");
  }
}
