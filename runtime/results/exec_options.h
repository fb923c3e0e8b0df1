// What `metron exec` was asked to do with a plan: where to write, which launch of a run this
// is, and the script files behind it (for the manifest).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/plan/loaded_script.h"

namespace metron::rt {

struct ExecOptions {
  std::string out_dir;      // results folder (rank 0 writes)
  std::int64_t launch = 0;  // launch id within a `metron run`
  std::int64_t replicate = 0;
  std::map<std::string, std::string> launch_levels;  // factor -> level, for the manifest
  std::uint64_t seed = 0;
  bool quiet = false;  // no human-readable table on stdout
  bool force = false;  // replace the results already in out_dir
  std::string script_path;
  std::map<std::string, std::string> files;  // every script file read (rank 0)
  std::vector<std::string> argv;
  BuildOptions build;  // how the plan was built (refinement rebuilds parts of it)
};

}  // namespace metron::rt
