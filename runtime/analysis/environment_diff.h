// What differs between the machine a results folder was measured on and another one (a replay):
// MPI library string, processor names, CPU model, core count, recorded MPI environment variables.
// Read from the "system" objects of two launch manifests. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace metron::analysis {

// One line per difference, e.g. "CPU model: 'X' (recorded) vs 'Y' (now)"; empty when the same.
// The labels name the two sides (compare uses "A" and "B").
std::vector<std::string> environment_differences(const nlohmann::json& recorded,
                                                 const nlohmann::json& now,
                                                 const std::string& label_a = "recorded",
                                                 const std::string& label_b = "now");

// The "system" object of a results folder: of its first merged launch for a `metron run`
// folder, of its own manifest for a `metron exec` folder; null when not recorded.
nlohmann::json folder_system(const std::string& dir);

}  // namespace metron::analysis
