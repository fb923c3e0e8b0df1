// Tests for runtime/adapt/stopping and stop_rule: each rule stops exactly where a brute-force
// scan over the prefixes of a synthetic series says it should, budgets win when the rule never
// holds, and min reps is respected.
#include "runtime/adapt/stopping.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "runtime/adapt/stop_rule.h"
#include "runtime/stats/cov_window.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/median_ci.h"

namespace {

namespace ad = metron::adapt;
namespace st = metron::stats;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Synthetic run times (us): a base of 2 plus exponential-like noise from a fixed xorshift64*
// stream, so the series is noisy, right-skewed and reproducible.
std::vector<double> noisy_series(std::size_t n, std::uint64_t seed = 12345, double spread = 0.5) {
  std::vector<double> v;
  std::uint64_t s = seed;
  for (std::size_t i = 0; i < n; ++i) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    const double u = static_cast<double>((s * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
    v.push_back(2.0 - spread * std::log(1.0 - u));
  }
  return v;
}

// Two modes, strictly alternating: the median sits in the gap, so its CI never narrows.
std::vector<double> bimodal_series(std::size_t n) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(i % 2 == 0 ? 1.0 + 1e-4 * (i % 7) : 3.0);
  return v;
}

// Feeds `x` to an evaluator in batches of `batch`; returns the decision that stopped it (or the
// last one) and the number of evaluations.
ad::StopDecision run(ad::StopEvaluator& ev, const std::vector<double>& x, std::size_t batch,
                     double seconds_per_obs = 0.0) {
  ad::StopDecision d;
  for (std::size_t done = 0; done < x.size();) {
    const std::size_t take = std::min(batch, x.size() - done);
    d = ev.add_batch(std::span<const double>(x).subspan(done, take),
                     seconds_per_obs * static_cast<double>(done + take));
    done += take;
    if (d.stop) break;
  }
  return d;
}

// Brute force: the first checkpoint n = batch, 2 batch, ... (n >= min_reps) where pred(prefix).
std::size_t first_checkpoint(const std::vector<double>& x, std::size_t batch, std::size_t min_reps,
                             const std::function<bool(const std::vector<double>&)>& pred) {
  for (std::size_t n = batch; n <= x.size(); n += batch) {
    if (n < min_reps) continue;
    const std::vector<double> p(x.begin(), x.begin() + static_cast<std::ptrdiff_t>(n));
    if (pred(p)) return n;
  }
  return 0;
}

ad::StopRule rse_below(double v) {
  return ad::compare(ad::Term{ad::TermKind::Rse, 0}, ad::CompareOp::Less, v);
}

}  // namespace

