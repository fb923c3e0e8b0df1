// The parts of a results folder's manifest.json that analyze, compare and replay read, checked
// for type before anything reads them: a manifest edited by hand or damaged is an error that
// names the value, never an exception from deep inside a reader. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace metron::analysis {

// "" when `m` (a run manifest or an exec manifest) is fit to read; otherwise what is wrong,
// e.g. "'design.factors' is not a list of objects".
std::string manifest_damage(const nlohmann::json& m);

}  // namespace metron::analysis
