// Tests for runtime/adapt/warmup: the warm-up ends where the criterion says, on transients of
// several shapes, and its budgets hold.
#include "runtime/adapt/warmup.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace {

namespace ad = metron::adapt;

// Per-call times: the first `slow` calls take `factor` times `base`, then `base` with a small
// deterministic ripple (+-2%).
double call_time(std::size_t i, std::size_t slow, double factor, double base = 1e-6) {
  const double ripple = 1 + 0.02 * std::sin(static_cast<double>(i));
  return (i < slow ? factor : 1.0) * base * ripple;
}

// Runs the detector on the series; returns the calls it took.
std::size_t drive(ad::WarmupDetector& d, std::size_t slow, double factor,
                  double seconds_per_call = 0) {
  std::size_t i = 0;
  while (std::size_t b = d.next_batch()) {
    std::vector<double> t;
    for (std::size_t k = 0; k < b; ++k) t.push_back(call_time(i + k, slow, factor));
    i += b;
    d.add_batch(t, seconds_per_call * static_cast<double>(i));
  }
  return i;
}

}  // namespace

TEST_SUITE("warmup") {
  TEST_CASE("warmup: ends after the transient once three window medians agree") {
    // MPICH-like: 64 slow calls (35x). A probe window of 10, then one contiguous block up to the
    // floor of 100: its windows [70, 80), [80, 90), [90, 100) are fast and agree.
    ad::WarmupDetector d({10, 100, 2000, 10.0, 0.10});
    CHECK(d.next_batch() == 10);
    CHECK(drive(d, 64, 35) == 100);
    CHECK(d.end() == ad::WarmupEnd::Stable);
    CHECK(d.window_medians().size() == 10);
    // A plateau longer than the floor cannot be told from a steady state: 150 slow calls end
    // the warm-up at the floor, on the plateau. This is what the post-hoc MSER-5 truncation is
    // for (docs/methodology.md).
    ad::WarmupDetector d2({10, 100, 2000, 10.0, 0.10});
    CHECK(drive(d2, 150, 10) == 100);
    // Floor 30: the probe and one block of three windows.
    ad::WarmupDetector d3({10, 30, 2000, 10.0, 0.10});
    CHECK(drive(d3, 150, 10) == 40);
    // A transient that ends just before the floor: the block's last window [90, 100) is half
    // slow (its median lies between the levels), so one more block of three fast windows: 130.
    ad::WarmupDetector d5({10, 100, 2000, 10.0, 0.10});
    CHECK(drive(d5, 95, 10) == 130);
    // No transient: the probe and a block of three windows.
    ad::WarmupDetector d4({10, 30, 2000, 10.0, 0.10});
    CHECK(drive(d4, 0, 1) == 40);
    CHECK(d4.window_medians().size() == 4);
  }

  TEST_CASE("warmup: budgets end a warm-up that never settles") {
    // Alternating windows (1x, 2x, 1x, ...) never agree within 10%: 10, then blocks of 30 up to
    // 190, and the last block is cut at max_calls.
    ad::WarmupParams p{10, 30, 200, 10.0, 0.10};
    ad::WarmupDetector d(p);
    std::size_t i = 0;
    std::vector<std::size_t> blocks;
    while (std::size_t b = d.next_batch()) {
      std::vector<double> t;
      for (std::size_t k = 0; k < b; ++k) t.push_back(((i + k) / 10) % 2 ? 2e-6 : 1e-6);
      i += b;
      blocks.push_back(b);
      d.add_batch(t, 0.0);
    }
    CHECK(i == 200);
    CHECK(blocks.front() == 10);
    CHECK(blocks.back() == 10);
    CHECK(d.end() == ad::WarmupEnd::CallBudget);
    // Time budget 0.05 s at 1-2 ms per call: after the probe (0.01 s) a block of 30 fits (0.04
    // s); after it, with the last window at 2 ms, three more windows (0.06 s) do not.
    ad::WarmupDetector slow({10, 30, 2000, 0.05, 0.0});
    std::size_t n = 0;
    while (std::size_t b = slow.next_batch()) {
      std::vector<double> t;
      for (std::size_t k = 0; k < b; ++k) t.push_back(((n + k) / 10) % 2 ? 2e-3 : 1e-3);
      n += b;
      slow.add_batch(t, 1e-3 * static_cast<double>(n));
    }
    CHECK(n == 40);
    CHECK(slow.end() == ad::WarmupEnd::TimeBudget);
    CHECK(ad::to_string(slow.end()) == "time_budget");
    // The first block is cut to what fits: floor 300 at 10 ms per call in 1 s leaves room for
    // 90 calls after the probe (0.1 s), not 290.
    ad::WarmupDetector cut_to_time({10, 300, 2000, 1.0, 0.10});
    cut_to_time.add_batch(std::vector<double>(10, 1e-2), 0.1);
    CHECK(cut_to_time.next_batch() == 90);
  }

  TEST_CASE("warmup: the quantum absorbs timer ticks, and edge cases") {
    // Windows alternate between 1 and 2 ticks of a 1 us timer: stable only with the quantum.
    ad::WarmupParams p{2, 6, 100, 10.0, 0.10, 0.0};
    ad::WarmupDetector no_q(p);
    p.quantum = 1e-6;
    ad::WarmupDetector with_q(p);
    const std::vector<double> ticks{1e-6, 1e-6, 2e-6, 2e-6, 1e-6, 1e-6};
    no_q.add_batch(ticks, 0);
    with_q.add_batch(ticks, 0);
    CHECK(no_q.end() == ad::WarmupEnd::Running);
    CHECK(with_q.end() == ad::WarmupEnd::Stable);
    CHECK(with_q.next_batch() == 0);
    // Blocks are cut at max_calls; max_calls 0 ends at once.
    ad::WarmupDetector cut({10, 30, 25, 10.0, 0.0});
    CHECK(cut.next_batch() == 10);
    cut.add_batch(std::vector<double>(10, 1e-6), 0);
    CHECK(cut.next_batch() == 15);
    ad::WarmupDetector none({10, 30, 0, 10.0, 0.1});
    CHECK(none.next_batch() == 0);
    CHECK(none.end() == ad::WarmupEnd::CallBudget);
    // NaN times (ranks that only watch) are ignored.
    ad::WarmupDetector nan({2, 2, 100, 10.0, 0.1});
    const double q = std::numeric_limits<double>::quiet_NaN();
    nan.add_batch(std::vector<double>{q, 1.0, q, 1.0, q, 1.0}, 0);
    CHECK(nan.end() == ad::WarmupEnd::Stable);
  }
}
