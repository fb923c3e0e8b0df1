// execute_plan: the SPMD plan walk, job by job (see executor.h).
#include "runtime/exec/executor.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>

#include "runtime/adapt/noisy_job.h"
#include "runtime/exec/comm_cache.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/exec/gather_facts.h"
#include "runtime/exec/interruption.h"
#include "runtime/exec/job_order.h"
#include "runtime/exec/launch_noise.h"
#include "runtime/exec/refine_driver.h"
#include "runtime/exec/ship_result.h"
#include "runtime/exec/test_hang.h"
#include "runtime/launch_clock.h"
#include "runtime/measure/job_measure.h"
#include "runtime/ops/error_agreement.h"
#include "runtime/ops/io_workdir.h"
#include "runtime/output/folder_lock.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/output/results_files.h"
#include "runtime/output/safe_open.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/imb_groups.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/procsync/clock_cache.h"

namespace metron::rt {

namespace {

std::string location(const LoadedScript& p, const Job& j) {
  if (!j.range.begin.valid()) return "";
  const SourceFile& f = p.sources.file(j.range.begin.file);
  LineCol lc = f.line_col(j.range.begin.offset);
  return fmt::format("{}:{}:{}: ", f.name(), lc.line, lc.col);
}

// `set multi = on`: the ranks of every group that measures a job on `comm` at once.
CommSpec multi_spec(const CommSpec& comm, int np) {
  CommSpec all;
  all.kind = CommSpec::Kind::Ranks;
  all.ranks = multi_group_ranks(comm, np);
  all.size = static_cast<int>(all.ranks.size());
  all.label = comm.label + " (multi)";
  return all;
}

// A run-time message about a job, shown at its `measure` statement with the source line and a
// caret, like the front end's diagnostics (a job of a script read from nowhere: a plain line).
// text: a catalogue message, formatted; a job's error comes as the agreed text of the rank
// that found it.
std::string at_job(const LoadedScript& p, const Job& j, Severity severity,
                   const std::string& text) {
  if (!j.range.begin.valid()) return message_line_of(severity, text) + "\n";
  return render_at(p.sources, severity, j.range, text);
}

// Rank 0 takes the results folder: its lock first, so that a second writer (a singleton of a
// bare srun, another exec with the same --out) is refused before it touches a file; then a
// folder that holds results is not overwritten unless asked (--force: a mistyped --out once
// replaced a 22-job result by a 1-job run). Collective; kExitOk or the exit code.
int claim_results_folder(const ExecOptions& opt, int me, MPI_Comm world) {
  std::string held;
  std::string lock_error;  // a folder that cannot be made is reported when the files open
  if (me == 0 && out::lock_results_folder(opt.out_dir, lock_error) == out::FolderLock::InUse) {
    held = lock_error;
  } else if (me == 0 && out::folder_holds_results(opt.out_dir, held)) {
    if (!opt.force)
      held = message_text(DiagId::folder_holds_results, opt.out_dir, held);
    else if (std::string err; !out::remove_results(opt.out_dir, err))
      held = err;
    else
      held.clear();
  }
  held = agree_on_error(world, held);
  if (held.empty()) return kExitOk;
  if (me == 0) print_error(held);
  return kExitUsage;
}

// Rank 0 opens the results files; every rank learns whether that worked. Collective.
int open_results_files(const Plan& plan, const ExecOptions& opt, const LaunchFacts& facts, int me,
                       out::ResultsFiles& files, MPI_Comm world) {
  std::string error;
  if (me == 0) {
    const bool per_rank = std::any_of(plan.jobs.begin(), plan.jobs.end(),
                                      [](const Job& j) { return j.settings->raw_per_rank; });
    files.open(opt.out_dir, plan, per_rank, facts.simulated, error);
  }
  error = agree_on_error(world, error);
  if (error.empty()) return kExitOk;
  if (me == 0) print_error(error);
  return kExitIo;
}

// One launch on this rank while it walks the plan: the jobs in the launch's order, then the
// refinement rounds. World rank 0 writes each finished job's rows and the manifest.
class LaunchWalk {
 public:
  LaunchWalk(const LoadedScript& program, const ExecOptions& opt, const LaunchFacts& facts,
             out::ResultsFiles& files, MPI_Comm world)
      : program_(program),
        plan_(program.plan),
        opt_(opt),
        facts_(facts),
        files_(files),
        world_(world),
        manifest_(program, opt, facts),
        comms_(world) {
    MPI_Comm_rank(world, &me_);
  }
  void begin();
  void measure_plan();
  void refine();
  int finish();

