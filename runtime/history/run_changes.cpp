// What changed between two runs (see run_changes.h).
#include "runtime/history/run_changes.h"

#include "runtime/analysis/environment_diff.h"

namespace metron::history {

std::vector<std::string> run_changes(const RunIdentity& before, const RunIdentity& after,
                                     const std::string& label_before,
                                     const std::string& label_after) {
  std::vector<std::string> out;
  const std::string la = " (" + label_before + ")", lb = " (" + label_after + ")";
  auto differ = [&](const char* what, const std::string& a, const std::string& b) {
    if (a != b) out.push_back(std::string(what) + ": '" + a + "'" + la + " vs '" + b + "'" + lb);
  };
  // The library and the environment first: what the user is most often looking for.
  for (std::string& line :
       analysis::environment_differences(before.system, after.system, label_before, label_after))
    out.push_back(std::move(line));
  differ("MPI standard version", before.mpi_version, after.mpi_version);
  differ("launcher", before.launcher, after.launcher);
  differ("metron", before.metron_version + " " + before.metron_commit,
         after.metron_version + " " + after.metron_commit);
  if (before.script_sha256 != after.script_sha256)
    out.push_back("script: sha256 " + before.script_sha256.substr(0, 12) + la + " vs " +
                  after.script_sha256.substr(0, 12) + lb);
  else if (before.plan_sha256 != after.plan_sha256)
    out.push_back(
        "plan: the same script planned differently (a settings file, np, a launch factor)");
  return out;
}

}  // namespace metron::history
