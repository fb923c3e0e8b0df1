// What `metron replay` and `metron run --resume` take from a results folder that can make a
// process run: the launcher template (a command line) and the environment variables the
// launch factors set. A folder may come from anyone (downloaded with a paper), so neither runs
// without the user's consent (docs/security.md): a recorded launcher other than the default
// needs --trust-launcher, and so does every environment name outside an allowlist, the MPI
// libraries' tuning variables that take no file, folder, program or log. Pure, no MPI.
#pragma once

#include <string>
#include <vector>

#include "runtime/launcher/launch_plan.h"

namespace metron::launcher {

struct LaunchInputs {
  std::string folder;                  // the results folder they come from
  std::string launcher;                // the template that would run
  bool launcher_from_folder = false;   // false: given with --launcher (the user's own)
  std::vector<std::string> env_names;  // variables the launch factors set, from the folder
  bool trusted = false;                // --trust-launcher
};

// Whether a folder may set `name` without --trust-launcher: a tuning variable of an MPI library
// or its transports (a prefix of kTuningPrefixes) none of whose '_'-separated words names a
// file, folder, program, log or debugger (kUntrustedWords: UCX_LOG_FILE, OMPI_MCA_plm_rsh_agent,
// MPIR_CVAR_DBG_FILENAME, UCX_HANDLE_ERRORS are not). docs/security.md lists both tables.
bool folder_env_allowed(const std::string& name);

// The environment variables the launches of `d` set (its factors' `as env` names).
std::vector<std::string> env_names(const RunDesign& d);

// "" when the inputs may run; otherwise the message that refuses them (exit 64).
std::string check_trusted_launch_inputs(const LaunchInputs& in);

}  // namespace metron::launcher
