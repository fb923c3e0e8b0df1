// Tests for runtime/adapt/stopping_skampi: SKaMPI's RSE rule on running sums, hard limit, batch
// sizes and the trimmed-mean result (SKaMPI 5 src/measurement.c).
#include "runtime/adapt/stopping_skampi.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "runtime/stats/trimmed_mean.h"

namespace {

namespace ad = metron::adapt;

// Deterministic noisy per-repetition times (us).
std::vector<double> series(std::size_t n, double noise) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) {
    v.push_back(10.0 + noise * std::sin(1.7 * static_cast<double>(i) + 0.3) +
                0.5 * noise * std::cos(0.9 * static_cast<double>(i * i % 13)));
  }
  return v;
}

// SKaMPI's test on the first n values, computed from scratch with its formula.
bool skampi_stops(const std::vector<double>& x, std::size_t n, const ad::SkampiParams& p) {
  double s = 0.0;
  double q = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    s += x[i];
    q += x[i] * x[i];
  }
  const double dn = static_cast<double>(n);
  const double se = std::sqrt(std::fabs(q - s * s / dn) / (dn * (dn - 1.0)));
  return n >= p.max_repetitions ||
         (n >= p.min_repetitions && se <= p.max_relative_standard_error * s / dn);
}

// Runs the controller on x (all repetitions valid); returns the decisions.
std::vector<ad::StopDecision> drive(ad::SkampiStopping& sk, const std::vector<double>& x) {
  std::vector<ad::StopDecision> out;
  std::size_t done = 0;
  while (!sk.stopped()) {
    const std::size_t b = sk.next_batch_size();
    REQUIRE(b > 0);
    REQUIRE(done + b <= x.size());
    out.push_back(sk.add_batch(std::span<const double>(x).subspan(done, b), b));
    done += b;
  }
  return out;
}

}  // namespace

