// Descendants of a process and their removal (see process_tree.h).
#include "runtime/launcher/process_tree.h"

#include <dirent.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <set>
#include <string>

namespace metron::launcher {

namespace {

// pid -> (parent pid, state letter) of every process in /proc.
std::map<pid_t, std::pair<pid_t, char>> process_table() {
  std::map<pid_t, std::pair<pid_t, char>> t;
  DIR* d = ::opendir("/proc");
  if (!d) return t;
  while (dirent* e = ::readdir(d)) {
    char* end = nullptr;
    long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end != '\0') continue;
    std::ifstream f(std::string("/proc/") + e->d_name + "/stat");
    std::string line;
    if (!std::getline(f, line)) continue;  // gone meanwhile
    // "pid (comm) S ppid ...": comm may hold blanks and parentheses, so parse after the last ')'.
    std::size_t close = line.rfind(')');
    if (close == std::string::npos || close + 4 >= line.size()) continue;
    char state = line[close + 2];
    long ppid = std::strtol(line.c_str() + close + 4, nullptr, 10);
    t[static_cast<pid_t>(pid)] = {static_cast<pid_t>(ppid), state};
  }
  ::closedir(d);
  return t;
}

void reap_children() {
  int status = 0;
  while (::waitpid(-1, &status, WNOHANG) > 0) {
  }
}

}  // namespace

bool become_subreaper() {
  return ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

std::vector<pid_t> descendants(pid_t root) {
  auto t = process_table();
  std::map<pid_t, std::vector<pid_t>> children;
  for (const auto& [pid, info] : t) children[info.first].push_back(pid);
  std::vector<pid_t> out;
  std::vector<pid_t> todo = {root};
  std::set<pid_t> seen = {root};
  while (!todo.empty()) {
    pid_t p = todo.back();
    todo.pop_back();
    for (pid_t c : children[p]) {
      if (!seen.insert(c).second) continue;
      todo.push_back(c);
      if (t[c].second != 'Z') out.push_back(c);
    }
  }
  return out;
}

int kill_descendants(double max_wait_s) {
  std::set<pid_t> killed;
  const timespec step{0, 20'000'000};
  for (double waited = 0;; waited += 0.02) {
    reap_children();
    std::vector<pid_t> left = descendants(::getpid());
    if (left.empty() || waited >= max_wait_s) break;
    for (pid_t p : left) {
      ::kill(p, SIGKILL);
      killed.insert(p);
    }
    ::nanosleep(&step, nullptr);
  }
  reap_children();
  return static_cast<int>(killed.size());
}

}  // namespace metron::launcher
