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

// One entry per autorefine loop (a loop nested in another is one per outer value). With several
// measures in a loop body the curve is that of the first one (the lowest job id at each x).
struct RefineLoop {
  int group = -1;
  const Job* first = nullptr;
  std::vector<adapt::RefinePoint> points;  // root only
  std::optional<adapt::Refiner> refiner;   // root only
  double elapsed_s = 0;                    // time its refined jobs took: its time budget
  bool done = false;
};

struct RefineLoops {
  std::vector<RefineLoop> loops;
  std::map<int, std::size_t> index;  // group -> index into loops

  RefineLoop* find(int group) {
    auto it = index.find(group);
    return it == index.end() ? nullptr : &loops[it->second];
  }
};

// The loops of the regular plan, with the root's points of round 0 and its refiners.
RefineLoops collect_loops(const Plan& plan, const std::vector<JobSummary>& summaries, bool root) {
  RefineLoops r;
  std::set<std::pair<int, double>> seen;
  for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
    const Job& j = plan.jobs[i];
    if (j.refine_group < 0) continue;
    auto [it, fresh] = r.index.emplace(j.refine_group, r.loops.size());
    if (fresh) {
      r.loops.emplace_back();
      r.loops.back().group = j.refine_group;
      r.loops.back().first = &j;
    }
    if (root && seen.emplace(j.refine_group, x_of(j)).second)
      r.loops[it->second].points.push_back(point_of(j, summaries[i], 0));
  }
  if (root)
    for (RefineLoop& l : r.loops) l.refiner.emplace(refine_config(*l.first), l.points.size());
  return r;
}

// The root's decision for the next round: (group, n, x_1..x_n) per loop that goes on.
std::vector<double> next_values(RefineLoops& r) {
  std::vector<double> msg;
  for (RefineLoop& l : r.loops) {
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
  return msg;
}

// Everyone receives the root's message; an empty one ends the refinement.
void broadcast_values(std::vector<double>& msg, MPI_Comm world) {
  long n = static_cast<long>(msg.size());
  MPI_Bcast(&n, 1, MPI_LONG, 0, world);
  msg.resize(static_cast<std::size_t>(n));
  if (n > 0) MPI_Bcast(msg.data(), static_cast<int>(n), MPI_DOUBLE, 0, world);
}

// Build options that rebuild just those loops' jobs at those values.
BuildOptions refined_build(BuildOptions b, const std::vector<double>& msg) {
  b.only_refined = true;
  for (std::size_t k = 0; k + 1 < msg.size();) {
    const int group = static_cast<int>(msg[k]);
    const auto count = static_cast<std::size_t>(msg[k + 1]);
    b.refine_values[group].assign(msg.begin() + static_cast<std::ptrdiff_t>(k + 2),
                                  msg.begin() + static_cast<std::ptrdiff_t>(k + 2 + count));
    k += 2 + count;
  }
  return b;
}

}  // namespace

bool RefineDriver::run(const std::vector<JobSummary>& summaries, const RunJobFn& run_job,
                       std::size_t& total) {
  int me = 0;
  MPI_Comm_rank(world_, &me);
  const Plan& plan = program_.plan;
  RefineLoops loops = collect_loops(plan, summaries, me == 0);
  std::int64_t next_id = static_cast<std::int64_t>(plan.jobs.size());
  const std::uint64_t launch_state = launch_seed(plan.design.seed, opt_.launch);
  // Round by round over all loops at once: each unfinished loop contributes its next values, and
  // with shuffling on the round's jobs of all loops run in one seeded random order, so neither
  // the refiner's order nor the order of the loops shows up as a trend over time.
  for (int round = 1;; ++round) {
    std::vector<double> msg;
    if (me == 0) msg = next_values(loops);
    broadcast_values(msg, world_);
    if (msg.empty()) break;
    // Every rank rebuilds those loops' jobs at those values, from the same script and options.
    DiagnosticEngine diags(program_.sources);
    rounds_.push_back(program_.replan(refined_build(opt_.build, msg), diags));
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
      RefineLoop* l = loops.find(job.refine_group);
      if (l == nullptr) continue;  // cannot happen: the rebuild numbers loops the same
      l->elapsed_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // One point per x and round: an mpptest re-run adds a further point at an existing x.
      if (added.emplace(job.refine_group, x_of(job)).second)
        l->points.push_back(point_of(job, s, round));
    }
  }
  if (me == 0)
    for (const RefineLoop& l : loops.loops)
      manifest_.add_refinement(l.group, *l.first,
                               adapt::refine_algorithm_name(l.refiner->config().algorithm),
                               l.refiner->round(), l.refiner->stop_reason(), l.points.size());
  return true;
}

}  // namespace metron::rt
