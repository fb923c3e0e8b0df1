// RefineDriver (see refine_driver.h).
#include "runtime/exec/refine_driver.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "interpreter/plan_builder.h"
#include "runtime/adapt/refine.h"
#include "runtime/exec/job_order.h"

namespace metron::rt {

namespace {

adapt::RefineConfig config_for(const Job& j) {
  const RefineSettings& r = j.settings->refine;
  adapt::RefineConfig c;
  c.algorithm = r.kind == RefineKind::Skampi    ? adapt::RefineAlgorithm::Skampi
                : r.kind == RefineKind::Mpptest ? adapt::RefineAlgorithm::Mpptest
                                                : adapt::RefineAlgorithm::Metron;
  c.factor = r.factor;
  c.rel_tolerance = r.rel_tolerance;
  c.min_gap = r.min_gap;
  c.max_points = r.max_points;
  c.max_time_s = r.max_time_s;
  c.multiplicative = j.refine_multiplicative;
  c.integer = j.refine_integer;
  c.multiple_of = j.refine_multiple_of;
  return c;
}

double x_of(const Job& j) {
  for (const auto& [k, v] : j.factors)
    if (k == j.refine_var && v.is_number()) return v.as_number();
  return std::numeric_limits<double>::quiet_NaN();
}

adapt::RefinePoint point_of(const Job& j, const JobSummary& s, int round) {
  return {x_of(j), s.median, s.median_ci_lo, s.median_ci_hi, round};
}

}  // namespace

bool RefineDriver::run(const std::vector<JobSummary>& summaries, const RunJobFn& run_job,
                       std::size_t& total) {
  int me = 0;
  MPI_Comm_rank(world_, &me);
  const Plan& plan = program_.plan;
  // The groups and, per group, the regular points. With several measures in a loop body the
  // curve is that of the first one (the lowest job id at each x).
  std::map<int, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < plan.jobs.size(); ++i)
    if (plan.jobs[i].refine_group >= 0) groups[plan.jobs[i].refine_group].push_back(i);
  std::int64_t next_id = static_cast<std::int64_t>(plan.jobs.size());
  for (const auto& [group, members] : groups) {
    const Job& first = plan.jobs[members.front()];
    std::vector<adapt::RefinePoint> points;
    std::map<double, bool> seen_x;
    if (me == 0)
      for (std::size_t i : members) {
        double x = x_of(plan.jobs[i]);
        if (seen_x.count(x)) continue;
        seen_x[x] = true;
        points.push_back(point_of(plan.jobs[i], summaries[i], 0));
      }
    std::optional<adapt::Refiner> refiner;
    if (me == 0) refiner.emplace(config_for(first), points.size());
    auto t0 = std::chrono::steady_clock::now();
    for (int round = 1;; ++round) {
      // The root decides the next values; everyone receives them.
      std::vector<double> xs;
      if (me == 0) {
        double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        xs = refiner->next(points, elapsed);
      }
      long n = static_cast<long>(xs.size());
      MPI_Bcast(&n, 1, MPI_LONG, 0, world_);
      if (n == 0) break;
      xs.resize(static_cast<std::size_t>(n));
      MPI_Bcast(xs.data(), static_cast<int>(n), MPI_DOUBLE, 0, world_);
      // Every rank rebuilds the group's jobs at those values, from the same script and options.
      BuildOptions b = opt_.build;
      b.refine_values[group] = xs;
      b.only_refine_group = group;
      DiagnosticEngine diags(program_.sources);
      rounds_.push_back(build_plan(program_.script, b, diags));
      Plan& p = rounds_.back();
      for (auto& j : p.jobs) j.id = next_id++;
      total += p.jobs.size();
      // With shuffling on, the refined points run in a seeded random order too.
      std::vector<std::size_t> order(p.jobs.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      if (plan.design.shuffle) {
        p.design = plan.design;
        p.design.seed = launch_seed(plan.design.seed, group * 1000 + round);
        order = job_order(p, opt_.launch);
      }
      std::map<double, bool> added;
      for (std::size_t k : order) {
        JobSummary s;
        if (!run_job(p.jobs[k], round, &s)) return false;
        double x = x_of(p.jobs[k]);
        if (me == 0 && !added.count(x)) {
          added[x] = true;
          points.push_back(point_of(p.jobs[k], s, round));
        }
      }
    }
    if (me == 0)
      manifest_.add_refinement(group, first.refine_var,
                               adapt::refine_algorithm_name(config_for(first).algorithm),
                               refiner->round(), refiner->stop_reason(), points.size());
  }
  return true;
}

}  // namespace metron::rt
