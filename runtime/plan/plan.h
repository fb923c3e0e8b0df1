// The Plan: what one launch executes, in order. Built by plan_builder from the AST and the run's
// size; every rank builds the identical Plan from the identical text, size and seed.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/plan/claim.h"
#include "runtime/plan/published.h"
#include "runtime/plan/settings.h"
#include "runtime/plan/source.h"
#include "runtime/plan/value.h"

namespace metron {

struct MeasureFunc;

// A measurement function with its arguments bound, in declared parameter order (defaults filled).
struct OpCall {
  const MeasureFunc* func = nullptr;
  std::vector<Value> args;
};

struct Job {
  std::int64_t id = 0;  // position in the unshuffled plan, stable across launches
  std::string block;    // measurement block name
  int block_index = 0;  // which block (0-based, in script order)
  std::vector<std::pair<std::string, Value>> factors;  // loop variables, outermost first
  OpCall op;
  CommSpec comm;
  std::int64_t count = 0;       // the element count argument, 0 if the op has none
  std::int64_t bytes = 0;       // reported message size in bytes (SKaMPI's convention)
  std::int64_t send_bytes = 0;  // buffer use per rank
  std::int64_t recv_bytes = 0;
  std::shared_ptr<const Settings> settings;
  SourceRange range;                    // the `measure` statement
  int refine_group = -1;                // jobs of one autorefine loop share a group; -1 otherwise
  std::string refine_var;               // the refined loop variable
  bool refine_multiplicative = false;   // the loop steps by a factor (geometric midpoints)
  bool refine_integer = true;           // the loop variable is an integer
  std::int64_t refine_multiple_of = 0;  // the loop's multipleof, 0 if none
  // One side of a performance guideline (`expect`, docs/guidelines.md); empty for other jobs.
  std::string guideline;              // the guideline's id
  std::string guideline_side;         // "lhs" or "rhs"
  double guideline_factor = 1;        // the right side's factor k (1 on the left side)
  std::int64_t guideline_check = -1;  // the left side's job id, shared by both sides
};

// A `print` evaluated while planning; printed by rank 0 before the job it precedes.
struct PrintItem {
  std::int64_t before_job;  // index into Plan::jobs
  std::string text;
  bool all;        // print_all: every rank prints, prefixed by its rank
  int block = -1;  // index into Plan::block_names; -1 at the top level
};

// A `measure` left out under --skip-unsupported: once per statement, however many jobs it
// would have made.
struct SkippedMeasure {
  std::string function;    // the unsupported name (a measurement function or a helper)
  std::string block;       // the measurement block
  std::string at;          // "file:line:col" of the statement
  std::int64_t times = 0;  // evaluations skipped (loop iterations)
};

struct LaunchFactor {
  std::string name;
  std::vector<Value> levels;
  std::string env_var;  // empty: not an environment variable (e.g. procs)
  SourceRange range;
};

struct LaunchDesign {
  std::int64_t replicates = 1;
  bool replicates_given = false;  // the script has a `replicate` statement
  std::vector<LaunchFactor> factors;
  bool shuffle = false;
  std::uint64_t seed = 0;
  bool seed_given = false;
};

// The settings a settings override file (--settings) fixed for every job, in the order the
// file sets them: key (a `set` key, or "stop" for the stop rule) and value as `set` writes it.
struct SettingsOverride {
  std::string file;  // its name as loaded; empty: no override
  std::vector<std::pair<std::string, std::string>> values;
};

struct Plan {
  int np = 0;  // the run size the plan was built for
  std::vector<Job> jobs;
  std::vector<PrintItem> prints;
  std::vector<std::string> block_names;
  std::vector<SkippedMeasure> skipped;  // --skip-unsupported: what was left out
  LaunchDesign design;
  SettingsOverride settings_override;
  std::vector<Claim> claims;  // the script's claims, checked against the jobs (docs/claims.md)
  // The paper's values for jobs of the script (`published`), checked against the jobs likewise.
  std::vector<PublishedValue> published;
};

}  // namespace metron
