// Micro benchmark: the cost of evaluating a stopping rule after every batch of a
// 10^6-observation job, against the job itself (10^6 x 2 us = 2 s). No MPI.
//
// Usage: stop_rule_overhead [observations]   (default 1000000)
//
// The series is bimodal (strictly alternating modes around 2 us and 3 us, plus noise), so the
// median's CI straddles the gap and `reps >= 20 and ci(median, 95%) within 1%` never holds:
// every run goes to the end (max_reps) and pays for every evaluation. Times cover add_batch()
// as a whole (appending the batch and evaluating the rule). "naive" re-computes the same CI
// from scratch after each batch (copy + nth_element at the needed ranks,
// stats::median_ci), which is what the banded order statistics avoid.
//
// Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that other load on the machine
// does not inflate them; the wall-clock time is printed next to it. The evaluator reserves its
// storage before the timed loop (StopEvaluator's constructor), as the runtime does.
#include <time.h>  // clock_gettime, CLOCK_THREAD_CPUTIME_ID

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "runtime/adapt/stop_rule.h"
#include "runtime/adapt/stopping.h"
#include "runtime/stats/median_ci.h"

namespace {

namespace ad = metron::adapt;
namespace st = metron::stats;
using Clock = std::chrono::steady_clock;

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

constexpr double kOpSeconds = 2e-6;  // the hypothetical operation
constexpr double kTarget = 0.05;     // rule evaluation must stay below 5 % of the job

std::vector<double> make_series(std::size_t n) {
  std::vector<double> v(n);
  std::uint64_t s = 0x9E3779B97F4A7C15ULL;
  for (std::size_t i = 0; i < n; ++i) {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    const double u = static_cast<double>((s * 2685821657736338717ULL) >> 11) * 0x1.0p-53;
    v[i] = (i % 2 == 0 ? 2.0e-6 : 3.0e-6) + 0.2e-6 * u;
  }
  return v;
}

struct Result {
  double seconds = 0.0;  // CPU
  double wall_seconds = 0.0;
  std::size_t evaluations = 0;
  std::size_t rebuilds = 0;
  ad::StopDecision last;
};

Result run(const std::vector<double>& x, std::size_t batch, const ad::StopRule& rule) {
  ad::StopEvaluator ev({20, x.size()}, rule);
  Result r;
  const auto t0 = Clock::now();
  const double c0 = cpu_seconds();
  for (std::size_t done = 0; done < x.size();) {
    const std::size_t take = std::min(batch, x.size() - done);
    r.last = ev.add_batch(std::span<const double>(x).subspan(done, take),
                          kOpSeconds * static_cast<double>(done + take));
    done += take;
    ++r.evaluations;
    if (r.last.stop) break;
  }
  r.seconds = cpu_seconds() - c0;
  r.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  r.rebuilds = ev.sample().rebuild_count();
  return r;
}

double run_naive(const std::vector<double>& x, std::size_t batch) {
  const double c0 = cpu_seconds();
  double sink = 0.0;
  for (std::size_t done = batch; done <= x.size(); done += batch) {
    const auto ci = st::median_ci(std::span<const double>(x).first(done), 0.95);
    sink += ci.lower;
  }
  const double s = cpu_seconds() - c0;
  return sink == 42.0 ? 0.0 : s;  // keep the loop
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const auto x = make_series(n);
  const double job_s = kOpSeconds * static_cast<double>(n);
  const auto rule =
      ad::all_of({ad::reps_at_least(20), ad::ci_within(ad::CiStatistic::Median, 0.95, 0.01)});

  fmt::print("stop rule overhead: {} observations, rule `{}`\n", n, ad::to_string(rule));
  fmt::print("hypothetical job: {} x {:g} us = {:g} s; target: evaluation < {:g} % of it\n\n", n,
             kOpSeconds * 1e6, job_s, kTarget * 100);
  fmt::print("{:>8} {:>12} {:>10} {:>10} {:>12} {:>8} {:>9} {:>10} {:>8}\n", "batch", "evaluations",
             "cpu_ms", "wall_ms", "per_eval_us", "job_%", "rebuilds", "naive_ms", "naive_%");
  bool ok = true;
  for (std::size_t batch : {1, 10, 100, 1000, 10000}) {
    const Result r = run(x, batch, rule);
    const double share = r.seconds / job_s;
    // The naive re-computation is quadratic; only run it where it finishes in seconds.
    const double naive = batch >= 1000 ? run_naive(x, batch) : -1.0;
    fmt::print("{:>8} {:>12} {:>10.2f} {:>10.2f} {:>12.3f} {:>8.3f} {:>9} {:>10} {:>8}\n", batch,
               r.evaluations, r.seconds * 1e3, r.wall_seconds * 1e3,
               r.seconds * 1e6 / static_cast<double>(r.evaluations), share * 100, r.rebuilds,
               naive < 0 ? "-" : fmt::format("{:.1f}", naive * 1e3),
               naive < 0 ? "-" : fmt::format("{:.1f}", naive / job_s * 100));
    if (r.last.reason != ad::StopReason::MaxReps) {
      fmt::print("  unexpected stop: {} at n = {}\n", ad::to_string(r.last.reason), r.last.reps);
      ok = false;
    }
    if (share >= kTarget) ok = false;
  }

  // Other rule shapes at batch 100, for comparison.
  fmt::print("\nother rules, batch 100:\n");
  fmt::print("{:>52} {:>10} {:>10} {:>8}\n", "rule", "cpu_ms", "wall_ms", "job_%");
  const std::vector<ad::StopRule> others = {
      ad::ci_within(ad::CiStatistic::Mean, 0.95, 1e-6),
      ad::ci_within(ad::CiStatistic::Quantile, 0.95, 1e-6, 0.99),
      ad::compare(ad::Term{ad::TermKind::Rse, 0}, ad::CompareOp::Less, 1e-9),
      ad::compare(ad::Term{ad::TermKind::CovMedian, 20}, ad::CompareOp::Less, 1e-12),
      ad::compare(ad::Term{ad::TermKind::CovMean, 20}, ad::CompareOp::Less, 1e-12),
  };
  for (const auto& r : others) {
    const Result res = run(x, 100, r);
    fmt::print("{:>52} {:>10.2f} {:>10.2f} {:>8.3f}\n", ad::to_string(r), res.seconds * 1e3,
               res.wall_seconds * 1e3, res.seconds / job_s * 100);
  }
  // A coarse timer: the same series rounded to 0.1 us, so most observations tie.
  auto coarse = x;
  for (double& v : coarse) v = std::round(v * 1e7) / 1e7;
  fmt::print("\nsame rule, values rounded to 0.1 us (heavy ties):\n");
  fmt::print("{:>8} {:>10} {:>10} {:>8} {:>9}\n", "batch", "cpu_ms", "wall_ms", "job_%",
             "rebuilds");
  for (std::size_t batch : {10, 100, 1000}) {
    const Result r = run(coarse, batch, rule);
    fmt::print("{:>8} {:>10.2f} {:>10.2f} {:>8.3f} {:>9}\n", batch, r.seconds * 1e3,
               r.wall_seconds * 1e3, r.seconds / job_s * 100, r.rebuilds);
    if (r.seconds / job_s >= kTarget) ok = false;
  }

  fmt::print("\njob_% = cpu time / job time; {}\n",
             ok ? "PASS: below the target for every batch size" : "FAIL: above the target");
  return ok ? 0 : 1;
}
