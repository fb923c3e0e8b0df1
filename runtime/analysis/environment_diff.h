// What differs between the machine a results folder was measured on and another one (a replay):
// MPI library string, processor names, CPU model, core count, recorded MPI environment variables.
// Read from the "system" objects of two launch manifests. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace metron::analysis {

// One line per difference, e.g. "CPU model: 'X' (recorded) vs 'Y' (now)"; empty when the same.
std::vector<std::string> environment_differences(const nlohmann::json& recorded,
                                                 const nlohmann::json& now);

}  // namespace metron::analysis
