// `metron run` (see launcher.h): the top-level flow. The run manifest (DIR/manifest.json) is
// rewritten atomically at every change of a launch's status, so a killed run leaves a readable
// record for --resume; the launch folders' own manifests say which launches completed. The steps
// live beside this file: run_start (a fresh run), run_resume (--resume), run_launches and
// launch_attempt (each launch, its deadline, kill and retry), run_merge, run_end, run_analysis.
#include "runtime/launcher/launcher.h"

#include <filesystem>
#include <string>
#include <vector>

#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/process_tree.h"
#include "runtime/launcher/run_analysis.h"
#include "runtime/launcher/run_end.h"
#include "runtime/launcher/run_launches.h"
#include "runtime/launcher/run_merge.h"
#include "runtime/launcher/run_resume.h"
#include "runtime/launcher/run_start.h"
#include "runtime/launcher/run_state.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;

std::string self_exe() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("metron") : p.string();
}

// A bad template is a usage error, found before anything is created or run.
int check_template(const std::string& launcher) {
  if (launcher.empty()) return kExitOk;
  std::string err;
  if (expand_launcher(launcher, {}, err).empty()) {
    print_error(err);
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace

int run_experiment(const RunOptions& o, RunOutcome& outcome) {
  RunState st;
  st.dir = o.out_dir;
  st.metron = o.metron_binary.empty() ? self_exe() : o.metron_binary;
  outcome.dir = o.out_dir;
  if (int bad = check_template(o.launcher); bad != kExitOk) return bad;
  std::vector<Launch> launches;
  std::vector<std::int64_t> order;
  int rc = o.resume ? resume_run(o, st, launches, order) : start_run(o, st, launches, order);
  if (rc != kExitOk) return rc;

  st.on_first_start = o.on_first_start;
  install_stop_handlers();
  // Orphans of a killed launch (Hydra's proxies and ranks run in sessions of their own) become
  // this process's children, so that none is left behind.
  become_subreaper();
  outcome.launches = order.size();
  run_launches(o, st, launches, order);
  if (!st.write_error.empty()) return end_on_write_error(st);
  if (int sig = stop_requested()) return end_on_stop_signal(st, outcome, sig);

  std::vector<MergeSource> sources;
  if (int checked = complete_launches(st, launches, sources); checked != kExitOk) return checked;
  int exit_code = merge_run(st, sources, order.size(), outcome);
  if (int ended = end_run(st, outcome, order.size()); ended != kExitOk) return ended;
  if (!sources.empty() && exit_code != kExitIo && analyze_run(o, st) != kExitOk)
    exit_code = kExitIo;
  return exit_code;
}

}  // namespace metron::launcher
