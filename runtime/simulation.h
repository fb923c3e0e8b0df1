// Whether this binary is the simulated build (SimGrid SMPI, cmake/MetronSmpi.cmake), and what a
// simulated launch records about its simulation in manifest.json (docs/simulation.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace metron::rt {

#ifdef METRON_SMPI
inline constexpr bool kSimulated = true;
#else
inline constexpr bool kSimulated = false;
#endif

// "simulation" of manifest.json: the simulator and its version, the platform file (path and
// sha256) and the simulator's command line (smpirun's options reach it as --cfg=...). `cmdline`
// is the simulating process's argv (/proc/self/cmdline), `platform_text` the platform file's
// contents ("" when unreadable).
nlohmann::json simulation_facts(const std::vector<std::string>& cmdline,
                                const std::string& platform_text);

// The platform file among the simulator's arguments: the first that ends in ".xml"; "" if none.
std::string simulation_platform(const std::vector<std::string>& cmdline);

// This process's command line, from /proc/self/cmdline (empty where that cannot be read).
std::vector<std::string> process_cmdline();

// simulation_facts() of this process (reads the platform file).
nlohmann::json this_simulation();

}  // namespace metron::rt