TEST_SUITE("stopping") {
  TEST_CASE("stopping: rse < x stops at the first checkpoint where the prefix RSE is below x") {
    const auto x = noisy_series(5000);
    for (std::size_t batch : {1, 7, 50}) {
      CAPTURE(batch);
      const std::size_t expected = first_checkpoint(
          x, batch, 10, [](const std::vector<double>& p) { return st::rse(p) < 0.01; });
      REQUIRE(expected > 0);
      ad::StopEvaluator ev({10, 100000}, rse_below(0.01));
      const auto d = run(ev, x, batch);
      CHECK(d.stop);
      CHECK(d.reason == ad::StopReason::RuleMet);
      CHECK(d.reps == expected);
      CHECK(d.precision_kind == ad::PrecisionKind::Rse);
      CHECK(d.precision ==
            doctest::Approx(st::rse(std::vector<double>(
                                x.begin(), x.begin() + static_cast<std::ptrdiff_t>(expected))))
                .epsilon(1e-10));
    }
  }

  TEST_CASE("stopping: ci(median, 95%) within 2% stops where the prefix median CI first fits") {
    const auto x = noisy_series(20000);
    for (std::size_t batch : {1, 10, 100}) {
      CAPTURE(batch);
      const std::size_t expected = first_checkpoint(x, batch, 1, [](const std::vector<double>& p) {
        const auto ci = st::median_ci(p, 0.95);
        return ci.assessable() && ad::relative_half_width(ci.estimate, ci.lower, ci.upper) <= 0.02;
      });
      REQUIRE(expected > 100);  // past the exact/Le Boudec switch
      ad::StopEvaluator ev({1, 1000000}, ad::ci_within(ad::CiStatistic::Median, 0.95, 0.02));
      const auto d = run(ev, x, batch);
      CHECK(d.reason == ad::StopReason::RuleMet);
      CHECK(d.reps == expected);
      CHECK(d.precision_kind == ad::PrecisionKind::CiRelativeHalfWidth);
      CHECK(d.precision <= 0.02);
    }
  }

  TEST_CASE("stopping: quantized timer values (heavy ties) stop where brute force says") {
    // 0.05 us resolution: every value is a multiple of 0.05.
    auto x = noisy_series(20000, 77);
    for (double& v : x) v = std::round(v / 0.05) * 0.05;
    const std::size_t batch = 20;
    const std::size_t expected = first_checkpoint(x, batch, 1, [](const std::vector<double>& p) {
      const auto ci = st::quantile_ci(p, 0.75, 0.95);
      return ci.assessable() && ad::relative_half_width(ci.estimate, ci.lower, ci.upper) <= 0.02;
    });
    REQUIRE(expected > 100);
    ad::StopEvaluator ev({1, 1000000}, ad::ci_within(ad::CiStatistic::Quantile, 0.95, 0.02, 0.75));
    CHECK(run(ev, x, batch).reps == expected);
  }

  TEST_CASE("stopping: ci(quantile(0.9), 99%) and ci(mean, 95%) stop where brute force says") {
    const auto x = noisy_series(20000, 99);
    const std::size_t batch = 25;
    const std::size_t expected_q = first_checkpoint(x, batch, 1, [](const std::vector<double>& p) {
      const auto ci = st::quantile_ci(p, 0.9, 0.99);
      return ci.assessable() && ad::relative_half_width(ci.estimate, ci.lower, ci.upper) <= 0.05;
    });
    REQUIRE(expected_q > 0);
    ad::StopEvaluator evq({1, 1000000}, ad::ci_within(ad::CiStatistic::Quantile, 0.99, 0.05, 0.9));
    CHECK(run(evq, x, batch).reps == expected_q);

    const std::size_t expected_m = first_checkpoint(x, batch, 1, [](const std::vector<double>& p) {
      const auto ci = st::mean_ci(p, 0.95);
      return ci.assessable && ci.half_width / std::fabs(ci.mean) <= 0.01;
    });
    REQUIRE(expected_m > 0);
    ad::StopEvaluator evm({1, 1000000}, ad::ci_within(ad::CiStatistic::Mean, 0.95, 0.01));
    CHECK(run(evm, x, batch).reps == expected_m);
  }

  TEST_CASE("stopping: cov_mean(w) and cov_median(w) thresholds stop where brute force says") {
    const auto x = noisy_series(3000, 7);
    const std::size_t batch = 30;
    const auto cov_mean_rule =
        ad::compare(ad::Term{ad::TermKind::CovMean, 20}, ad::CompareOp::Less, 0.001);
    const std::size_t expected_mean = first_checkpoint(
        x, batch, 1, [](const std::vector<double>& p) { return st::cov_mean(p, 20) < 0.001; });
    REQUIRE(expected_mean > 0);
    ad::StopEvaluator ev1({1, 100000}, cov_mean_rule);
    CHECK(run(ev1, x, batch).reps == expected_mean);

    const auto cov_median_rule =
        ad::compare(ad::Term{ad::TermKind::CovMedian, 10}, ad::CompareOp::Less, 0.0005);
    const std::size_t expected_median = first_checkpoint(
        x, batch, 1, [](const std::vector<double>& p) { return st::cov_median(p, 10) < 0.0005; });
    REQUIRE(expected_median > 0);
    ad::StopEvaluator ev2({1, 100000}, cov_median_rule);
    CHECK(run(ev2, x, batch).reps == expected_median);
  }

  TEST_CASE("stopping: ReproMPI's combination (all metrics below their thresholds)") {
    const auto x = noisy_series(4000, 3);
    const std::size_t batch = 20;
    const auto rule = ad::all_of({rse_below(0.02), ad::compare(ad::Term{ad::TermKind::CovMean, 20},
                                                               ad::CompareOp::Less, 0.002)});
    const std::size_t expected = first_checkpoint(x, batch, 1, [](const std::vector<double>& p) {
      return st::rse(p) < 0.02 && st::cov_mean(p, 20) < 0.002;
    });
    REQUIRE(expected > 0);
    ad::StopEvaluator ev({1, 100000}, rule);
    CHECK(run(ev, x, batch).reps == expected);
  }

  TEST_CASE("stopping: a never-converging series stops at max reps with reason MaxReps") {
    const auto x = bimodal_series(4000);
    const auto rule =
        ad::all_of({ad::reps_at_least(20), ad::ci_within(ad::CiStatistic::Median, 0.95, 0.01)});
    ad::StopEvaluator ev({20, 3000}, rule);
    const auto d = run(ev, x, 100);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::MaxReps);
    CHECK(d.reps == 3000);
    CHECK(d.precision > 0.3);  // the CI straddles both modes
  }

  TEST_CASE("stopping: a never-converging series stops at the time budget") {
    const auto x = bimodal_series(4000);
    ad::StopEvaluator ev({20, 1000000, 0.5}, ad::ci_within(ad::CiStatistic::Median, 0.95, 0.01));
    // 1 ms per observation: the budget of 0.5 s runs out at observation 500.
    const auto d = run(ev, x, 50, 1e-3);
    CHECK(d.reason == ad::StopReason::TimeBudget);
    CHECK(d.reps == 500);
    CHECK(d.elapsed_s == doctest::Approx(0.5));
  }

  TEST_CASE("stopping: min reps is respected, and a deterministic series stops right there") {
    const std::vector<double> same(1000, 2.5);
    ad::StopEvaluator ev({64, 1000}, ad::ci_within(ad::CiStatistic::Median, 0.99, 0.001));
    const auto d = run(ev, same, 10);
    CHECK(d.reason == ad::StopReason::RuleMet);
    CHECK(d.reps == 70);  // first checkpoint >= 64
    CHECK(d.precision == 0.0);
    // The rule already holds at n = 10 (exact ranks (1, 10) at 99 %... all values equal), but
    // not before min reps:
    ad::StopEvaluator ev2({64, 1000}, rse_below(0.1));
    for (int b = 0; b < 6; ++b) {
      CHECK(!ev2.add_batch(std::span<const double>(same).subspan(0, 10), 0.0).stop);
    }
    CHECK(ev2.add_batch(std::span<const double>(same).subspan(0, 10), 0.0).reason ==
          ad::StopReason::RuleMet);
  }

  TEST_CASE("stopping: the time budget wins over min reps") {
    const std::vector<double> same(100, 1.0);
    ad::StopEvaluator ev({50, 1000, 1.0}, rse_below(0.1));
    const auto d = ev.add_batch(std::span<const double>(same).subspan(0, 10), 2.0);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::TimeBudget);
    CHECK(d.reps == 10);
  }

  TEST_CASE("stopping: without a rule only the budgets stop") {
    const auto x = noisy_series(100);
    ad::StopEvaluator ev({1, 40});
    const auto d = run(ev, x, 8);
    CHECK(d.reason == ad::StopReason::MaxReps);
    CHECK(d.reps == 40);
    CHECK(d.precision_kind == ad::PrecisionKind::Rse);
    // min_reps > max_reps behaves as min_reps = max_reps.
    ad::StopEvaluator clamp({500, 30});
    CHECK(clamp.budget().min_reps == 30);
  }

  TEST_CASE("stopping: rule met at max reps reports RuleMet") {
    const std::vector<double> same(50, 3.0);
    ad::StopEvaluator ev({1, 50}, ad::ci_within(ad::CiStatistic::Median, 0.95, 0.01));
    const auto d = ev.add_batch(same, 0.0);
    CHECK(d.reason == ad::StopReason::RuleMet);
  }

  TEST_CASE("stopping: a rule that holds only through its reps or elapsed clause is a budget") {
    // The precision clause cannot be met (the median sits between two modes), so the job ends
    // on `reps >= 60`: never rule_met.
    const auto x = bimodal_series(200);
    const auto rule = ad::any_of(
        {ad::reps_at_least(60),
         ad::all_of({ad::reps_at_least(20), ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05)})});
    ad::StopEvaluator ev({1, 1000}, rule);
    auto d = run(ev, x, 10);
    CHECK(d.stop);
    CHECK(d.reps == 60);
    CHECK(d.reason == ad::StopReason::RepsClause);
    CHECK(ad::to_string(d.reason) == "reps_clause");
    CHECK(d.precision > 0.3);  // reported although the rule was not met
    CHECK(ev.precision_truth(rule) == ad::Truth::False);
    // `elapsed >= 2s or ci(...)`: the elapsed clause fires (the "rule_met" at n = 4).
    const ad::StopRule timed = ad::any_of(
        {ad::compare(ad::Term{ad::TermKind::Elapsed, 0}, ad::CompareOp::GreaterEqual, 2.0),
         ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05)});
    ad::StopEvaluator ev2({1, 1000}, timed);
    d = ev2.add_batch(std::span<const double>(x).subspan(0, 4), 2.5);
    CHECK(d.reason == ad::StopReason::ElapsedClause);
    CHECK(ad::to_string(d.reason) == "elapsed_clause");
    // With 4 observations a 95% median CI does not exist: the precision is that of [min, max]
    // with its own coverage 1 - 2 * 0.5^4 = 0.875.
    // Values 1, 3, 1.0002, 3: median 2.0001, half-width (2.0001 - 1) / 2.0001.
    CHECK(d.precision == doctest::Approx(1.0001 / 2.0001).epsilon(1e-12));
    CHECK(d.coverage == doctest::Approx(0.875));
    // A rule without any precision leaf can only end on a budget.
    ad::StopEvaluator ev3({1, 1000}, ad::reps_at_least(10));
    CHECK(run(ev3, x, 5).reason == ad::StopReason::RepsClause);
    // The same rule when its CI clause holds: rule_met, also when the reps clause holds too.
    const std::vector<double> same(200, 3.0);
    ad::StopEvaluator ev4({1, 1000}, rule);
    d = run(ev4, same, 60);
    CHECK(d.reps == 60);
    CHECK(d.reason == ad::StopReason::RuleMet);
    CHECK(d.coverage == doctest::Approx(0.95));
    // Under not: `not (reps < 60 and not ci within)` is `reps >= 60 or ci within`.
    const ad::StopRule negated = ad::negate(
        ad::all_of({ad::compare(ad::Term{ad::TermKind::Reps, 0}, ad::CompareOp::Less, 60),
                    ad::negate(ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05))}));
    ad::StopEvaluator ev5({1, 1000}, negated);
    d = run(ev5, x, 10);
    CHECK(d.reps == 60);
    CHECK(d.reason == ad::StopReason::RepsClause);
    ad::StopEvaluator ev6({1, 1000}, negated);
    CHECK(run(ev6, same, 10).reason == ad::StopReason::RuleMet);
  }

  TEST_CASE("stop_rule: rule_min_reps is the first n at which the rule can hold") {
    const auto ci95 = ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05);
    // Exact binomial ranks: n = 6 is the first with a 95% median CI ([x(1), x(6)], 0.969).
    CHECK(ad::rule_min_reps(ci95) == 6);
    CHECK(ad::rule_min_reps(ad::ci_within(ad::CiStatistic::Median, 0.99, 0.05)) == 8);
    CHECK(ad::rule_min_reps(ad::ci_within(ad::CiStatistic::Mean, 0.95, 0.05)) == 2);
    CHECK(ad::rule_min_reps(rse_below(0.1)) == 2);
    CHECK(ad::rule_min_reps(ad::all_of({ad::reps_at_least(20), ci95})) == 20);
    // The rule: min(1000, max(20, 6)).
    CHECK(ad::rule_min_reps(ad::any_of(
              {ad::reps_at_least(1000), ad::all_of({ad::reps_at_least(20), ci95})})) == 20);
    CHECK(ad::rule_min_reps(
              ad::compare(ad::Term{ad::TermKind::Reps, 0}, ad::CompareOp::Greater, 9.5)) == 10);
    CHECK(ad::rule_min_reps(
              ad::compare(ad::Term{ad::TermKind::Reps, 0}, ad::CompareOp::Less, 50)) == 1);
    CHECK(ad::rule_min_reps(ad::negate(ad::reps_at_least(30))) == 1);
  }

  TEST_CASE("stop_rule: rule_reps_cap is the smallest reps budget of the top-level or") {
    const auto ci95 = ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05);
    CHECK(ad::rule_reps_cap(ad::reps_at_least(40)) == 40);
    CHECK(ad::rule_reps_cap(ad::any_of({ad::reps_at_least(1000), ad::reps_at_least(500),
                                        ad::all_of({ad::reps_at_least(20), ci95})})) == 500);
    CHECK(ad::rule_reps_cap(
              ad::compare(ad::Term{ad::TermKind::Reps, 0}, ad::CompareOp::Greater, 99)) == 100);
    // `reps >= 100 or elapsed >= 250ms or (...)` parses as nested binary Ors (quickstart.bench
    // ran to 112-128 observations because only the outer Or was searched).
    const auto elapsed = ad::compare(ad::Term{ad::TermKind::Elapsed, 0}, ad::CompareOp::GreaterEqual,
                                     0.25);
    CHECK(ad::rule_reps_cap(ad::any_of({ad::any_of({ad::reps_at_least(100), elapsed}),
                                        ad::all_of({ad::reps_at_least(20), ci95})})) == 100);
    // A minimum inside an and is no budget; neither is a rule without reps.
    CHECK(ad::rule_reps_cap(ad::all_of({ad::reps_at_least(20), ci95})) == 0);
    CHECK(ad::rule_reps_cap(ci95) == 0);
  }

  TEST_CASE("stopping: a CI narrower than the timer quantum is widened to it") {
    // A coarse timer (1 us ticks) and a tie-heavy sample: the order-statistic CI of the median
    // has width 0 at n = 6, so `within 1%` would hold; widened to +-0.5 us around 2 us it is 25%.
    const std::vector<double> ticks(6, 2e-6);
    const auto rule = ad::ci_within(ad::CiStatistic::Median, 0.95, 0.01);
    ad::StopEvaluator plain({1, 1000}, rule);
    CHECK(plain.add_batch(ticks, 0.0).reason == ad::StopReason::RuleMet);
    ad::StopEvaluator coarse({1, 1000}, rule);
    coarse.set_quantum(1e-6);
    const auto d = coarse.add_batch(ticks, 0.0);
    CHECK_FALSE(d.stop);
    CHECK(d.precision == doctest::Approx(0.25));
    const auto ci = coarse.ci(std::get<ad::Within>(rule.node));
    CHECK(ci.widened);
    CHECK(ci.lower == doctest::Approx(1.5e-6));
    CHECK(ci.upper == doctest::Approx(2.5e-6));
    // A CI already wider than the quantum is left alone.
    ad::CiSnapshot wide{2.0, 1.0, 4.0, 1.0, true, false};
    ad::widen_to_quantum(wide, 0.5);
    CHECK_FALSE(wide.widened);
    CHECK(wide.lower == 1.0);
    CHECK(wide.upper == 4.0);
  }

  TEST_CASE("stopping: undefined terms are Unknown and never stop a job, even under not") {
    ad::StopEvaluator ev({1, 1000});
    const std::vector<double> one = {2.0};
    ev.add_batch(one, 0.0);
    CHECK(std::isnan(ev.term_value({ad::TermKind::Rse, 0})));
    CHECK(ev.truth(rse_below(0.1)) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::negate(rse_below(0.1))) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::all_of({ad::reps_at_least(5), rse_below(0.1)})) == ad::Truth::False);
    CHECK(ev.truth(ad::all_of({ad::reps_at_least(1), rse_below(0.1)})) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::any_of({ad::reps_at_least(1), rse_below(0.1)})) == ad::Truth::True);
    CHECK(ev.truth(ad::any_of({ad::reps_at_least(5), rse_below(0.1)})) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::negate(ad::reps_at_least(5))) == ad::Truth::True);
    // cov_mean(20) needs 20 observations; a CI needs enough of them (n > 5 at 95 %).
    CHECK(std::isnan(ev.term_value({ad::TermKind::CovMean, 20})));
    CHECK(!ev.ci(ad::Within{ad::CiStatistic::Median, 0.5, 0.95, 0.05}).assessable);
    ad::StopEvaluator never({1, 1000}, ad::negate(rse_below(0.1)));
    CHECK(!never.add_batch(one, 0.0).stop);
    // The rule holds through its reps clause while its precision part is Unknown (one value has
    // no RSE): a budget stop, since 'not' of Unknown stays Unknown (were it True: rule_met).
    ad::StopEvaluator budget({1, 1000},
                             ad::any_of({ad::reps_at_least(1), ad::negate(rse_below(0.1))}));
    const ad::StopDecision d = budget.add_batch(one, 0.0);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::RepsClause);
  }

  TEST_CASE("stopping: comparison operators and terms") {
    ad::StopEvaluator ev({1, 1000});
    const auto x = noisy_series(30);
    ev.add_batch(x, 1.5);
    const ad::Term reps{ad::TermKind::Reps, 0};
    const ad::Term elapsed{ad::TermKind::Elapsed, 0};
    CHECK(ev.term_value(reps) == 30.0);
    CHECK(ev.term_value(elapsed) == 1.5);
    CHECK(ev.term_value({ad::TermKind::Rse, 0}) == doctest::Approx(st::rse(x)).epsilon(1e-12));
    CHECK(ev.term_value({ad::TermKind::CovMedian, 5}) ==
          doctest::Approx(st::cov_median(x, 5)).epsilon(1e-9));
    using Op = ad::CompareOp;
    CHECK(ev.truth(ad::compare(reps, Op::Less, 31)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::LessEqual, 30)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::Greater, 30)) == ad::Truth::False);
    CHECK(ev.truth(ad::compare(reps, Op::GreaterEqual, 30)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::Equal, 30)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::NotEqual, 30)) == ad::Truth::False);
    CHECK(ev.truth(ad::compare(elapsed, Op::GreaterEqual, 1.0)) == ad::Truth::True);
  }

  TEST_CASE("stopping: the CI snapshot equals stats::quantile_ci on the same data") {
    const auto x = noisy_series(2500, 5);
    ad::StopEvaluator ev({1, 100000});
    ev.add_batch(x, 0.0);
    for (double q : {0.1, 0.5, 0.99}) {
      CAPTURE(q);
      const auto snap = ev.ci(ad::Within{ad::CiStatistic::Quantile, q, 0.95, 0.05});
      const auto ref = st::quantile_ci(x, q, 0.95);
      CHECK(snap.assessable == ref.assessable());
      CHECK(snap.estimate == ref.estimate);
      CHECK(snap.lower == ref.lower);
      CHECK(snap.upper == ref.upper);
    }
  }

  TEST_CASE("stopping: NaN observations are skipped") {
    ad::StopEvaluator ev({1, 10});
    const std::vector<double> v = {1.0, kNaN, 2.0};
    const auto d = ev.add_batch(v, 0.0);
    CHECK(d.reps == 2);
    CHECK(ev.values().size() == 2);
  }

  TEST_CASE("stopping: relative half-width definition") {
    CHECK(ad::relative_half_width(10.0, 9.0, 12.0) == doctest::Approx(0.2));  // asymmetric: max
    CHECK(ad::relative_half_width(-10.0, -12.0, -9.0) == doctest::Approx(0.2));
    CHECK(std::isnan(ad::relative_half_width(0.0, -1.0, 1.0)));
    CHECK(std::isnan(ad::relative_half_width(1.0, kNaN, 2.0)));
    CHECK(ad::to_string(ad::StopReason::MaxReps) == "max_reps");
    CHECK(ad::to_string(ad::StopReason::RuleMet) == "rule_met");
    CHECK(ad::to_string(ad::StopReason::TimeBudget) == "time_budget");
    CHECK(ad::to_string(ad::StopReason::NotStopped) == "not_stopped");
  }

  TEST_CASE("stop_rule: text form follows the script syntax") {
    const auto rule = ad::any_of(
        {ad::reps_at_least(1000),
         ad::compare(ad::Term{ad::TermKind::Elapsed, 0}, ad::CompareOp::GreaterEqual, 10),
         ad::all_of({ad::reps_at_least(20), ad::ci_within(ad::CiStatistic::Median, 0.95, 0.05)})});
    CHECK(ad::to_string(rule) ==
          "reps >= 1000 or elapsed >= 10s or (reps >= 20 and ci(median, 95%) within 5%)");
    CHECK(ad::to_string(ad::negate(rse_below(0.1))) == "not rse < 0.1");
    CHECK(ad::to_string(ad::ci_within(ad::CiStatistic::Quantile, 0.99, 0.01, 0.9)) ==
          "ci(quantile(0.9), 99%) within 1%");
    CHECK(ad::to_string(ad::ci_within(ad::CiStatistic::Mean, 0.9, 0.005)) ==
          "ci(mean, 90%) within 0.5%");
    CHECK(ad::to_string(ad::compare(ad::Term{ad::TermKind::CovMedian, 20}, ad::CompareOp::Less,
                                    0.01)) == "cov_median(20) < 0.01");
  }

  TEST_CASE("stop_rule: validation") {
    using E = ad::StopRuleError;
    CHECK(ad::validate(ad::reps_at_least(3)) == E::None);
    CHECK(ad::validate(ad::all_of({})) == E::EmptyOperands);
    CHECK(ad::validate(ad::any_of({})) == E::EmptyOperands);
    CHECK(ad::validate(ad::StopRule{ad::Not{}}) == E::NotArity);
    CHECK(ad::validate(ad::compare(ad::Term{ad::TermKind::CovMean, 1}, ad::CompareOp::Less, 1)) ==
          E::BadWindow);
    CHECK(ad::validate(ad::ci_within(ad::CiStatistic::Median, 1.0, 0.05)) == E::BadLevel);
    CHECK(ad::validate(ad::ci_within(ad::CiStatistic::Quantile, 0.95, 0.05, 1.0)) ==
          E::BadQuantile);
    CHECK(ad::validate(ad::ci_within(ad::CiStatistic::Mean, 0.95, 0.0)) == E::BadHalfWidth);
    CHECK(ad::validate(ad::compare(ad::Term{}, ad::CompareOp::Less, kNaN)) == E::BadValue);
    CHECK(ad::validate(ad::all_of({ad::reps_at_least(1), ad::negate(ad::all_of({}))})) ==
          E::EmptyOperands);
  }
}
