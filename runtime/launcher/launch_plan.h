// The launches of a `metron run`: replicates x launch-factor levels, each with its process count,
// environment and level indices, and the seeded order in which they run. Pure, no MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "runtime/plan/plan.h"

namespace metron::launcher {

// A launch factor as the launcher needs it: level values as text (what the environment variable
// is set to, what the factor_<name> column holds).
struct RunFactor {
  std::string name;
  std::string env_var;              // empty: no environment variable
  std::vector<std::string> levels;  // as CSV cells (strings unquoted)
  bool sets_np = false;             // the `procs` factor without `as env`: mpiexec -n
};

struct RunDesign {
  std::int64_t replicates = 1;
  int np = 2;  // process count of launches without a `procs` factor
  std::vector<RunFactor> factors;
};

RunDesign run_design(const LaunchDesign& d, std::int64_t replicates_override, int np);
nlohmann::json design_to_json(const RunDesign& d);
RunDesign design_from_json(const nlohmann::json& j);

struct LaunchLevel {
  std::string factor;
  std::size_t index = 0;
  std::string value;
};

struct Launch {
  std::int64_t id = 0;  // replicate * (number of level combinations) + combination
  std::int64_t replicate = 0;
  int np = 2;
  std::vector<LaunchLevel> levels;                       // one per factor, in design order
  std::vector<std::pair<std::string, std::string>> env;  // variable -> value, this launch only
  std::string levels_spec() const;                       // "a=0,b=1" for exec --levels
};

// Every launch in id order: the replicate is the outermost loop, then the factors in declaration
// order (the first factor varies slowest), so ids are dense and stable for a given design.
std::vector<Launch> expand_launches(const RunDesign& d);

// Launches in a run (replicates x factor-level combinations), saturating at INT64_MAX. A run
// of more than kMaxRunLaunches is refused before anything is expanded (the front end applies
// the same limit to the script's design; a --replicates override can still multiply it).
inline constexpr std::int64_t kMaxRunLaunches = std::int64_t{1} << 20;
std::int64_t launch_count(const RunDesign& d);

// The order in which the launches run: a Fisher-Yates shuffle of the ids driven by a generator
// seeded from the run seed, so that the same seed gives the same order on every machine (and
// launch-level states such as time of day do not line up with factor levels).
std::vector<std::int64_t> launch_order(std::size_t n, std::uint64_t run_seed);

// The seed of the launch-order shuffle, recorded in the run manifest.
std::uint64_t launch_order_seed(std::uint64_t run_seed);

}  // namespace metron::launcher
