// The record of a launch that hung: killed at its deadline or start-up limit by `metron run`, or
// timed out by itself (`metron exec --timeout` in the launcher template), with the job it was in
// and a message for people. No MPI.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

#include "runtime/launcher/child_process.h"

namespace metron::launcher {

// The record of a hang: which limit (reason, limit_s, limit_from, after_s), the job it was in,
// how it ended (sigkilled, left_behind) and a message for people. `deadline_from` is where the
// deadline came from ("option" or "plan"); `ldir` the launch's folder.
nlohmann::json hang_record(const ChildResult& r, const ChildLimits& limits,
                           const char* deadline_from, const std::filesystem::path& ldir);

}  // namespace metron::launcher
