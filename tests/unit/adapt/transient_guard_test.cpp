// The transient guard (adapt/transient_guard.h, run by adapt::Confirmation): a rule met within
// its first few dozen observations is accepted only if a check past the horizon shows no level
// shift. Synthetic series: a level shift after 40 observations, after 200, none.
#include "runtime/adapt/transient_guard.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "runtime/adapt/confirmation.h"

namespace {

namespace ad = metron::adapt;

// Observation i of a series that runs at 10 us until `shift` and at 1 us from there on (a
// transient of `shift` observations), with a deterministic +-2% ripple.
double observation(std::size_t i, std::size_t shift) {
  const double ripple = 1 + 0.02 * std::sin(static_cast<double>(i));
  return (i < shift ? 10e-6 : 1e-6) * ripple;
}

std::vector<double> slice(std::size_t from, std::size_t n, std::size_t shift) {
  std::vector<double> v;
  for (std::size_t i = from; i < from + n; ++i) v.push_back(observation(i, shift));
  return v;
}

// A rule met on the first n observations (precision 2%): the confirmation's spacer and check
// batch run on the same series; true when the stop is accepted.
struct Outcome {
  bool accepted = false;
  std::int64_t spacer = 0;
};
Outcome guard_stop(std::size_t n, std::size_t shift, ad::ConfirmationParams p = {}) {
  ad::Confirmation c(p);
  const auto r = c.start(slice(0, n, shift), 0.02, 20, 1000, 10.0);
  REQUIRE(r);
  const std::size_t check_at = n + static_cast<std::size_t>(r->spacer);
  return {c.finish(slice(check_at, static_cast<std::size_t>(r->batch), shift)), r->spacer};
}

}  // namespace

TEST_SUITE("transient_guard") {
  TEST_CASE("transient_guard: a level shift after 40 observations rejects a stop at 16") {
    const Outcome o = guard_stop(16, 40);
    CHECK(o.spacer == 240);  // to the horizon of 256
    CHECK_FALSE(o.accepted);
  }

  TEST_CASE("transient_guard: a level shift after 200 observations rejects a stop at 20") {
    const Outcome o = guard_stop(20, 200);
    CHECK(o.spacer == 236);
    CHECK_FALSE(o.accepted);
    // Without the guard the confirmation's usual spacer (100 calls) checks inside the transient
    // and accepts the slow level: what the horizon is for.
    ad::ConfirmationParams off;
    off.guard.early_reps = 0;
    const Outcome unguarded = guard_stop(20, 200, off);
    CHECK(unguarded.spacer == 100);
    CHECK(unguarded.accepted);
  }

  TEST_CASE("transient_guard: no level shift: the stop is accepted") {
    CHECK(guard_stop(16, 0).accepted);
    CHECK(guard_stop(64, 0).accepted);
  }

  TEST_CASE("transient_guard: a late stop is not guarded") {
    // 65 observations are past early_reps: the usual spacer (at most 100 calls).
    const Outcome o = guard_stop(65, 0);
    CHECK(o.spacer == 100);
    CHECK(ad::guard_spacer({}, 65, 1e-6) == 0);
    CHECK(ad::guard_spacer({}, 64, 1e-6) == 192);
  }

  TEST_CASE("transient_guard: the spacer is cut to what fits in its time") {
    // 10 ms per observation: 0.1 s holds 10, fewer than the 248 to the horizon.
    CHECK(ad::guard_spacer({}, 8, 10e-3) == 10);
    // The time budget of the job still wins (0.02 s left: 2 observations).
    ad::Confirmation c;
    const auto r = c.start(std::vector<double>(8, 10e-3), 0.02, 8, 100, 0.02);
    REQUIRE(r);
    CHECK(r->spacer == 2);
    // Only the first round reaches the horizon.
    CHECK_FALSE(c.finish(std::vector<double>(10, 1e-3)));
    const auto again = c.start(std::vector<double>(18, 10e-3), 0.02, 8, 100, 10.0);
    REQUIRE(again);
    CHECK(again->spacer == 18);
  }

  TEST_CASE("level_shift: medians within max(2 x precision, 5%) are one level") {
    const std::vector<double> sample(20, 1.0);
    CHECK_FALSE(ad::level_shift(sample, std::vector<double>(10, 1.0499), 0.01));
    CHECK(ad::level_shift(sample, std::vector<double>(10, 1.0501), 0.01));
    CHECK_FALSE(ad::level_shift(sample, std::vector<double>(10, 0.921), 0.04));
    CHECK(ad::level_shift(sample, std::vector<double>(10, 0.919), 0.04));
    CHECK(ad::level_shift(sample, std::vector<double>{}, 0.01));  // nothing shows the level held
    CHECK(ad::level_shift(std::vector<double>(5, 0.0), sample, 0.01));
  }
}