TEST_SUITE("stopping_skampi") {
  TEST_CASE("stopping_skampi: hard limit is max(4, floor(1.5 max + 0.5))") {
    CHECK(ad::SkampiStopping({8, 33, 0.1}).hard_limit() == 50);
    CHECK(ad::SkampiStopping({8, 16, 0.03}).hard_limit() == 24);
    CHECK(ad::SkampiStopping({1, 10, 0.1}).hard_limit() == 15);
    CHECK(ad::SkampiStopping({1, 1, 0.1}).hard_limit() == 4);
    CHECK(ad::SkampiStopping({1, 2, 0.1}).hard_limit() == 4);
    CHECK(ad::SkampiStopping({1, 3, 0.1}).hard_limit() == 5);
  }

  TEST_CASE("stopping_skampi: stops at the first batch boundary where SKaMPI's test holds") {
    for (double noise : {0.5, 2.0, 6.0}) {
      for (std::size_t min_reps : {4, 8, 13}) {
        CAPTURE(noise);
        CAPTURE(min_reps);
        const ad::SkampiParams p{min_reps, 33, 0.03};
        const auto x = series(200, noise);
        ad::SkampiStopping sk(p);
        const auto decisions = drive(sk, x);
        // Batches: min_reps first, then max(4, min_reps); check every boundary against the
        // from-scratch formula, and that it stopped at the first one where it holds.
        std::size_t n = 0;
        for (std::size_t i = 0; i < decisions.size(); ++i) {
          n += (i == 0) ? min_reps : std::max<std::size_t>(4, min_reps);
          n = std::min<std::size_t>(n, 33);  // cut at max_repetitions
          CHECK(decisions[i].reps == n);
          CHECK(decisions[i].stop == skampi_stops(x, n, p));
        }
        CHECK(decisions.back().stop);
      }
    }
  }

  TEST_CASE("stopping_skampi: a noisy series stops at max repetitions with reason MaxReps") {
    // Alternating 1 and 100: RSE about 0.5 forever.
    std::vector<double> x;
    for (int i = 0; i < 100; ++i) x.push_back(i % 2 ? 100.0 : 1.0);
    ad::SkampiStopping sk({8, 33, 0.1});
    const auto decisions = drive(sk, x);
    // Batches of 8: 8, 16, 24, 32, then 1: cut at max (33). SKaMPI would run 40 (its hard limit
    // is 50); Metron never exceeds a stated maximum.
    CHECK(decisions.size() == 5);
    CHECK(decisions.back().reps == 33);
    CHECK(decisions.back().reason == ad::StopReason::MaxReps);
    CHECK(decisions.back().precision > 0.1);
  }

  TEST_CASE("stopping_skampi: reason RuleMet and SE value on a worked example") {
    // 8 values: S = 84, Q = 885; SE = sqrt(|885 - 84^2/8| / (8 * 7)) = sqrt(3 / 56)
    const std::vector<double> x = {10, 11, 10.5, 9.5, 10, 11, 11.5, 10.5};
    ad::SkampiStopping sk({8, 33, 0.1});
    CHECK(sk.next_batch_size() == 8);
    const auto d = sk.add_batch(x, 8);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::RuleMet);
    CHECK(sk.mean() == 10.5);
    CHECK(sk.standard_error() == doctest::Approx(std::sqrt(3.0 / 56.0)).epsilon(1e-14));
    CHECK(d.precision == doctest::Approx(std::sqrt(3.0 / 56.0) / 10.5).epsilon(1e-14));
    CHECK(sk.next_batch_size() == 0);
  }

  TEST_CASE("stopping_skampi: the reported value is the interquartile trimmed mean") {
    const auto x = series(40, 3.0);
    ad::SkampiStopping sk({8, 16, 0.0001});
    drive(sk, x);
    const auto r = sk.result();
    REQUIRE(r.has_value());
    const auto expected = metron::stats::interquartile_trimmed_mean(sk.values());
    CHECK(r->mean == expected->mean);
    CHECK(r->kept == sk.reps() - 2 * (sk.reps() / 4));
    CHECK(ad::SkampiStopping({8, 16, 0.1}).result() == std::nullopt);
  }

  TEST_CASE("stopping_skampi: invalid repetitions do not count, and min reps holds") {
    ad::SkampiStopping sk({8, 33, 0.5});
    const std::vector<double> six = {5, 5, 5, 5, 5, 5};
    // 8 attempted, 6 valid: n = 6 < min 8 although SE = 0.
    auto d = sk.add_batch(six, 8);
    CHECK(!d.stop);
    CHECK(sk.reps() == 6);
    d = sk.add_batch(std::vector<double>{5, 5}, 8);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::RuleMet);
    CHECK(d.reps == 8);
  }

  TEST_CASE("stopping_skampi: batch sizes without window synchronization") {
    ad::SkampiStopping plain({8, 1000, 1e-9});
    CHECK(plain.next_batch_size() == 8);
    ad::SkampiStopping synced({8, 1000, 1e-9, true});
    CHECK(synced.next_batch_size() == 4);  // calibration batch
    const auto x = series(20, 1.0);
    synced.add_batch(std::span<const double>(x).subspan(0, 4), 4);
    CHECK(synced.next_batch_size() == 8);  // max(4, min_repetitions)
    ad::SkampiStopping small({2, 1000, 1e-9});
    small.add_batch(std::span<const double>(x).subspan(0, 2), 2);
    CHECK(small.next_batch_size() == 4);  // never below 4 after the first batch
  }

  TEST_CASE("stopping_skampi: batch sizes with window synchronization") {
    ad::SkampiParams p{16, 1000, 1e-9, true, true};
    ad::SkampiStopping sk(p);
    const auto x = series(200, 1.0);
    CHECK(sk.next_batch_size() == 4);
    sk.add_batch(std::span<const double>(x).subspan(0, 4), 4, 4);  // first: -> min_repetitions
    CHECK(sk.next_batch_size() == 16);
    sk.add_batch(std::span<const double>(x).subspan(0, 16), 16, 8);  // 8 late in a row: not > 8
    CHECK(sk.next_batch_size() == 16);
    sk.add_batch(std::span<const double>(x).subspan(0, 16), 16, 9);  // 9 > 8: halve
    CHECK(sk.next_batch_size() == 8);
    sk.add_batch(std::span<const double>(x).subspan(0, 8), 8, 8);
    CHECK(sk.next_batch_size() == 4);
    sk.add_batch(std::span<const double>(x).subspan(0, 4), 4, 4);
    CHECK(sk.next_batch_size() == 4);  // not below 4
  }

  TEST_CASE("stopping_skampi: batches are cut at max repetitions") {
    // max 10 (hard limit 15). After 8 valid repetitions the next batch of 8 is cut to 2.
    ad::SkampiStopping sk({8, 10, 0.0});
    std::vector<double> x(8, 1.0);
    x[0] = 2.0;  // SE > 0, so eps = 0 never holds
    sk.add_batch(x, 8);
    CHECK(!sk.stopped());
    CHECK(sk.next_batch_size() == 2);
    // Invalid repetitions leave room: 4 valid of 8 attempted, then 7 more valid -> n = 11 >= 10.
    ad::SkampiStopping partial({4, 10, 0.0});
    partial.add_batch(std::vector<double>{1, 2, 1, 2}, 8);
    CHECK(partial.next_batch_size() == 4);
    const auto d = partial.add_batch(std::vector<double>{1, 2, 1, 2, 1, 2, 1}, 8);
    CHECK(d.reason == ad::StopReason::MaxReps);
    CHECK(d.reps == 11);
  }

  TEST_CASE("stopping_skampi: undefined statistics and the time budget") {
    ad::SkampiParams p{1, 100, 0.1};
    p.max_seconds = 2.0;
    ad::SkampiStopping sk(p);
    CHECK(std::isnan(sk.mean()));
    CHECK(std::isnan(sk.standard_error()));
    auto d = sk.add_batch(std::vector<double>{}, 8, 0, 1.0);  // all invalid
    CHECK(!d.stop);
    CHECK(std::isnan(d.precision));
    d = sk.add_batch(std::vector<double>{3.0}, 8, 0, 1.5);  // n = 1: SE undefined, no stop
    CHECK(!d.stop);
    d = sk.add_batch(std::vector<double>{}, 8, 0, 2.5);
    CHECK(d.reason == ad::StopReason::TimeBudget);
  }
}
