// RefineDriver (see refine_driver.h).
#include "runtime/exec/refine_driver.h"

#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "runtime/adapt/refine.h"
#include "runtime/adapt/seeded_order.h"
#include "runtime/exec/job_order.h"
#include "runtime/plan/refine_loops.h"

namespace metron::rt {

namespace {

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
  // One entry per autorefine loop (a loop nested in another is one per outer value). With several
  // measures in a loop body the curve is that of the first one (the lowest job id at each x).
  struct Loop {
    int group = -1;
    const Job* first = nullptr;
    std::vector<adapt::RefinePoint> points;  // root only
    std::optional<adapt::Refiner> refiner;   // root only
    double elapsed_s = 0;                    // time its refined jobs took: its time budget
    bool done = false;
  };
  std::vector<Loop> loops;
  std::map<int, std::size_t> loop_of;  // group -> index into loops
  std::set<std::pair<int, double>> seen;
  for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
    const Job& j = plan.jobs[i];
    if (j.refine_group < 0) continue;
    auto [it, fresh] = loop_of.emplace(j.refine_group, loops.size());
    if (fresh) {
      loops.emplace_back();
      loops.back().group = j.refine_group;
      loops.back().first = &j;
    }
    if (me == 0 && seen.emplace(j.refine_group, x_of(j)).second)
      loops[it->second].points.push_back(point_of(j, summaries[i], 0));
  }
  if (me == 0)
    for (Loop& l : loops) l.refiner.emplace(refine_config(*l.first), l.points.size());
  std::int64_t next_id = static_cast<std::int64_t>(plan.jobs.size());
  const std::uint64_t launch_state = launch_seed(plan.design.seed, opt_.launch);
  // Round by round over all loops at once: each unfinished loop contributes its next values, and
  // with shuffling on the round's jobs of all loops run in one seeded random order, so neither
  // the refiner's order nor the order of the loops shows up as a trend over time.
  for (int round = 1;; ++round) {
    // The root decides: (group, n, x_1..x_n) per loop that goes on; everyone receives it.
    std::vector<double> msg;
    if (me == 0)
      for (Loop& l : loops) {
        if (l.done) continue;
        std::vector<double> xs = l.refiner->next(l.points, l.elapsed_s);
        if (xs.empty()) {
          l.done = true;
          continue;
        }
        msg.push_back(l.group);
        msg.push_back(static_cast<double>(xs.size()));
        msg.insert(msg.end(), xs.begin(), xs.end());
      }
    long n = static_cast<long>(msg.size());
    MPI_Bcast(&n, 1, MPI_LONG, 0, world_);
    if (n == 0) break;
    msg.resize(static_cast<std::size_t>(n));
    MPI_Bcast(msg.data(), static_cast<int>(n), MPI_DOUBLE, 0, world_);
    // Every rank rebuilds those loops' jobs at those values, from the same script and options.
    BuildOptions b = opt_.build;
    b.only_refined = true;
    for (std::size_t k = 0; k + 1 < msg.size();) {
      const int group = static_cast<int>(msg[k]);
      const auto count = static_cast<std::size_t>(msg[k + 1]);
      b.refine_values[group].assign(msg.begin() + static_cast<std::ptrdiff_t>(k + 2),
                                    msg.begin() + static_cast<std::ptrdiff_t>(k + 2 + count));
      k += 2 + count;
    }
    DiagnosticEngine diags(program_.sources);
    rounds_.push_back(program_.replan(b, diags));
    Plan& p = rounds_.back();
    for (auto& j : p.jobs) j.id = next_id++;
    total += p.jobs.size();
    std::vector<std::size_t> order(p.jobs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (plan.design.shuffle)
      order =
          adapt::seeded_permutation(p.jobs.size(), adapt::refine_round_seed(launch_state, round));
    std::set<std::pair<int, double>> added;
    for (std::size_t k : order) {
      const Job& job = p.jobs[k];
      JobSummary s;
      const auto t0 = std::chrono::steady_clock::now();
      if (!run_job(job, round, &s)) return false;
      if (me != 0) continue;
      auto it = loop_of.find(job.refine_group);
      if (it == loop_of.end()) continue;  // cannot happen: the rebuild numbers loops the same
      Loop& l = loops[it->second];
      l.elapsed_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // One point per x and round: an mpptest re-run adds a further point at an existing x.
      if (added.emplace(job.refine_group, x_of(job)).second)
        l.points.push_back(point_of(job, s, round));
    }
  }
  if (me == 0)
    for (const Loop& l : loops)
      manifest_.add_refinement(l.group, *l.first,
                               adapt::refine_algorithm_name(l.refiner->config().algorithm),
                               l.refiner->round(), l.refiner->stop_reason(), l.points.size());
  return true;
}

}  // namespace metron::rt
