// The plan and the launch manifest behind a results folder: the folder's own manifest for one
// launch (`metron exec`), the first complete launch's for a run (every launch of a run plans the
// same script, so their claims and published values agree). No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "runtime/analysis/results_data.h"

namespace metron::analysis {

struct FolderPlan {
  nlohmann::json plan;             // null when no manifest holds one (a hand-made folder)
  nlohmann::json launch_manifest;  // null likewise
};

// Nullopt with `error` set when a launch manifest exists but cannot be read.
std::optional<FolderPlan> folder_plan(const ResultsData& d, std::string& error);

}  // namespace metron::analysis
