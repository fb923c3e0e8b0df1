// Tests for runtime/stats/clock_step: the step of a clock that advances in steps finer than the
// cost of a read, from differences of reads with varying delays.
#include "runtime/stats/clock_step.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace {

namespace st = metron::stats;

// Differences of reads of a clock with a 1-tick unit that advances every `step` ticks, with
// delays of 30 + (i * 37 mod 200) ticks between the reads, the start phase moving by 7 ticks;
// `rounding` adds the +1 that a seconds-to-ticks conversion can give to every 7th difference.
std::vector<std::int64_t> stepped(std::int64_t step, bool rounding) {
  std::vector<std::int64_t> d;
  for (std::int64_t i = 0; i < 1000; ++i) {
    const std::int64_t a = i * 7, b = a + 30 + (i * 37) % 200;
    std::int64_t x = (b / step) * step - (a / step) * step;
    if (rounding && i % 7 == 0 && x > 0) x += 1;
    d.push_back(x);
  }
  return d;
}

}  // namespace

TEST_SUITE("clock_step") {
  TEST_CASE("clock_step: the step hidden under the read cost") {
    CHECK(st::clock_step(stepped(10, false)) == 10);
    CHECK(st::clock_step(stepped(10, true)) == 10);  // the development VM: 250, 251, 260, 261 ns
    CHECK(st::clock_step(stepped(16, true)) == 16);
    CHECK(st::clock_step(stepped(3, false)) == 3);  // below 4 only exact multiples count
    CHECK(st::clock_step(stepped(1, false)) == 1);  // a clock that moves every tick
  }

  TEST_CASE("clock_step: what is not a step") {
    // A constant spacing between reads is not a step: 4 distinct multiples are needed.
    CHECK(st::clock_step(std::vector<std::int64_t>(100, 30)) == 1);
    // Two steps of 40 ns in 1% of the differences do not make the clock a 40 ns clock, and one
    // stray difference in 100 (1%) is tolerated, two are not.
    std::vector<std::int64_t> d = stepped(10, false);
    for (int i = 0; i < 10; ++i) d[static_cast<std::size_t>(i) * 100] = 33;
    CHECK(st::clock_step(d) == 10);
    for (int i = 0; i < 11; ++i) d[static_cast<std::size_t>(i) * 90 + 1] = 37;
    CHECK(st::clock_step(d) == 1);
    // Too few differences, and non-positive ones ignored.
    CHECK(st::clock_step(std::vector<std::int64_t>{10, 20, 30, 40}) == 1);
    std::vector<std::int64_t> z = stepped(10, false);
    z.insert(z.end(), 50, 0);
    z.insert(z.end(), 5, -3);
    CHECK(st::clock_step(z) == 10);
  }
}