 private:
  bool run_job(const Job& job, int refine_round, JobSummary* summary);
  std::vector<JobResult> measure_attempts(const Job& job, int refine_round, std::string& error);
  JobResult measure_on_ranks(const Job& job, int refine_round, std::string& error);
  void record(std::vector<JobResult>& attempts, const std::string& error, JobSummary* summary);
  void warn_all_invalid(const Job& job, const JobResult& r, const JobSummary& s) const;
  void print_prints_before(const Job* job);
  bool record_failed();
  void write_last_files();
  void acknowledge_end();

  const LoadedScript& program_;
  const Plan& plan_;
  const ExecOptions& opt_;
  const LaunchFacts& facts_;
  out::ResultsFiles& files_;
  MPI_Comm world_;
  int me_ = 0;
  out::ManifestBuilder manifest_;
  CommCache comms_;
  LaunchNoise noise_;
  std::set<std::string> kinds_seen_;  // (operation, communicator, size) measured in this launch
  std::vector<std::size_t> order_;
  std::vector<JobSummary> summaries_;  // rank 0: the regular jobs' statistics, by plan index
  std::string started_;
  std::string finished_;
  double t_started_ = 0;  // launch_clock_s() when the first job was about to start
  std::size_t next_print_ = 0;
  std::size_t executed_ = 0;
  std::size_t total_ = 0;
  int exit_code_ = kExitOk;
  std::string failure_;        // one line, for the manifest
  std::string failure_shown_;  // with the source line and caret, for stderr
  std::string write_failure_;  // a results file rank 0 could not write: ends the launch (74)
};

// The launch's checks (noise, MPI-IO folders), the first manifest ("running") and the handlers
// that keep what was measured when the launch is killed.
void LaunchWalk::begin() {
  if (me_ == 0 && !facts_.binding_warning().empty()) print_warning(facts_.binding_warning());
  noise_ = check_launch_noise(world_);  // collective
  if (me_ == 0) {
    manifest_.set_noise(noise_.json());
    for (const std::string& f : noise_.findings) print_message(DiagId::launch_noise, f);
  }
  // MPI-IO: the run's folder for files, and what the manifest says about the page cache.
  if (nlohmann::json io = io_run_begin(plan_, opt_.out_dir, world_); !io.is_null() && me_ == 0)
    manifest_.set_io(io);
  order_ = job_order(plan_, opt_.launch);
  total_ = order_.size();
  summaries_.resize(plan_.jobs.size());
  started_ = out::utc_now_iso8601();
  t_started_ = launch_clock_s();
  if (me_ == 0) {
    manifest_.set_status("running", started_);
    manifest_.set_order(order_, plan_);
    const std::string text = manifest_.text() + "\n";
    files_.write_manifest_text(text);
    keep_interrupted_manifest(text);
  }
  arm_interruption(me_ == 0, opt_.out_dir + "/manifest.json");
}

// The script's `print` lines due before `job` (all that are left when `job` is null), in plan
// order; a shuffled plan prints them at the end.
void LaunchWalk::print_prints_before(const Job* job) {
  if (me_ != 0) return;
  while (next_print_ < plan_.prints.size() &&
         (!job || plan_.prints[next_print_].before_job <= job->id)) {
    const PrintItem& p = plan_.prints[next_print_++];
    std::printf("%s%s\n", job && p.all ? "#P[0] " : "", p.text.c_str());
  }
}

void LaunchWalk::measure_plan() {
  for (std::size_t i : order_) {
    const Job& job = plan_.jobs[i];
    if (!plan_.design.shuffle) print_prints_before(&job);
    if (!run_job(job, job.refine_group >= 0 ? 0 : -1, &summaries_[i])) break;
  }
}

void LaunchWalk::refine() {
  if (exit_code_ != kExitOk) return;
  RefineDriver driver(program_, opt_, world_, manifest_);
  const RunJobFn run = [this](const Job& job, int round, JobSummary* summary) {
    return run_job(job, round, summary);
  };
  if (!driver.run(summaries_, run, total_) && exit_code_ == kExitOk) exit_code_ = kExitRuntime;
}

// Runs one job on every rank (collective over world). On rank 0, `summary` receives its
// statistics. Returns false when the job failed or could not be recorded (the launch stops
// there: what was measured stays on disk).
bool LaunchWalk::run_job(const Job& job, int refine_round, JobSummary* summary) {
  note_running_job(&job);
  test_hang_in_job(me_, job.id);
  std::string error;
  std::vector<JobResult> attempts = measure_attempts(job, refine_round, error);
  if (me_ == 0) record(attempts, error, summary);
  ++executed_;
  note_running_job(nullptr);
  if (record_failed()) return false;
  if (error.empty()) return true;
  failure_ = location(program_, job) + "error: " + error;
  failure_shown_ = at_job(program_, job, Severity::Error, error);
  exit_code_ = kExitRuntime;
  return false;
}

// The job measured until `set noisy_job` keeps a measurement: after each one world rank 0, which
// holds its contention, decides whether to keep it, measure again or fail, and broadcasts that
// (collective over world, outside every timed region). On world rank 0 the list holds every
// measurement, in order, each knowing its number and how many there were.
std::vector<JobResult> LaunchWalk::measure_attempts(const Job& job, int refine_round,
                                                    std::string& error) {
  const NoisyJobSettings& policy = job.settings->noisy_job;
  std::vector<JobResult> attempts;
  for (std::int64_t k = 1;; ++k) {
    attempts.push_back(measure_on_ranks(job, refine_round, error));
    attempts.back().attempt = k;
    int step = static_cast<int>(adapt::NoisyJobStep::Keep);
    if (me_ == 0 && error.empty())
      step = static_cast<int>(adapt::after_measurement(
          policy.kind, policy.attempts, k, adapt::contention_flagged(attempts.back().contention),
          noise_.oversubscribed));
    MPI_Bcast(&step, 1, MPI_INT, 0, world_);
    if (step == static_cast<int>(adapt::NoisyJobStep::Fail))
      error = agree_on_error(
          world_, me_ == 0 ? message_text(DiagId::job_noisy_fail, job.op.func->name) : "");
    if (step != static_cast<int>(adapt::NoisyJobStep::Remeasure)) break;
  }
  for (JobResult& r : attempts) r.attempts = static_cast<std::int64_t>(attempts.size());
  return attempts;
}

// The job measured on its communicator's ranks; every rank learns whether it failed
// (non-members too), then the job root ships the observations to world rank 0.
JobResult LaunchWalk::measure_on_ranks(const Job& job, int refine_round, std::string& error) {
  std::vector<int> ranks;
  // `set multi = on`: every group's ranks measure, each group on its own communicator (made by
  // JobRunner); the job's sync, statistics and agreement run over all of them.
  MPI_Comm comm =
      comms_.get(job.settings->multi ? multi_spec(job.comm, facts_.np) : job.comm, ranks);
  JobResult r;
  r.job = &job;
  r.launch = opt_.launch;
  r.order = static_cast<std::int64_t>(executed_);
  r.comm_size = job.settings->multi ? job.comm.size : static_cast<int>(ranks.size());
  r.world_ranks = ranks;
  r.refine_round = refine_round;
  r.timer_quantum_s = facts_.quantum_s(job.settings->timer);
  r.launch_noise = noise_.text();
  // Every rank walks the same plan and gets the same ranks, so every rank agrees on this.
  std::string kind = fmt::format("{}|{}|", job.op.func->name, job.bytes);
  for (int k : ranks) kind += fmt::format("{},", k);
  const JobContext ctx{r.timer_quantum_s, kinds_seen_.insert(kind).second};
  if (comm != MPI_COMM_NULL) measure_job(job, comm, ctx, r, error);
  error = agree_on_error(world_, error);
  // Also after a failure, which every rank now knows of: the job root's verification message
  // and warm-up reach the files.
  ship_result(r, ranks.empty() ? 0 : ranks.front(), me_, world_);
  return r;
}

// Rank 0: the job's statistics, its rows, the manifest and the progress line. The measurement
// kept is the least contended (the last one after a failure); the others go to raw_attempts.csv
// and the manifest. A file that cannot be written (a full disk) ends the launch: its rows are cut
// off again and the manifest, which does not list the job, says why (write_failure_).
void LaunchWalk::record(std::vector<JobResult>& attempts, const std::string& error,
                        JobSummary* summary) {
  std::vector<double> scores;
  for (const JobResult& a : attempts) scores.push_back(adapt::contention_score(a.contention));
  const std::size_t kept = error.empty() ? adapt::least_contended(scores) : attempts.size() - 1;
  JobResult& r = attempts[kept];
  std::vector<SupersededAttempt> others;
  for (std::size_t i = 0; i < attempts.size(); ++i)
    if (i != kept) others.push_back({&attempts[i], summarize(attempts[i], *r.job->settings)});
  if (!error.empty()) {
    r.stop_reason = StopReason::Error;
    r.time_s.clear();
    r.valid.clear();
    r.rank_time_s.clear();
    r.global_start_s.clear();
    r.global_end_s.clear();
  }
  const JobSummary s = summarize(r, *r.job->settings);
  const JobWriteSection section;  // a kill now waits until both files and the manifest agree
  if (!files_.write_job(r, s, others, write_failure_)) return;
  manifest_.add_job(r, s, error, others);
  manifest_.set_clock_syncs(clock_sync_events());
  if (summary) *summary = s;
  if (!opt_.quiet) std::printf("%s\n", manifest_.progress_line(r, s, executed_, total_).c_str());
  if (error.empty()) warn_all_invalid(*r.job, r, s);
  // The manifest on disk lists every finished job, so that a SIGKILL (which no handler sees)
  // leaves one that agrees with summary.csv; the handler's "interrupted" copy is the same text
  // with the top-level status changed (one rendering per job: ManifestBuilder::text).
  const std::string text = manifest_.text() + "\n";
  if (!files_.write_manifest_text(text))
    write_failure_ = message_text(DiagId::cannot_write_file_why, opt_.out_dir + "/manifest.json",
                                  std::strerror(errno));
  keep_interrupted_manifest(text);
}

// A clock-based sync that rejected every observation usually means clocks that drifted apart
// since their synchronization: say so where the user looks, not only in the manifest.
void LaunchWalk::warn_all_invalid(const Job& job, const JobResult& r, const JobSummary& s) const {
  const ProcSyncKind kind = job.settings->sync.kind;
  if (s.n == 0 || s.valid_n != 0 ||
      (kind != ProcSyncKind::Window && kind != ProcSyncKind::RoundTime))
    return;
  std::fputs(
      at_job(program_, job, diag_info(DiagId::all_observations_invalid).severity,
             message_text(DiagId::all_observations_invalid, s.n, r.sync.late, r.sync.overran))
          .c_str(),
      stderr);
}

// Every rank learns whether rank 0 could write the job (collective, outside any timed region).
bool LaunchWalk::record_failed() {
  write_failure_ = agree_on_error(world_, write_failure_);
  if (write_failure_.empty()) return false;
  failure_ = write_failure_;
  failure_shown_ = message_line_of(Severity::Error, write_failure_) + "\n";
  exit_code_ = kExitIo;
  return true;
}

// Every rank has left the plan: one collective over the exit codes (rank 0's may have become
// 74 writing results.sko). Its end on rank 0 means every rank acknowledged the end of the launch,
// so only then does the manifest say "complete" (finalize_grace.h). Collective.
void LaunchWalk::acknowledge_end() {
  int code = exit_code_;
  MPI_Allreduce(MPI_IN_PLACE, &code, 1, MPI_INT, MPI_MAX, world_);
  exit_code_ = code;
}

// The remaining prints, results.sko, the acknowledgement and the final manifest (rank 0); the
// exit code, the same on every rank.
int LaunchWalk::finish() {
  disarm_interruption();
  if (me_ == 0) write_last_files();
  acknowledge_end();
  if (me_ != 0) {
    note_launch_acknowledged("", "");
    return exit_code_;
  }
  const std::string status = exit_code_ == kExitOk ? "complete" : "failed";
  manifest_.set_status(status, finished_);
  if (!failure_.empty()) manifest_.set_error(failure_);
  // After a failed write the disk may be full: the manifest is then rewritten in place.
  const bool recorded = exit_code_ == kExitIo ? files_.write_manifest_last(manifest_.json())
                                              : files_.write_manifest(manifest_.json());
  if (!recorded) {
    failure_shown_ += message_line(DiagId::cannot_write_file_why, opt_.out_dir + "/manifest.json",
                                   std::strerror(errno)) +
                      "\n";
    exit_code_ = kExitIo;
  }
  io_run_end();
  note_launch_done();
  if (recorded) note_launch_acknowledged(opt_.out_dir + "/manifest.json", status);
  if (!failure_shown_.empty()) std::fputs(failure_shown_.c_str(), stderr);
  std::fflush(stdout);
  return exit_code_;
}

// Rank 0: the script's remaining prints and results.sko (before the final manifest, so that the
// manifest says if it failed).
void LaunchWalk::write_last_files() {
  if (exit_code_ == kExitOk) print_prints_before(nullptr);
  finished_ = out::utc_now_iso8601();
  const double duration = launch_clock_s() - t_started_;
  // A simulated launch's length on the platform, from the simulation's start (MPI_Init).
  if (kSimulated) manifest_.set_simulated_time(MPI_Wtime());
  if (write_failure_.empty() && !files_.write_sko(plan_, started_, finished_, duration)) {
    failure_ = message_text(DiagId::cannot_write_file_why, opt_.out_dir + "/results.sko",
                            std::strerror(errno));
    failure_shown_ = message_line_of(Severity::Error, failure_) + "\n" + failure_shown_;
    exit_code_ = kExitIo;
  }
}

}  // namespace

// The launch as a pipeline: the folder, the facts, the files, the plan's jobs, the refinement
// rounds, the last records. Every step is collective over world.
int execute_plan(const LoadedScript& program, const ExecOptions& opt, MPI_Comm world) {
  int me = 0;
  MPI_Comm_rank(world, &me);
  note_world_rank(me);
  if (const int rc = claim_results_folder(opt, me, world); rc != kExitOk) return rc;
  const LaunchFacts facts = gather_launch_facts(program.plan, world);
  out::ResultsFiles files;
  if (const int rc = open_results_files(program.plan, opt, facts, me, files, world); rc != kExitOk)
    return rc;
  LaunchWalk walk(program, opt, facts, files, world);
  walk.begin();
  walk.measure_plan();
  walk.refine();
  return walk.finish();
}

}  // namespace metron::rt
