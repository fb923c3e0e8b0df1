// Child processes of `metron run` (see child_process.h).
#include "runtime/launcher/child_process.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fstream>

#include "runtime/launcher/process_tree.h"
#include "runtime/plan/diagnostics.h"

extern char** environ;

namespace metron::launcher {

namespace {
volatile std::sig_atomic_t g_stop = 0;
volatile pid_t g_child = 0;

void on_stop(int sig) {
  g_stop = sig;
  pid_t c = g_child;
  if (c > 0) kill(c, sig);  // async-signal-safe
}
}  // namespace

void install_stop_handlers() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  // No SA_RESTART: waitpid returns EINTR and the loop re-checks; nothing else blocks for long.
  for (int s : {SIGTERM, SIGINT, SIGHUP}) sigaction(s, &sa, nullptr);
}

int stop_requested() {
  return g_stop;
}

namespace {

// This process's environment with `env` added, replacing variables of the same name.
std::vector<std::string> child_environment(
    const std::vector<std::pair<std::string, std::string>>& env) {
  std::vector<std::string> envs;
  for (char** e = environ; e && *e; ++e) {
    std::string kv = *e;
    std::string name = kv.substr(0, kv.find('='));
    bool overridden = false;
    for (const auto& [k, v] : env) overridden = overridden || k == name;
    if (!overridden) envs.push_back(std::move(kv));
  }
  for (const auto& [k, v] : env) envs.push_back(k + "=" + v);
  return envs;
}

// In the forked child: only async-signal-safe calls, then exec. A failure writes its errno to
// `report` (close-on-exec, so a successful exec closes it with nothing written).
[[noreturn]] void exec_in_child(char* const* argv, char* const* envp, const char* stdout_path,
                                const char* stderr_path, pid_t parent, int report) {
  int err = 0;
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0 || ::getppid() != parent)
    ::_exit(127);  // the parent died before the request took effect
  // The stop signals this process handles go back to their defaults (exec resets handlers,
  // not ignored signals or the mask), so that the launch can always be terminated.
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGPIPE}) ::signal(s, SIG_DFL);
  // stdin from /dev/null: mpiexec forwards stdin to rank 0, and a run in the background must
  // not stop on SIGTTIN.
  const struct {
    int fd;
    const char* path;
    int flags;
  } files[] = {{0, "/dev/null", O_RDONLY},
               {1, stdout_path, O_WRONLY | O_CREAT | O_APPEND},
               {2, stderr_path, O_WRONLY | O_CREAT | O_APPEND}};
  for (const auto& f : files) {
    int fd = ::open(f.path, f.flags, 0644);
    if (fd < 0 || (fd != f.fd && (::dup2(fd, f.fd) < 0 || ::close(fd) != 0))) {
      err = errno;
      break;
    }
  }
  if (err == 0) {
    ::execvpe(argv[0], argv, envp);
    err = errno;
  }
  (void)!::write(report, &err, sizeof err);
  ::_exit(127);
}

// Waits for the started child, polling rather than blocking in waitpid: the limits and the
// start-up marker need a clock. At a limit: SIGTERM, and SIGKILL after the grace period.
// Fills r's start-up time, kill and duration; returns the wait status.
int wait_within_limits(pid_t pid, std::chrono::steady_clock::time_point t0,
                       const ChildLimits& limits, ChildResult& r) {
  auto since_start = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const timespec poll{0, 50'000'000};
  int status = 0;
  bool ended = false;
  auto try_wait = [&] {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid || (w < 0 && errno != EINTR)) ended = true;
    return ended;
  };
  while (!try_wait()) {
    const double t = since_start();
    if (r.startup_s < 0 && limits.started && limits.started()) r.startup_s = t;
    if (r.startup_s >= 0 && r.done_s < 0 && limits.done && limits.done()) r.done_s = t;
    if (r.done_s >= 0) {
      if (limits.after_done_s > 0 && t >= r.done_s + limits.after_done_s)
        r.killed = ChildKill::AfterDone;
    } else if (r.startup_s < 0 && limits.startup_timeout_s > 0 && t >= limits.startup_timeout_s) {
      r.killed = ChildKill::StartupTimeout;
    } else if (limits.timeout_s > 0 && t >= limits.timeout_s) {
      r.killed = ChildKill::Timeout;
    }
    if (r.killed != ChildKill::None) break;
    nanosleep(&poll, nullptr);
  }
  if (!ended) {
    r.killed_at_s = since_start();
    kill(pid, SIGTERM);
    // Work that is done has nothing left to record: a short grace.
    const double grace_end =
        since_start() + (r.killed == ChildKill::AfterDone ? 1.0 : limits.kill_grace_s);
    while (!try_wait() && since_start() < grace_end) nanosleep(&poll, nullptr);
    if (!ended) {
      r.sigkilled = true;
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
    }
  }
  r.duration_s = since_start();
  return status;
}

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv,
                      const std::vector<std::pair<std::string, std::string>>& env,
                      const std::string& stdout_path, const std::string& stderr_path,
                      const ChildLimits& limits) {
  ChildResult r;
  const std::vector<std::string> envs = child_environment(env);
  std::vector<char*> cargv, cenv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  for (const auto& e : envs) cenv.push_back(const_cast<char*>(e.c_str()));
  cenv.push_back(nullptr);

  const pid_t parent = ::getpid();
  // fork + exec rather than posix_spawn: the child must ask for SIGKILL when this process dies
  // (PR_SET_PDEATHSIG, kept across exec), so that a `metron run` killed with SIGKILL takes its
  // launcher with it; posix_spawn has no such attribute. This process has no other threads, and
  // the child calls only async-signal-safe functions before exec. A failed exec reports its
  // errno through a close-on-exec pipe.
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    r.spawn_error = message_text(DiagId::cannot_start_program, argv[0], std::strerror(errno));
    return r;
  }
  auto t0 = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(report[0]);
    exec_in_child(cargv.data(), cenv.data(), stdout_path.c_str(), stderr_path.c_str(), parent,
                  report[1]);
  }
  ::close(report[1]);
  if (pid < 0) {
    ::close(report[0]);
    r.spawn_error = message_text(DiagId::cannot_start_program, argv[0], std::strerror(errno));
    return r;
  }
  int child_errno = 0;
  ssize_t got;
  while ((got = ::read(report[0], &child_errno, sizeof child_errno)) < 0 && errno == EINTR) {
  }
  ::close(report[0]);
  if (got > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.spawn_error = message_text(DiagId::cannot_start_program, argv[0], std::strerror(child_errno));
    return r;
  }
  r.started = true;
  g_child = pid;
  if (g_stop) kill(pid, g_stop);  // a signal that came while spawning
  const int status = wait_within_limits(pid, t0, limits, r);
  g_child = 0;
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.left_behind = kill_descendants(2.0);
  return r;
}

std::string file_tail(const std::string& path, std::size_t max_lines, std::size_t max_bytes) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return "";
  f.seekg(0, std::ios::end);
  std::streamoff size = f.tellg();
  std::streamoff start = size > static_cast<std::streamoff>(max_bytes)
                             ? size - static_cast<std::streamoff>(max_bytes)
                             : 0;
  f.seekg(start);
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::size_t pos = text.size();
  for (std::size_t n = 0; n < max_lines && pos != std::string::npos && pos > 0; ++n)
    pos = text.rfind('\n', pos - 1);
  if (pos != std::string::npos && pos < text.size() && text[pos] == '\n') ++pos;
  if (pos == std::string::npos) pos = 0;
  return text.substr(pos);
}

}  // namespace metron::launcher
