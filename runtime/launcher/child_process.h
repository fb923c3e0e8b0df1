// One launch as a child process: posix_spawn of an argv (no shell), with extra environment
// variables for this child only and stdout/stderr into files; waiting forwards SIGTERM/SIGINT,
// enforces a deadline and a start-up limit, and removes whatever the child leaves behind.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace metron::launcher {

// Time limits of one child, counted from its start; 0 means none.
struct ChildLimits {
  double timeout_s = 0;           // the whole run
  double startup_timeout_s = 0;   // until `started` first returns true
  std::function<bool()> started;  // polled (every 50 ms) until true; e.g. a file exists
  // After SIGTERM, how long the child may take to end (Hydra passes SIGTERM to the ranks and
  // rank 0 records what it measured) before it and every descendant get SIGKILL.
  double kill_grace_s = 5;
  // Polled (every 50 ms) once started: the child's work is done (e.g. a marker file exists).
  // From then on it has after_done_s to end by itself (0: no such limit); it is ended past that,
  // and `timeout_s` no longer applies.
  std::function<bool()> done;
  double after_done_s = 0;
};

// Which limit ended the child: AfterDone is not a failure, its work was done.
enum class ChildKill { None, Timeout, StartupTimeout, AfterDone };

struct ChildResult {
  bool started = false;
  std::string spawn_error;  // why it did not start (e.g. launcher not found)
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  double duration_s = 0;
  ChildKill killed = ChildKill::None;  // which limit ended it
  double killed_at_s = 0;              // when that limit was found passed (SIGTERM sent)
  double startup_s = -1;               // when `started` first held; -1: never
  double done_s = -1;                  // when `done` first held; -1: never
  bool sigkilled = false;              // SIGTERM was not enough within kill_grace_s
  int left_behind = 0;  // descendants still alive after the child ended (then SIGKILLed)
};

// Runs argv[0] (looked up in PATH) with argv, the current environment plus `env` (overriding
// variables of the same name), stdout and stderr appended to the two files. Blocks until it ends
// or a limit passes; a child past a limit gets SIGTERM, then SIGKILL. Afterwards every remaining
// descendant of this process is killed (see process_tree.h: call become_subreaper() first).
ChildResult run_child(const std::vector<std::string>& argv,
                      const std::vector<std::pair<std::string, std::string>>& env,
                      const std::string& stdout_path, const std::string& stderr_path,
                      const ChildLimits& limits = {});

// SIGTERM, SIGINT and SIGHUP set a flag (read with stop_requested) and are passed on to the
// running child, so that a killed `metron run` ends its launch and records it as interrupted.
void install_stop_handlers();
int stop_requested();  // the signal received, 0 if none

// The last `max_lines` lines of a file, at most `max_bytes` bytes.
std::string file_tail(const std::string& path, std::size_t max_lines, std::size_t max_bytes);

}  // namespace metron::launcher
