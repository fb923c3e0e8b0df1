// execute_plan: the SPMD plan walk, job by job (see executor.h).
#include "runtime/exec/executor.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/ioctl.h>  // FIONREAD
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>
#include <optional>
#include <set>

#include "runtime/exec/comm_cache.h"
#include "runtime/exec/job_order.h"
#include "runtime/exec/job_summary.h"
#include "runtime/exec/launch_noise.h"
#include "runtime/exec/measured_loop.h"
#include "runtime/exec/refine_driver.h"
#include "runtime/exec/stop_control.h"
#include "runtime/exec/test_hang.h"
#include "runtime/measure/job_runner.h"
#include "runtime/measure/local_runtime.h"
#include "runtime/measure/sync_choice.h"
#include "runtime/ops/error_agreement.h"
#include "runtime/ops/io_workdir.h"
#include "runtime/output/folder_lock.h"
#include "runtime/output/json_file.h"
#include "runtime/output/manifest.h"
#include "runtime/output/results_files.h"
#include "runtime/output/safe_open.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/regular_file.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/plan_dump.h"
#include "runtime/procsync/clock_cache.h"
#include "runtime/procsync/global_times.h"

namespace metron::rt {

namespace {

// --- interruption: keep what was measured and say so in the manifest ---------------------------
// The handler may only use async-signal-safe calls, so the "interrupted" manifest is rendered
// ahead of time (after every job) and the handler just writes it and renames it into place.
std::string g_interrupted_manifest;
std::string g_manifest_tmp;
std::string g_manifest_path;

// A job's rows go to raw.csv and summary.csv, and the handler's manifest is updated, inside a
// write section; a SIGTERM or SIGINT that arrives meanwhile (on this thread or another one:
// MPI libraries run threads of their own, so blocking the signal here is not enough) is carried
// out when the section ends, so the files never disagree about which jobs finished.
// g_state: 0 idle, 1 writing, 2 terminating. Lock-free atomics are safe in a signal handler.
std::atomic<int> g_state{0};
volatile std::sig_atomic_t g_pending = 0;

[[noreturn]] void terminate_now(int sig) {
  if (!g_manifest_path.empty() && !g_interrupted_manifest.empty()) {
    int fd = ::open(g_manifest_tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd >= 0) {
      const char* p = g_interrupted_manifest.data();
      std::size_t left = g_interrupted_manifest.size();
      while (left > 0) {
        ssize_t w = ::write(fd, p, left);
        if (w <= 0) break;
        p += w;
        left -= static_cast<std::size_t>(w);
      }
      // Rename first: the launcher may SIGKILL this process soon, and a renamed file whose data
      // is written survives that; the fsync only guards against a crash of the machine.
      ::rename(g_manifest_tmp.c_str(), g_manifest_path.c_str());
      ::fsync(fd);
      ::close(fd);
    }
  }
  ::_exit(128 + sig);
}

extern "C" void on_terminate(int sig) {
  int expected = 0;
  if (g_state.compare_exchange_strong(expected, 2)) terminate_now(sig);
  if (expected == 1) {
    g_pending = sig;  // the writer terminates when its section ends
    return;
  }
  for (;;) ::pause();  // another thread is terminating the process
}

class JobWriteSection {
 public:
  JobWriteSection() {
    int expected = 0;
    if (!g_state.compare_exchange_strong(expected, 1))
      for (;;) ::pause();  // a handler is terminating the process
  }
  ~JobWriteSection() {
    g_state.store(0);
    if (const int sig = g_pending) {
      g_pending = 0;
      on_terminate(sig);
    }
  }
  JobWriteSection(const JobWriteSection&) = delete;
  JobWriteSection& operator=(const JobWriteSection&) = delete;
};

// For exec --timeout: this process's world rank once known, the job in progress (a job of the
// plan or of a refinement round: both outlive the launch's jobs), and whether the last manifest
// is written.
std::atomic<int> g_world_rank{-1};
std::atomic<const Job*> g_running_job{nullptr};
std::atomic<bool> g_launch_done{false};

// The other ranks wait a moment before exiting: when one rank dies, mpiexec kills the rest, and
// rank 0 must first have written its manifest.
extern "C" void on_terminate_worker(int sig) {
  const timespec delay{0, 300'000'000};
  ::nanosleep(&delay, nullptr);
  ::_exit(128 + sig);
}

// `text` is a manifest rendered with dump(2): its top-level keys are indented by two spaces,
// so `\n  "status": "FROM"` is the top-level status and no nested one. Unchanged if absent.
std::string with_top_level_status(std::string text, const std::string& from,
                                  const std::string& to) {
  const std::string key = "\n  \"status\": \"" + from + "\"";
  if (auto at = text.find(key); at != std::string::npos)
    text.replace(at, key.size(), "\n  \"status\": \"" + to + "\"");
  return text;
}

std::string location(const LoadedScript& p, const Job& j) {
  if (!j.range.begin.valid()) return "";
  const SourceFile& f = p.sources.file(j.range.begin.file);
  LineCol lc = f.line_col(j.range.begin.offset);
  return fmt::format("{}:{}:{}: ", f.name(), lc.line, lc.col);
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

// Sends a finished job's observations from its root to world rank 0 (the writer).
void ship_result(JobResult& r, int job_root_world, int me, MPI_Comm world) {
  if (job_root_world == 0) return;
  constexpr int kTag = 4711;
  if (me == job_root_world) {
    std::int64_t head[9] = {static_cast<std::int64_t>(r.time_s.size()),
                            static_cast<std::int64_t>(r.rank_time_s.size()),
                            static_cast<std::int64_t>(r.stop_reason),
                            r.batches,
                            r.sync.late,
                            r.sync.overran,
                            static_cast<std::int64_t>(r.global_start_s.size()),
                            r.warmup,
                            static_cast<std::int64_t>(r.warmup_end)};
    MPI_Send(head, 9, MPI_INT64_T, 0, kTag, world);
    double tail[10] = {r.achieved_precision, r.elapsed_s,
                       r.rule_time_s,        r.sync.window_s,
                       r.sync.start_wait_s,  r.sync.clock_sync_s,
                       r.achieved_coverage,  r.overlap_pure_s,
                       r.overlap_compute_s,  static_cast<double>(r.overlap_tests)};
    MPI_Send(tail, 10, MPI_DOUBLE, 0, kTag, world);
    MPI_Send(r.time_s.data(), static_cast<int>(r.time_s.size()), MPI_DOUBLE, 0, kTag, world);
    MPI_Send(r.valid.data(), static_cast<int>(r.valid.size()), MPI_UINT8_T, 0, kTag, world);
    MPI_Send(r.rank_time_s.data(), static_cast<int>(r.rank_time_s.size()), MPI_DOUBLE, 0, kTag,
             world);
    MPI_Send(r.global_start_s.data(), static_cast<int>(r.global_start_s.size()), MPI_DOUBLE, 0,
             kTag, world);
    MPI_Send(r.global_end_s.data(), static_cast<int>(r.global_end_s.size()), MPI_DOUBLE, 0, kTag,
             world);
  } else if (me == 0) {
    std::int64_t head[9];
    MPI_Recv(head, 9, MPI_INT64_T, job_root_world, kTag, world, MPI_STATUS_IGNORE);
    double tail[10];
    MPI_Recv(tail, 10, MPI_DOUBLE, job_root_world, kTag, world, MPI_STATUS_IGNORE);
    r.overlap_pure_s = tail[7];
    r.overlap_compute_s = tail[8];
    r.overlap_tests = static_cast<int>(tail[9]);
    r.warmup = head[7];
    r.warmup_end = static_cast<adapt::WarmupEnd>(head[8]);
    r.achieved_coverage = tail[6];
    r.time_s.resize(static_cast<std::size_t>(head[0]));
    r.valid.resize(static_cast<std::size_t>(head[0]));
    r.rank_time_s.resize(static_cast<std::size_t>(head[1]));
    r.stop_reason = static_cast<StopReason>(head[2]);
    r.batches = head[3];
    r.achieved_precision = tail[0];
    r.elapsed_s = tail[1];
    r.rule_time_s = tail[2];
    r.sync.late = head[4];
    r.sync.overran = head[5];
    r.sync.window_s = tail[3];
    r.sync.start_wait_s = tail[4];
    r.sync.clock_sync_s = tail[5];
    if (uses_global_clock(*r.job->settings))
      r.sync.clock = clock_method_name(r.job->settings->sync.clock);
    MPI_Recv(r.time_s.data(), static_cast<int>(head[0]), MPI_DOUBLE, job_root_world, kTag, world,
             MPI_STATUS_IGNORE);
    MPI_Recv(r.valid.data(), static_cast<int>(head[0]), MPI_UINT8_T, job_root_world, kTag, world,
             MPI_STATUS_IGNORE);
    MPI_Recv(r.rank_time_s.data(), static_cast<int>(head[1]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
    r.global_start_s.resize(static_cast<std::size_t>(head[6]));
    r.global_end_s.resize(static_cast<std::size_t>(head[6]));
    MPI_Recv(r.global_start_s.data(), static_cast<int>(head[6]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
    MPI_Recv(r.global_end_s.data(), static_cast<int>(head[6]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
  }
}

// Measures one job on the member ranks. Decisions (how many more, stop) are taken on the job
// root (rank 0 of comm) after each batch and broadcast within comm.
// Test hook: METRON_INJECT_MPI_ERROR=<job id> makes the last rank of that job report an MPI
// error from its first batch, to exercise the error path end to end (tests/e2e/exec_errors.sh).
bool inject_error(const Job& job, int rank, int p) {
  static const char* env = std::getenv("METRON_INJECT_MPI_ERROR");
  return env && rank == p - 1 && std::atoll(env) == job.id;
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
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
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

// What a job needs to know about its launch: the timer quantum and whether it is the first job
// of its (operation, communicator, size) in this launch (a longer warm-up floor).
struct JobContext {
  double quantum_s = 0;
  bool first_of_kind = true;
};

// The warm-up the settings ask for (auto or a fixed count), timed into r.warmup_s.
void run_warmup(JobRunner& runner, MPI_Comm comm, int rank, const Settings& s,
                const JobContext& ctx, JobResult& r, std::string& error) {
  const auto t0 = std::chrono::steady_clock::now();
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
  r.warmup_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
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

void measure_job(const Job& job, MPI_Comm comm, const JobContext& ctx, JobResult& r,
                 std::string& error) {
  const Settings& s = *job.settings;
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  auto t_begin = std::chrono::steady_clock::now();
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
  if (const BoundOp::Overlap& o = runner->op().overlap; o.enabled) {
    r.overlap_pure_s = o.pure_s;
    r.overlap_compute_s = static_cast<double>(o.compute_ns) * 1e-9;
    r.overlap_tests = o.tests;
  }
  try {
    if (s.verify) {
      auto v = runner->verify();
      r.verify = v ? *v : "ok";
      if (v) error = *v;
    } else {
      r.verify = "off";
    }
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (failed()) return;
  run_warmup(*runner, comm, rank, s, ctx, r, error);
  if (failed()) return;

  StopControl control(s, ctx.quantum_s);
  const bool stamps = dynamic_cast<GlobalTimes*>(&runner->sync()) != nullptr;
  const LoopStep step = [&](const GatheredDurations& g, std::span<const double> times) {
    append_batch(g, times, stamps, s.raw_per_rank, r);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_begin).count();
    const std::int64_t next = control.next_batch(r.time_s, r.valid, elapsed);
    return LoopNext{next, control.spacer()};
  };
  error = run_measured_loop(*runner, comm, s, LoopNext{control.first_batch(), 0}, step,
                            inject_error(job, rank, p)
                                ? message_text(DiagId::job_mpi_error_injected, job.op.func->name)
                                : std::string());
  if (!error.empty()) {
    r.stop_reason = StopReason::Error;
    return;
  }
  // Late starts and window overruns: summed over ranks onto the job root.
  const SyncStats st = runner->sync().stats();
  std::int64_t counts[2] = {st.late, st.overran};
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : counts, counts, 2, MPI_INT64_T, MPI_SUM, 0, comm);
  if (rank == 0) {
    r.sync = st;
    r.sync.late = counts[0];
    r.sync.overran = counts[1];
    r.stop_reason = control.reason();
    r.achieved_precision = control.achieved_precision();
    r.achieved_coverage = control.achieved_coverage();
    r.rule_time_s = control.rule_time_s();
    r.confirm_rounds = static_cast<std::int64_t>(control.confirmation().rounds());
    r.confirm_disagreements = static_cast<std::int64_t>(control.confirmation().disagreements());
    r.confirm_spacer_calls = control.confirmation().spacer_calls();
    r.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_begin).count();
  }
}

}  // namespace

int execute_plan(const LoadedScript& program, const ExecOptions& opt, MPI_Comm world) {
  int me = 0, np = 1;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &np);
  const Plan& plan = program.plan;
  g_world_rank.store(me);

  // A folder that holds results is not overwritten unless asked (--force): a mistyped --out
  // once replaced a 22-job result by a 1-job run.
  // Rank 0 first takes the folder's lock: a second writer (a singleton of a bare srun, another
  // exec with the same --out) is refused before it touches a file.
  std::string held;
  // A folder that cannot be made is reported below, where the results files are opened.
  std::string lock_error;
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
  if (!held.empty()) {
    if (me == 0) print_error(held);
    return kExitUsage;
  }

  // Rank 0 opens the results folder; everyone learns whether that worked.
  out::ResultsFiles files;
  std::string open_error;
  if (me == 0) {
    bool per_rank = std::any_of(plan.jobs.begin(), plan.jobs.end(),
                                [](const Job& j) { return j.settings->raw_per_rank; });
    files.open(opt.out_dir, plan, per_rank, open_error);
  }
  open_error = agree_on_error(world, open_error);
  if (!open_error.empty()) {
    if (me == 0) print_error(open_error);
    return kExitIo;
  }

  out::ManifestBuilder manifest(program, opt, world);  // collective: gathers host and MPI facts
  if (me == 0 && manifest.json()["system"].contains("binding_warning"))
    print_warning(manifest.json()["system"]["binding_warning"].get<std::string>());
  // Every job root uses world rank 0's timer quanta, so that all ranks widen CIs alike.
  double quanta[3] = {manifest.quantum_s(TimerKind::Wtime),
                      manifest.quantum_s(TimerKind::Monotonic),
                      manifest.quantum_s(TimerKind::Rdtscp)};
  MPI_Bcast(quanta, 3, MPI_DOUBLE, 0, world);
  const LaunchNoise noise = check_launch_noise(world);  // collective
  if (me == 0) {
    manifest.set_noise(noise.json());
    for (const std::string& f : noise.findings) print_message(DiagId::launch_noise, f);
  }
  // MPI-IO: the run's folder for files, and what the manifest says about the page cache.
  if (nlohmann::json io = io_run_begin(plan, opt.out_dir, world); !io.is_null() && me == 0)
    manifest.set_io(io);
  std::set<std::string> kinds_seen;  // (operation, communicator, size) measured in this launch
  std::vector<std::size_t> order = job_order(plan, opt.launch);
  const std::string started = out::utc_now_iso8601();
  const auto t_started = std::chrono::steady_clock::now();
  if (me == 0) {
    manifest.set_status("running", started);
    manifest.set_order(order, plan);
    const std::string text = manifest.text() + "\n";
    files.write_manifest_text(text);
    g_manifest_path = opt.out_dir + "/manifest.json";
    g_manifest_tmp = opt.out_dir + "/.manifest.json.interrupted";
    g_interrupted_manifest = with_top_level_status(text, "running", "interrupted");
    std::signal(SIGTERM, on_terminate);
    std::signal(SIGINT, on_terminate);
  } else {
    std::signal(SIGTERM, on_terminate_worker);
    std::signal(SIGINT, on_terminate_worker);
  }

  CommCache comms(world);
  std::size_t next_print = 0;
  int exit_code = kExitOk;
  std::string failure;        // one line, for the manifest
  std::string failure_shown;  // with the source line and caret, for stderr
  std::string write_failure;  // a results file rank 0 could not write: ends the launch (74)
  std::size_t executed = 0;
  std::size_t total = order.size();

  // Runs one job on every rank (collective over world). On rank 0, `summary` receives its
  // statistics. Returns false when the job failed (the launch stops there).
  auto run_job = [&](const Job& job, int refine_round, JobSummary* summary) {
    g_running_job.store(&job);
    test_hang_in_job(me, job.id);
    std::vector<int> ranks;
    MPI_Comm comm = comms.get(job.comm, ranks);  // collective over world
    JobResult r;
    r.job = &job;
    r.launch = opt.launch;
    r.order = static_cast<std::int64_t>(executed);
    r.comm_size = static_cast<int>(ranks.size());
    r.world_ranks = ranks;
    r.refine_round = refine_round;
    r.timer_quantum_s = quanta[static_cast<int>(job.settings->timer)];
    r.launch_noise = noise.text();
    // Every rank walks the same plan and gets the same ranks, so every rank agrees on this.
    std::string kind = fmt::format("{}|{}|", job.op.func->name, job.bytes);
    for (int k : ranks) kind += fmt::format("{},", k);
    JobContext ctx{r.timer_quantum_s, kinds_seen.insert(kind).second};
    std::string error;
    if (comm != MPI_COMM_NULL) measure_job(job, comm, ctx, r, error);
    // Every rank learns whether the job failed (non-members too), then the root ships data.
    error = agree_on_error(world, error);
    int job_root = ranks.empty() ? 0 : ranks.front();
    if (error.empty()) ship_result(r, job_root, me, world);
    if (me == 0) {
      if (!error.empty()) {
        r.stop_reason = StopReason::Error;
        r.time_s.clear();
        r.valid.clear();
        r.rank_time_s.clear();
        r.global_start_s.clear();
        r.global_end_s.clear();
      }
      JobSummary s = summarize(r, *job.settings);
      const JobWriteSection section;  // a kill now waits until both files and the manifest agree
      // A file that cannot be written (a full disk) ends the launch: its rows are cut off again
      // and the manifest, which does not list the job, says why (write_failure below).
      if (files.write_job(r, s, write_failure)) {
      manifest.add_job(r, s, error);
      manifest.set_clock_syncs(clock_sync_events());
      if (summary) *summary = s;
      if (!opt.quiet) std::printf("%s\n", manifest.progress_line(r, s, executed, total).c_str());
      // A clock-based sync that rejected every observation usually means clocks that drifted
      // apart since their synchronization: say so where the user looks, not only in the manifest.
      const ProcSyncKind kind = job.settings->sync.kind;
      if (error.empty() && s.n > 0 && s.valid_n == 0 &&
          (kind == ProcSyncKind::Window || kind == ProcSyncKind::RoundTime))
        std::fputs(
            at_job(program, job, diag_info(DiagId::all_observations_invalid).severity,
                   message_text(DiagId::all_observations_invalid, s.n, r.sync.late, r.sync.overran))
                .c_str(),
            stderr);
      // The manifest on disk lists every finished job, so that a SIGKILL (which no handler
      // sees) leaves one that agrees with summary.csv; the handler's "interrupted" copy is the
      // same text with the top-level status changed (one rendering per job; the plan and the
      // earlier jobs are not rendered again: ManifestBuilder::text).
      std::string text = manifest.text() + "\n";
      if (!files.write_manifest_text(text))
        write_failure = message_text(DiagId::cannot_write_file_why,
                                     opt.out_dir + "/manifest.json", std::strerror(errno));
      g_interrupted_manifest = with_top_level_status(text, "running", "interrupted");
      }
    }
    ++executed;
    g_running_job.store(nullptr);
    // Every rank learns whether rank 0 could write the job (collective, outside any timed region).
    write_failure = agree_on_error(world, write_failure);
    if (!write_failure.empty()) {
      failure = write_failure;
      failure_shown = message_line_of(Severity::Error, write_failure) + "\n";
      exit_code = kExitIo;
      return false;
    }
    if (!error.empty()) {
      failure = location(program, job) + "error: " + error;
      failure_shown = at_job(program, job, Severity::Error, error);
      exit_code = kExitRuntime;
      return false;  // stop the launch: what was measured stays on disk
    }
    return true;
  };

  std::vector<JobSummary> summaries(plan.jobs.size());
  for (std::size_t pos = 0; pos < order.size(); ++pos) {
    const Job& job = plan.jobs[order[pos]];
    if (me == 0 && !plan.design.shuffle)
      while (next_print < plan.prints.size() && plan.prints[next_print].before_job <= job.id) {
        std::printf("%s%s\n", plan.prints[next_print].all ? "#P[0] " : "",
                    plan.prints[next_print].text.c_str());
        ++next_print;
      }
    if (!run_job(job, job.refine_group >= 0 ? 0 : -1, &summaries[order[pos]])) break;
  }
  if (exit_code == kExitOk) {
    RefineDriver refine(program, opt, world, manifest);
    if (!refine.run(summaries, run_job, total) && exit_code == kExitOk) exit_code = kExitRuntime;
  }
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
  if (me == 0) {
    while (exit_code == kExitOk && next_print < plan.prints.size())
      std::printf("%s\n", plan.prints[next_print++].text.c_str());
    const std::string finished = out::utc_now_iso8601();
    const double duration =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_started).count();
    // results.sko before the final manifest, so that the manifest says if it failed.
    if (write_failure.empty() && !files.write_sko(plan, started, finished, duration)) {
      failure = message_text(DiagId::cannot_write_file_why, opt.out_dir + "/results.sko",
                             std::strerror(errno));
      failure_shown = message_line_of(Severity::Error, failure) + "\n" + failure_shown;
      exit_code = kExitIo;
    }
    manifest.set_status(exit_code == kExitOk ? "complete" : "failed", finished);
    if (!failure.empty()) manifest.set_error(failure);
    // After a failed write the disk may be full: the manifest is then rewritten in place.
    const bool recorded = exit_code == kExitIo ? files.write_manifest_last(manifest.json())
                                               : files.write_manifest(manifest.json());
    if (!recorded) {
      failure_shown += message_line(DiagId::cannot_write_file_why, opt.out_dir + "/manifest.json",
                                    std::strerror(errno)) +
                       "\n";
      exit_code = kExitIo;
    }
    io_run_end();
    g_launch_done.store(true);
    if (!failure_shown.empty()) std::fputs(failure_shown.c_str(), stderr);
    std::fflush(stdout);
  }
  return exit_code;
}

namespace {

// Ends every process of the launch with exit code 70. Once MPI is up, MPI_Abort: the process
// manager then ends the other ranks and itself exits with that code (Hydra's mpiexec does). A
// plain _exit would make mpiexec kill the others, and its exit code would depend on whether it
// reaps a killed rank before or after the last output pipe closes (70 or 9, seen under load).
// MPI_Abort from this thread is the one MPI call the watchdog makes, and only to end the
// process: the main thread is stuck in the job it cannot finish. Before MPI_Init has returned
// (the watchdog starts first) and from MPI_Finalize on, there is no MPI to call.
[[noreturn]] void end_launch() {
  std::fflush(nullptr);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized && !g_launch_done.load()) {
    // MPICH prints its own "Abort(70) on node 0 ..." line: the reason is already printed.
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) ::dup2(null, STDERR_FILENO);
    MPI_Abort(MPI_COMM_WORLD, kExitRuntime);
  }
  ::_exit(kExitRuntime);
}

// Waits (at most 2 s) until the process manager has read what this process wrote to its
// stderr pipe. Hydra's proxy reads the ranks' pipes and the abort request on separate channels;
// when it handled the abort first, mpiexec ended before the timeout message was forwarded, and
// the user saw the exit code without the reason (under load, exec --timeout).
void wait_until_stderr_read() {
  struct stat st {};
  if (::fstat(STDERR_FILENO, &st) != 0 || !S_ISFIFO(st.st_mode)) return;
  for (int i = 0; i < 200; ++i) {
    int unread = 0;
    if (::ioctl(STDERR_FILENO, FIONREAD, &unread) != 0 || unread == 0) return;
    const timespec step{0, 10'000'000};
    ::nanosleep(&step, nullptr);
  }
}

}  // namespace

void end_launch_on_timeout(double limit_s, double after_s) {
  int rank = g_world_rank.load();
  if (rank < 0) {  // before execute_plan: the process manager's environment says
    const char* r = std::getenv("PMI_RANK");
    rank = r ? std::atoi(r) : 0;
  }
  if (rank != 0) {
    // Rank 0 records the timeout and ends the launch (end_launch below); this rank's own exit
    // would make mpiexec kill rank 0, maybe before it wrote, and Hydra then reports the killed
    // rank's SIGKILL (exit 9) instead of 70. Rank 0's deadline may come later (its process may
    // have started later) and it waits up to 5 s for a job write: only if it has not ended the
    // launch 10 s on does this rank end it. Still in MPI_Init, rank 0 is there too (it cannot
    // have a results folder yet) and cannot abort: then a second is enough.
    int initialized = 0;
    MPI_Initialized(&initialized);
    const timespec delay{initialized ? 10 : 1, 0};
    ::nanosleep(&delay, nullptr);
    end_launch();
  }
  // Hold the write state so that no job write starts, after waiting (at most 5 s) for one that
  // is under way; a SIGTERM handler that is already terminating the process wins.
  for (int i = 0; i < 500; ++i) {
    int expected = 0;
    if (g_state.compare_exchange_strong(expected, 2)) break;
    if (expected == 2)
      for (;;) ::pause();
    const timespec step{0, 10'000'000};
    ::nanosleep(&step, nullptr);
  }
  auto message = [limit_s](const std::string& where) {
    return message_text(DiagId::launch_timed_out, limit_s, where);
  };
  nlohmann::json t = {{"reason", "timeout"}, {"limit_s", limit_s}, {"after_s", after_s}};
  std::string where = " in start-up (MPI_Init, reading the script)";
  if (g_launch_done.load()) {
    where = " after its last job (MPI_Finalize)";
  } else if (!g_manifest_path.empty() && !g_interrupted_manifest.empty()) {
    nlohmann::json m = nlohmann::json::parse(g_interrupted_manifest, nullptr, false);
    if (m.is_object()) {
      const std::size_t done = m.value("jobs", nlohmann::json::array()).size();
      t["jobs_done"] = done;
      t["job"] = nullptr;
      where = done == 0 ? " before its first job" : " between jobs";
      if (const Job* j = g_running_job.load()) {
        t["job"] = {
            {"id", j->id}, {"block", j->block}, {"op", j->op.func->name}, {"bytes", j->bytes}};
        where = fmt::format(" in job {} (block '{}', {} {} B)", j->id, j->block, j->op.func->name,
                            j->bytes);
      }
      m["status"] = "timeout";
      m["finished_at"] = out::utc_now_iso8601();
      m["timeout"] = t;
      m["error"] = message(where);
      out::write_json_file(g_manifest_path, m);
    }
  }
  print_error(message(where));
  wait_until_stderr_read();
  end_launch();
}

}  // namespace metron::rt
