// Whether a results folder holds simulated results (SimGrid SMPI, docs/simulation.md): its
// manifest says `"simulated": true` (one launch of `metron exec`), or, for a `metron run` folder,
// its first merged launch's manifest does. compare, replay and report read it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace metron::analysis {

// The manifest of one launch says it was simulated.
bool manifest_simulated(const nlohmann::json& manifest);

// DIR holds simulated results (false for a folder without a readable manifest).
bool folder_simulated(const std::string& dir);

// The platform file the folder's launches were simulated on ("" when not recorded).
std::string folder_platform(const std::string& dir);

}  // namespace metron::analysis
