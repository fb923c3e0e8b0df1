// gather_launch_facts (see gather_facts.h).
#include "runtime/exec/gather_facts.h"

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "runtime/exec/binding_check.h"
#include "runtime/ops/thread_level.h"
#include "runtime/scheduler_context.h"
#include "runtime/simulation.h"
#include "runtime/sysinfo.h"
#include "runtime/timers/timer_info.h"

namespace metron::rt {

namespace {

// The timers used by the plan, probed on this rank (world rank 0); their quanta into `facts`.
nlohmann::json probe_plan_timers(const Plan& plan, LaunchFacts& facts) {
  std::set<TimerKind> kinds;
  for (const auto& job : plan.jobs) kinds.insert(job.settings->timer);
  if (kinds.empty()) kinds.insert(TimerKind::Wtime);
  nlohmann::json timers = nlohmann::json::array();
  for (TimerKind k : kinds) {
    const TimerInfo info = probe_timer(k);
    facts.quanta_s[static_cast<int>(k)] = info.quantum_s;
    timers.push_back(info);
  }
  return timers;
}

// Every rank's CPU list (sched_getaffinity as "0-3,8"), on world rank 0 (empty elsewhere).
std::vector<std::string> gather_cpu_lists(const SysInfo& sys, MPI_Comm world) {
  int me = 0, np = 1;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &np);
  const std::string mine = cpu_ranges(sys.affinity);
  int len = static_cast<int>(mine.size());
  std::vector<int> lens(me == 0 ? static_cast<std::size_t>(np) : 1), displs(lens.size());
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, world);
  std::string all;
  if (me == 0) {
    int total = 0;
    for (std::size_t i = 0; i < lens.size(); ++i) {
      displs[i] = total;
      total += lens[i];
    }
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(mine.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(), MPI_CHAR, 0,
              world);
  std::vector<std::string> lists;
  if (me == 0)
    for (std::size_t i = 0; i < lens.size(); ++i)
      lists.push_back(
          all.substr(static_cast<std::size_t>(displs[i]), static_cast<std::size_t>(lens[i])));
  return lists;
}

// manifest "system": the host facts, the scheduler, and the binding each rank actually got
// (sched_getaffinity), whatever was asked for: srun's --cpu-bind without a binding plugin
// leaves ranks unpinned with only a warning of Slurm's.
nlohmann::json system_json(const SysInfo& sys, const std::vector<std::string>& cpu_lists) {
  nlohmann::json ranks = nlohmann::json::array();
  int pinned_ranks = 0;
  for (std::size_t i = 0; i < cpu_lists.size(); ++i) {
    const std::string& cpus = cpu_lists[i];
    const bool pinned = !cpus.empty() && cpus.find_first_of(",-") == std::string::npos;
    pinned_ranks += pinned ? 1 : 0;
    ranks.push_back({{"rank", i},
                     {"host", i < sys.processor_names.size() ? sys.processor_names[i] : ""},
                     {"cpus", cpus},
                     {"pinned", pinned}});
  }
  nlohmann::json system = sys;
  system["scheduler"] = scheduler_context();
  system["ranks_pinned"] = pinned_ranks;
  if (std::string w = binding_warning(ranks, [](const char* name) { return std::getenv(name); });
      !w.empty())
    system["binding_warning"] = w;
  system["ranks"] = std::move(ranks);
  return system;
}

// manifest "startup": the minimum, mean and maximum over the ranks of each start-up time, as
// osu_init prints them. Null on world rank 0 when MPI was started elsewhere (every rank alike).
nlohmann::json startup_json(MPI_Comm world, int np) {
  const StartupTimes& t = startup_times();
  double mine[2] = {t.init_s, t.first_barrier_s}, lo[2] = {0, 0}, hi[2] = {0, 0}, sum[2] = {0, 0};
  MPI_Reduce(mine, lo, 2, MPI_DOUBLE, MPI_MIN, 0, world);
  MPI_Reduce(mine, hi, 2, MPI_DOUBLE, MPI_MAX, 0, world);
  MPI_Reduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, 0, world);
  if (!t.measured() || lo[0] < 0 || lo[1] < 0) return nullptr;
  auto over_ranks = [&](int i) {
    return nlohmann::json{{"min", lo[i]}, {"mean", sum[i] / np}, {"max", hi[i]}};
  };
  return {{"call", t.call},
          {"clock", "steady_clock"},
          {"mpi_init_s", over_ranks(0)},
          {"first_barrier_s", over_ranks(1)}};
}

}  // namespace

LaunchFacts gather_launch_facts(const Plan& plan, MPI_Comm world) {
  LaunchFacts facts;
  int me = 0;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &facts.np);
  const SysInfo sys = collect_sysinfo(world);
  // Rank 0's probe is the launch's (its quanta are broadcast, its record written); the other
  // ranks' would only cost them the start-up time (an rdtscp job still fixes every rank's TSC
  // frequency before its loop, JobRunner).
  nlohmann::json timers = me == 0 ? probe_plan_timers(plan, facts) : nlohmann::json();
  const std::vector<std::string> cpu_lists = gather_cpu_lists(sys, world);
  MPI_Bcast(facts.quanta_s, 3, MPI_DOUBLE, 0, world);
  facts.simulated = kSimulated;
  // A simulation's host clock says nothing of the simulated start.
  nlohmann::json startup = kSimulated ? nlohmann::json() : startup_json(world, facts.np);
  if (me != 0) return facts;
  facts.startup = std::move(startup);
  facts.timers = std::move(timers);
  facts.system = system_json(sys, cpu_lists);
  if (facts.simulated) facts.simulation = this_simulation();
  return facts;
}

}  // namespace metron::rt
