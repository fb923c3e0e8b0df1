// measure_job (see job_measure.h): binding, verification, warm-up and the measured loop of one
// job, with the ranks agreeing after each phase.
#include "runtime/measure/job_measure.h"

#include <cmath>
#include <cstdlib>
#include <optional>

#include "runtime/launch_clock.h"
#include "runtime/measure/contention_probe.h"
#include "runtime/measure/job_runner.h"
#include "runtime/measure/measured_loop.h"
#include "runtime/measure/reduce_result.h"
#include "runtime/measure/stop_control.h"
#include "runtime/measure/sync_choice.h"
#include "runtime/ops/error_agreement.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/procsync/global_times.h"
#include "runtime/test_hooks.h"

namespace metron::rt {

namespace {

// The test hook of job_measure.h (METRON_INJECT_MPI_ERROR).
bool inject_error(const Job& job, int rank, int p) {
  return rank == p - 1 && test_hook_number(TestHook::InjectMpiError, -1) == job.id;
}

// The auto warm-up (`set warmup = auto`): the job's own measured loop, results discarded, until
// adapt::WarmupDetector on the job root says the per-observation time (as the job records it) is
// stable or a budget ran out. The batches are the measured loop's: a StopControl of the job's
// own rule, fed the warm-up's times and started over whenever it would stop, sizes them, cut to
// what the detector allows.
void auto_warmup(JobRunner& runner, MPI_Comm comm, int rank, const Settings& s,
                 const adapt::WarmupParams& params, double quantum_s, JobResult& r,
                 std::string& error) {
  adapt::WarmupDetector detector(params);
  std::optional<StopControl> pattern;
  std::vector<double> values;
  std::vector<std::uint8_t> valid;
  const double t0 = launch_clock_s();
  auto elapsed = [&] { return launch_clock_s() - t0; };
  auto restart_pattern = [&] {
    pattern.emplace(s, quantum_s);
    values.clear();
    valid.clear();
    return LoopNext{pattern->first_batch(), 0};
  };
  auto capped = [&](LoopNext n) {
    // A confirmation's spacer is left out: the detector counts and budgets observations.
    return LoopNext{
        std::min<std::int64_t>(n.batch, static_cast<std::int64_t>(detector.next_batch())), 0};
  };
  LoopNext first = rank == 0 ? capped(restart_pattern()) : LoopNext{};
  MPI_Bcast(&first.batch, 1, MPI_INT64_T, 0, comm);
  const LoopStep step = [&](const GatheredDurations& g, std::span<const double> times) {
    std::vector<double> t(times.begin(), times.end());
    for (std::size_t i = 0; i < t.size(); ++i)
      if (!g.valid[i]) t[i] = std::nan("");  // an invalid observation says nothing of the state
    if (detector.add_batch(t, elapsed()) != adapt::WarmupEnd::Running) return LoopNext{};
    values.insert(values.end(), times.begin(), times.end());
    valid.insert(valid.end(), g.valid.begin(), g.valid.end());
    LoopNext n{pattern->next_batch(values, valid, elapsed()), pattern->spacer()};
    if (n.batch <= 0) n = restart_pattern();  // the job would stop here: its loop starts again
    return capped(n);
  };
  error = run_measured_loop(runner, comm, s, first, step);
  if (!error.empty()) return;
  runner.warmup(0);  // the observation index (and Synthetic's sequence) restart at 0
  if (rank == 0) {
    r.warmup = static_cast<std::int64_t>(detector.calls());
    r.warmup_end = detector.end();
  }
}

// The warm-up the settings ask for (auto or a fixed count), timed into r.warmup_s.
void run_warmup(JobRunner& runner, MPI_Comm comm, int rank, const Settings& s,
                const JobContext& ctx, JobResult& r, std::string& error) {
  const double t0 = launch_clock_s();
  try {
    if (s.warmup_reps == kWarmupAuto) {
      adapt::WarmupParams wp;
      wp.min_calls = ctx.first_of_kind ? adapt::kWarmupFirstOfKind : adapt::kWarmupRepeat;
      wp.quantum = ctx.quantum_s;
      auto_warmup(runner, comm, rank, s, wp, ctx.quantum_s, r, error);
    } else {
      if (s.warmup_reps > 0) runner.warmup(s.warmup_reps);
      r.warmup = s.warmup_reps;
      r.warmup_end = adapt::WarmupEnd::Fixed;
    }
  } catch (const std::exception& e) {
    error = e.what();
  }
  r.warmup_s = launch_clock_s() - t0;
}

// A measured batch into the job's result (root): times, validity, global stamps, per-rank times.
void append_batch(const GatheredDurations& g, std::span<const double> times, bool stamps,
                  bool per_rank, JobResult& r) {
  const std::size_t b = times.size();
  for (std::size_t i = 0; i < b; ++i) {
    r.time_s.push_back(times[i]);
    r.valid.push_back(g.valid[i]);
    if (stamps) {
      r.global_start_s.push_back(g.global_start_s[i]);
      r.global_end_s.push_back(g.global_end_s[i]);
    }
    if (per_rank)
      for (int k = 0; k < g.ranks; ++k)
        r.rank_time_s.push_back(g.per_rank[static_cast<std::size_t>(k) * b + i]);
  }
  ++r.batches;
}

// This rank's contention over the measured loop, under its world rank (reduce_result.h).
void note_contention(const adapt::ContentionSample& before, const adapt::ContentionSample& after,
                     int rank, JobResult& r) {
  const adapt::RankContention c = adapt::contention_between(before, after);
  const int world = rank < static_cast<int>(r.world_ranks.size())
                        ? r.world_ranks[static_cast<std::size_t>(rank)]
                        : rank;
  r.contention.cpu_pressure = {c.cpu_pressure, world};
  r.contention.cpu_steal = {c.cpu_steal, world};
  r.contention.involuntary_switches = {c.involuntary_switches, world};
  r.contention.window_s = c.window_s;
}

// How the measurement ended, on the job root.
void end_on_root(const StopControl& control, double elapsed_s, JobResult& r) {
  r.stop_reason = control.reason();
  r.achieved_precision = control.achieved_precision();
  r.achieved_coverage = control.achieved_coverage();
  r.rule_time_s = control.rule_time_s();
  r.confirm_rounds = static_cast<std::int64_t>(control.confirmation().rounds());
  r.confirm_disagreements = static_cast<std::int64_t>(control.confirmation().disagreements());
  r.confirm_spacer_calls = control.confirmation().spacer_calls();
  r.elapsed_s = elapsed_s;
}

// The overlap setup the binding measured (the operation's pure time and its compute part).
void note_overlap(const BoundOp::Overlap& o, JobResult& r) {
  if (!o.enabled) return;
  r.overlap_pure_s = o.pure_s;
  r.overlap_compute_s = static_cast<double>(o.compute_ns) * 1e-9;
  r.overlap_tests = o.tests;
  r.overlap_method = o.method;
}

// `verify = on`: one checked call before any timing; the error on this rank, if any.
std::string verify_job(JobRunner& runner, const Settings& s, JobResult& r) {
  if (!s.verify) {
    r.verify = "off";
    return {};
  }
  try {
    auto v = runner.verify();
    r.verify = v ? *v : "ok";
    return v ? *v : std::string();
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

void measure_job(const Job& job, MPI_Comm comm, const JobContext& ctx, JobResult& r,
                 std::string& error) {
  const Settings& s = *job.settings;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const double t_begin = launch_clock_s();
  // After each phase the ranks agree: a failure on one rank ends the job on every rank alike.
  const auto failed = [&] {
    error = agree_on_error(comm, error);
    if (error.empty()) return false;
    r.stop_reason = StopReason::Error;
    return true;
  };
  std::optional<JobRunner> runner;
  try {
    runner.emplace(job, comm, s, sync_factory_for(s));
  } catch (const std::exception& e) {
    error = e.what();
  }
  // Binding can fail on one rank only (e.g. memory): agree before anyone communicates.
  if (failed()) return;
  note_overlap(runner->op().overlap, r);
  error = verify_job(*runner, s, r);
  if (failed()) return;
  run_warmup(*runner, comm, rank, s, ctx, r, error);
  if (failed()) return;

  StopControl control(s, ctx.quantum_s);
  const bool stamps = dynamic_cast<GlobalTimes*>(&runner->sync()) != nullptr;
  // Batches end within the time budget at the time an observation took so far: the warm-up's
  // calls for the first batch (decided on the root, so broadcast), the measured ones after.
  LoopNext first{control.first_batch(), 0};
  if (rank == 0 && r.warmup > 0)
    first.batch = control.within_budget(first.batch, launch_clock_s() - t_begin,
                                        r.warmup_s / static_cast<double>(r.warmup));
  MPI_Bcast(&first.batch, 1, MPI_INT64_T, 0, comm);
  const adapt::ContentionSample before = sample_contention();  // outside every timed region
  const double t_measure = launch_clock_s();
  const LoopStep step = [&](const GatheredDurations& g, std::span<const double> times) {
    append_batch(g, times, stamps, s.raw_per_rank, r);
    const double now = launch_clock_s();
    const std::int64_t next = control.next_batch(r.time_s, r.valid, now - t_begin);
    const double per_obs = (now - t_measure) / static_cast<double>(r.time_s.size());
    return LoopNext{control.within_budget(next, now - t_begin, per_obs), control.spacer()};
  };
  error = run_measured_loop(*runner, comm, s, first, step,
                            inject_error(job, rank, p)
                                ? message_text(DiagId::job_mpi_error_injected, job.op.func->name)
                                : std::string());
  if (!error.empty()) {
    r.stop_reason = StopReason::Error;
    return;
  }
  note_contention(before, sample_contention(), rank, r);
  // Every rank's own figures (late starts, window overruns, contention), reduced onto the job
  // root as the table of a job's record says.
  r.sync = runner->sync().stats();
  reduce_to_job_root(r, comm);
  if (rank == 0) end_on_root(control, launch_clock_s() - t_begin, r);
}

}  // namespace metron::rt
