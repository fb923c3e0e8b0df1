// Launch deadline from the plan (see launch_deadline.h).
#include "runtime/ops/mpi_handles.h"  // <mpi.h> (through sync_choice.h), after the front end's names

#include "runtime/launcher/launch_deadline.h"

#include <cmath>
#include <map>
#include <string>
#include <tuple>

#include "runtime/measure/sync_choice.h"
#include "runtime/plan/refine_loops.h"

namespace metron::launcher {

namespace {

// What one synchronized clock is kept for (runtime/procsync/clock_cache.cpp): the ranks (here:
// the communicator as written) and the clock settings.
using ClockKey = std::tuple<std::string, int, bool, std::int64_t, std::int64_t>;

struct ClockUse {
  std::int64_t jobs = 0;
  double budget_s = 0;
  const ClockSettings* clock = nullptr;
};

}  // namespace

double job_budget_s(const Settings& s, const DeadlineAllowances& a) {
  const double measurements =
      s.noisy_job.kind == NoisyJobKind::Remeasure ? static_cast<double>(s.noisy_job.attempts) : 1.0;
  return measurements * (a.budget_factor * s.max_time_s + a.job_s);
}

LaunchDeadline launch_deadline(const Plan& plan, const DeadlineAllowances& a) {
  LaunchDeadline d;
  d.startup_s = a.startup_s;
  d.jobs = plan.jobs.size();
  std::map<ClockKey, ClockUse> clocks;
  auto count = [&](const Job& j, std::int64_t times) {
    const double b = job_budget_s(*j.settings, a) * static_cast<double>(times);
    if (!rt::uses_global_clock(*j.settings)) return b;
    const ClockSettings& c = j.settings->sync.clock;
    ClockUse& u =
        clocks[{j.comm.label, static_cast<int>(c.kind), c.offset_only, c.fitpoints, c.exchanges}];
    u.jobs += times;
    u.budget_s += b;
    u.clock = &c;
    return b;
  };
  for (const Job& j : plan.jobs) d.jobs_s += count(j, 1);

  // Refinement adds measurements at run time; each counts like a job of its loop.
  for (const RefineLoop& l : refine_loops(plan)) {
    const adapt::RefineBudget& b = l.budget;
    const auto per_value =
        static_cast<std::int64_t>(l.values > 0 ? (l.jobs + l.values - 1) / l.values : l.jobs);
    std::int64_t added = std::max<std::int64_t>(0, b.max_added_points);
    // mpptest's smoothing passes re-measure every point of the curve.
    if (b.max_smoothing_passes > 0)
      added += b.max_smoothing_passes * (static_cast<std::int64_t>(l.values) + added);
    added *= per_value;
    d.refine_measurements += static_cast<std::size_t>(added);
    d.refine_s += count(plan.jobs[l.first_job], added);
  }

  // One synchronization per clock, then one per `resync` interval (jobs or seconds).
  for (const auto& [key, u] : clocks) {
    std::int64_t n = 1;
    if (u.clock->resync_every_jobs > 0) n += (u.jobs - 1) / u.clock->resync_every_jobs;
    if (u.clock->resync_every_s > 0)
      n += static_cast<std::int64_t>(std::floor(u.budget_s / u.clock->resync_every_s));
    d.clock_syncs += static_cast<std::size_t>(n);
  }
  const double levels = std::ceil(std::log2(std::max(2, plan.np)));
  d.clock_sync_s = static_cast<double>(d.clock_syncs) * a.clock_sync_s * levels;
  d.total_s = d.startup_s + d.jobs_s + d.refine_s + d.clock_sync_s;
  return d;
}

nlohmann::json deadline_json(const LaunchDeadline& d) {
  return {{"total_s", d.total_s},
          {"startup_s", d.startup_s},
          {"jobs_s", d.jobs_s},
          {"refine_s", d.refine_s},
          {"clock_sync_s", d.clock_sync_s},
          {"jobs", d.jobs},
          {"refine_measurements", d.refine_measurements},
          {"clock_syncs", d.clock_syncs}};
}

}  // namespace metron::launcher
