// One launch as a child process: posix_spawn of an argv (no shell), with extra environment
// variables for this child only and stdout/stderr into files; waiting forwards SIGTERM/SIGINT.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace metron::launcher {

struct ChildResult {
  bool started = false;
  std::string spawn_error;  // why it did not start (e.g. launcher not found)
  int exit_code = -1;       // when it exited
  int signal = 0;           // when a signal ended it
  double duration_s = 0;
};

// Runs argv[0] (looked up in PATH) with argv, the current environment plus `env` (overriding
// variables of the same name), stdout and stderr appended to the two files. Blocks until it ends.
ChildResult run_child(const std::vector<std::string>& argv,
                      const std::vector<std::pair<std::string, std::string>>& env,
                      const std::string& stdout_path, const std::string& stderr_path);

// SIGTERM, SIGINT and SIGHUP set a flag (read with stop_requested) and are passed on to the
// running child, so that a killed `metron run` ends its launch and records it as interrupted.
void install_stop_handlers();
int stop_requested();  // the signal received, 0 if none

// The last `max_lines` lines of a file, at most `max_bytes` bytes.
std::string file_tail(const std::string& path, std::size_t max_lines, std::size_t max_bytes);

}  // namespace metron::launcher
