// What `metron replay` and `metron run --resume` take from a results folder that can make a
// process run: the launcher template (a command line) and the environment variables the
// launch factors set. A folder may come from anyone (downloaded with a paper), so neither runs
// without the user's consent: a recorded launcher other than the default, and an environment
// name that can load code or pick a program (LD_PRELOAD, PATH, ...), need --trust-launcher
// (docs/cli.md, "What replay and resume run"). Pure, no MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/launcher/launch_plan.h"

namespace metron::launcher {

struct LaunchInputs {
  std::string folder;             // the results folder they come from
  std::string launcher;           // the template that would run
  bool launcher_from_folder = false;   // false: given with --launcher (the user's own)
  std::vector<std::string> env_names;  // variables the launch factors set, from the folder
  bool trusted = false;                // --trust-launcher
};

// Whether setting `name` can make a process load code or run another program: the dynamic
// loader's variables (LD_*), search paths (PATH, PYTHONPATH, ...), shell start-up files,
// and the process managers' own choices of programs (HYDRA_*, *_AGENT, *_BOOTSTRAP_EXEC, ...).
bool dangerous_env_name(const std::string& name);

// The environment variables the launches of `d` set (its factors' `as env` names).
std::vector<std::string> env_names(const RunDesign& d);

// "" when the inputs may run; otherwise the message that refuses them (exit 64).
std::string check_trusted_launch_inputs(const LaunchInputs& in);

}  // namespace metron::launcher
