// Interruption and timeout of a launch (see interruption.h).
#include "runtime/exec/interruption.h"

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/ioctl.h>  // FIONREAD
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <ctime>

#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/plan/measure_funcs.h"

namespace metron::rt {

namespace {

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

}  // namespace

void note_world_rank(int rank) {
  g_world_rank.store(rank);
}

void arm_interruption(bool writer, const std::string& manifest_path) {
  if (writer) {
    g_manifest_path = manifest_path;
    g_manifest_tmp =
        manifest_path.substr(0, manifest_path.rfind('/') + 1) + ".manifest.json.interrupted";
    std::signal(SIGTERM, on_terminate);
    std::signal(SIGINT, on_terminate);
  } else {
    std::signal(SIGTERM, on_terminate_worker);
    std::signal(SIGINT, on_terminate_worker);
  }
}

void disarm_interruption() {
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
}

void keep_interrupted_manifest(const std::string& running_text) {
  g_interrupted_manifest = with_top_level_status(running_text, "running", "interrupted");
}

void note_running_job(const Job* job) {
  g_running_job.store(job);
}

void note_launch_done() {
  g_launch_done.store(true);
}

JobWriteSection::JobWriteSection() {
  int expected = 0;
  if (!g_state.compare_exchange_strong(expected, 1))
    for (;;) ::pause();  // a handler is terminating the process
}

JobWriteSection::~JobWriteSection() {
  g_state.store(0);
  if (const int sig = g_pending) {
    g_pending = 0;
    on_terminate(sig);
  }
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
  std::string where = " " + message_text(DiagId::launch_where_startup);
  if (g_launch_done.load()) {
    where = " " + message_text(DiagId::launch_where_after_last);
  } else if (!g_manifest_path.empty() && !g_interrupted_manifest.empty()) {
    nlohmann::json m = nlohmann::json::parse(g_interrupted_manifest, nullptr, false);
    if (m.is_object()) {
      const std::size_t done = m.value("jobs", nlohmann::json::array()).size();
      t["jobs_done"] = done;
      t["job"] = nullptr;
      where = " " + message_text(done == 0 ? DiagId::launch_where_before_first
                                           : DiagId::launch_where_between);
      if (const Job* j = g_running_job.load()) {
        t["job"] = {
            {"id", j->id}, {"block", j->block}, {"op", j->op.func->name}, {"bytes", j->bytes}};
        where = " " +
                message_text(DiagId::launch_where_job, j->id, j->block, j->op.func->name, j->bytes);
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
