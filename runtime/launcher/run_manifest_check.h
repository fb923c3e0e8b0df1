// The run manifest (DIR/manifest.json of `metron run`) as `run --resume` reads it, checked for
// type and range before anything reads it: a value of the wrong type, a count beyond what `run`
// accepts, an order that is not a permutation of the launches or a copy of the script outside the
// folder is an error that names the value, never an exception or a launch of something else.
// No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace metron::launcher {

// "" when `m` is fit to resume; otherwise what is wrong ("'design.np' is not a whole number from
// 1 to 1048576"), for the message manifest_damaged.
std::string run_manifest_damage(const nlohmann::json& m);

// Whether `rel` is a relative path that stays inside the folder below `under` ("script/x.bench"
// under "script"): no absolute path, no ".." that climbs out.
bool path_inside(const std::string& rel, const std::string& under);

}  // namespace metron::launcher
