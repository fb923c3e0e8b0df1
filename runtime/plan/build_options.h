// What a plan is built for: the run size, the seed, the launch levels and, for refinement, the
// values an autorefine loop iterates over. The front end builds a Plan from a script and these;
// the runtime asks for plans with other options through LoadedScript::replan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/plan/mpi_features.h"

namespace metron {

// Jobs in one plan: 1 000 000 unless the environment variable METRON_MAX_JOBS says otherwise.
std::size_t default_max_jobs();
// Launches in one design (replicates x launch-factor combinations), the same as `run --replicates`.
inline constexpr std::int64_t kMaxLaunches = std::int64_t{1} << 20;

struct BuildOptions {
  int np = 1;              // the run size: get_np(), communicator checks
  std::uint64_t seed = 0;  // the run seed (comm_rand, get_random_int, shuffling)
  bool seed_given = false;
  // The level index of each launch factor for this launch; factors not listed take level 0.
  std::map<std::string, std::size_t> launch_levels;
  // Each job costs about 700 bytes while the plan is built; METRON_MAX_JOBS raises the limit.
  std::size_t max_jobs = default_max_jobs();
  // Refinement (runtime/exec/refine_driver.cpp): the autorefine loop of group g iterates over
  // exactly refine_values[g] instead of its range; with only_refined only those groups' measure
  // statements emit jobs. Groups are numbered in evaluation order, so the same script and
  // options number them the same way on every rank and in every rebuild.
  std::map<int, std::vector<double>> refine_values;
  bool only_refined = false;
  // --skip-unsupported: a SKaMPI name Metron lacks is a warning and the measurement that needs
  // it is left out (Plan::skipped), instead of an error.
  bool skip_unsupported = false;
  // A plan for the simulated build (SimGrid SMPI): operations and settings it cannot run are
  // refused (runtime/plan/simulation_support.h). Always on in the SMPI build itself.
  bool simulated = false;
  // The MPI library the plan is for and the call families it does not declare
  // (runtime/plan/mpi_features.h): an operation that needs one is refused, naming the library,
  // or skipped with skip_unsupported. The runtime fills them with its build's library.
  std::string mpi_library;
  std::vector<MpiFeature> mpi_lacks;
  // --settings FILE: a settings file whose values replace the script's own assignments of the
  // same settings, wherever it makes them (docs/language.md, "Settings files"); "" for none.
  std::string settings_file;
  // The script's files are those a results folder or bundle recorded (replay, run --resume), which
  // may come from someone else: they are read from the recording only (and from this Metron's
  // stdlib folder), and an `include` or `published` that names an absolute path is an error,
  // since the launches, which run the recorded copies, would read this machine's file of that
  // name (docs/security.md).
  bool from_recording = false;
};

}  // namespace metron
