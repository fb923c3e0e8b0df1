// Boundary tests for runtime/adapt/stopping: a job stops at exactly min_reps, max_reps and the
// time budget when a checkpoint lands on them; 'within' holds at exactly its limit; small-n
// mean CIs of a stop rule equal R's t.test. Each case pins the value an off-by-one would change.
#include <doctest/doctest.h>

#include <span>
#include <vector>

#include "runtime/adapt/stop_rule.h"
#include "runtime/adapt/stopping.h"
#include "runtime/adapt/stopping_skampi.h"

namespace {

namespace ad = metron::adapt;

// Feeds `x` in batches of `batch` until the evaluator stops; returns that decision.
ad::StopDecision feed(ad::StopEvaluator& ev, const std::vector<double>& x, std::size_t batch,
                      double elapsed_s = 0.0) {
  ad::StopDecision d;
  for (std::size_t done = 0; done < x.size() && !d.stop; done += batch)
    d = ev.add_batch(std::span<const double>(x).subspan(done, std::min(batch, x.size() - done)),
                     elapsed_s);
  return d;
}

ad::StopRule always() {  // holds from the first observation on
  return ad::reps_at_least(1);
}

}  // namespace

TEST_SUITE("stopping boundaries") {
  TEST_CASE(
      "stopping: a rule that always holds stops at exactly min_reps when a batch ends there") {
    const std::vector<double> x(100, 1.0);
    ad::StopEvaluator ev({30, 1000}, always());
    const ad::StopDecision d = feed(ev, x, 10);
    // A rule made only of a reps clause is a budget, not a precision: RepsClause, not RuleMet.
    CHECK(d.reason == ad::StopReason::RepsClause);
    CHECK(d.reps == 30);  // not 40: n >= min_reps, not n > min_reps
  }

  TEST_CASE("stopping: min_reps above max_reps acts as max_reps, and the rule holds there") {
    const std::vector<double> x(100, 1.0);
    ad::StopEvaluator ev({50, 20}, always());
    CHECK(ev.budget().min_reps == 20);
    const ad::StopDecision d = feed(ev, x, 10);
    CHECK(d.reps == 20);
    CHECK(d.reason == ad::StopReason::RepsClause);
  }

  TEST_CASE("stopping: max_reps stops at exactly max_reps") {
    const std::vector<double> x(100, 1.0);
    ad::StopEvaluator ev({1, 30}, ad::reps_at_least(1000));
    const ad::StopDecision d = feed(ev, x, 10);
    CHECK(d.reason == ad::StopReason::MaxReps);
    CHECK(d.reps == 30);
    ad::StopEvaluator ev2({1, 30}, ad::reps_at_least(1000));
    CHECK(!ev2.add_batch(std::span<const double>(x).subspan(0, 29), 0.0).stop);
  }

  TEST_CASE("stopping: the time budget stops at exactly max_seconds, not after") {
    const std::vector<double> x(10, 1.0);
    ad::StopEvaluator ev({1, 1000, 2.0}, ad::reps_at_least(1000));
    CHECK(!ev.add_batch(std::span<const double>(x).subspan(0, 5), 1.999).stop);
    const ad::StopDecision d = ev.add_batch(std::span<const double>(x).subspan(5, 5), 2.0);
    CHECK(d.stop);
    CHECK(d.reason == ad::StopReason::TimeBudget);
  }

  TEST_CASE("stopping: 'within' holds at exactly its limit and not just below it") {
    // Median of 1..11 is 6; the exact 95 % ranks for n = 11 are (2, 10) (R: qbinom), so the CI
    // is [2, 10] and the relative half-width is exactly 4 / 6.
    std::vector<double> x;
    for (int i = 1; i <= 11; ++i) x.push_back(i);
    ad::StopEvaluator probe({1, 1000});
    probe.add_batch(x, 0.0);
    const ad::Within w{ad::CiStatistic::Median, 0.5, 0.95, 1.0};
    const ad::CiSnapshot s = probe.ci(w);
    REQUIRE(s.assessable);
    CHECK(s.lower == 2.0);
    CHECK(s.upper == 10.0);
    CHECK(s.relative_half_width == 4.0 / 6.0);
    ad::StopEvaluator at({1, 1000}, ad::ci_within(ad::CiStatistic::Median, 0.95, 4.0 / 6.0));
    CHECK(at.add_batch(x, 0.0).reason == ad::StopReason::RuleMet);
    ad::StopEvaluator below({1, 1000},
                            ad::ci_within(ad::CiStatistic::Median, 0.95, 4.0 / 6.0 - 1e-12));
    CHECK(!below.add_batch(x, 0.0).stop);
  }

  TEST_CASE("stopping: the half-width is the longer side of the CI") {
    CHECK(ad::relative_half_width(10.0, 8.0, 11.0) == doctest::Approx(0.2).epsilon(1e-15));
    CHECK(ad::relative_half_width(10.0, 9.0, 13.0) == doctest::Approx(0.3).epsilon(1e-15));
    CHECK(ad::relative_half_width(-10.0, -12.0, -9.0) == doctest::Approx(0.2).epsilon(1e-15));
  }

  TEST_CASE("stopping: a small-n mean CI equals R's t.test (n - 1 degrees of freedom)") {
    // R: t.test(c(1, 2, 3, 4, 5))$conf.int = 1.03675683852244 4.96324316147756
    //    t.test(c(2.1, 2.5, 2.2, 3.9, 2.4, 2.3), conf.level = 0.9)$conf.int
    //      = 2.01687060706272 3.11646272627062
    // (tools/refvalues/stopping_boundaries.R)
    ad::StopEvaluator a({1, 1000});
    a.add_batch(std::vector<double>{1, 2, 3, 4, 5}, 0.0);
    const ad::CiSnapshot sa = a.ci(ad::Within{ad::CiStatistic::Mean, 0.5, 0.95, 1.0});
    CHECK(sa.lower == doctest::Approx(1.03675683852244).epsilon(1e-12));
    CHECK(sa.upper == doctest::Approx(4.96324316147756).epsilon(1e-12));
    ad::StopEvaluator b({1, 1000});
    b.add_batch(std::vector<double>{2.1, 2.5, 2.2, 3.9, 2.4, 2.3}, 0.0);
    const ad::CiSnapshot sb = b.ci(ad::Within{ad::CiStatistic::Mean, 0.5, 0.90, 1.0});
    CHECK(sb.lower == doctest::Approx(2.01687060706272).epsilon(1e-12));
    CHECK(sb.upper == doctest::Approx(3.11646272627062).epsilon(1e-12));
    // The same CI decides the rule: stop iff the half-width fits.
    const double rel = (4.96324316147756 - 3.0) / 3.0;
    ad::StopEvaluator c({1, 1000}, ad::ci_within(ad::CiStatistic::Mean, 0.95, rel * 1.000001));
    CHECK(c.add_batch(std::vector<double>{1, 2, 3, 4, 5}, 0.0).reason == ad::StopReason::RuleMet);
    ad::StopEvaluator d({1, 1000}, ad::ci_within(ad::CiStatistic::Mean, 0.95, rel * 0.999999));
    CHECK(!d.add_batch(std::vector<double>{1, 2, 3, 4, 5}, 0.0).stop);
  }

  TEST_CASE(
      "stopping: Kleene logic: 'and' is False on one False, 'or' Unknown without a True, 'not' "
      "keeps Unknown") {
    ad::StopEvaluator ev({1, 1000});
    ev.add_batch(std::vector<double>{1.0}, 0.0);
    const ad::StopRule rse_small =
        ad::compare(ad::Term{ad::TermKind::Rse, 0}, ad::CompareOp::Less, 0.1);  // n = 1: Unknown
    CHECK(ev.truth(ad::all_of({ad::reps_at_least(1), ad::reps_at_least(2)})) == ad::Truth::False);
    CHECK(ev.truth(ad::all_of({ad::reps_at_least(2), ad::reps_at_least(1)})) == ad::Truth::False);
    CHECK(ev.truth(ad::all_of({rse_small, ad::reps_at_least(2)})) == ad::Truth::False);
    CHECK(ev.truth(ad::all_of({rse_small, ad::reps_at_least(1)})) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::any_of({rse_small, ad::reps_at_least(2)})) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::any_of({rse_small, ad::reps_at_least(1)})) == ad::Truth::True);
    CHECK(ev.truth(ad::negate(rse_small)) == ad::Truth::Unknown);
    CHECK(ev.truth(ad::negate(ad::reps_at_least(2))) == ad::Truth::True);
  }

  TEST_CASE("stopping: comparisons are exact at their boundary") {
    ad::StopEvaluator ev({1, 1000});
    ev.add_batch(std::vector<double>(20, 1.0), 0.0);
    const ad::Term reps{ad::TermKind::Reps, 0};
    using Op = ad::CompareOp;
    CHECK(ev.truth(ad::compare(reps, Op::LessEqual, 20)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::Less, 20)) == ad::Truth::False);
    CHECK(ev.truth(ad::compare(reps, Op::GreaterEqual, 20)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::Greater, 20)) == ad::Truth::False);
    CHECK(ev.truth(ad::compare(reps, Op::Equal, 20)) == ad::Truth::True);
    CHECK(ev.truth(ad::compare(reps, Op::NotEqual, 20)) == ad::Truth::False);
  }
}

TEST_CASE("stopping: SKaMPI's rule holds at exactly SE = max_rse x mean") {
  // {1, 3}: mean 2, SE = sqrt(((1 - 2)^2 + (3 - 2)^2) / (2 x 1)) = 1 = 0.5 x 2, all exact.
  const std::vector<double> x{1.0, 3.0};
  ad::SkampiStopping at({2, 33, 0.5});
  const ad::StopDecision d = at.add_batch(x, 2);
  CHECK(at.standard_error() == 1.0);
  CHECK(d.reason == ad::StopReason::RuleMet);
  ad::SkampiStopping below({2, 33, 0.5 - 1e-12});
  CHECK(below.add_batch(x, 2).reason == ad::StopReason::NotStopped);
}
