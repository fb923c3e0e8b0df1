// Why an inconclusive verdict has the launch count it has, or none. Every inconclusive verdict a
// reader sees (a comparison's sentence, a claim's sentence, a replayed finding) says how many
// launches per side would decide it, or why no number of launches would (docs/claims.md,
// "inconclusive"). Pure text over the planner's outcome; no MPI.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace metron::analysis {

enum class Undecided {
  Planned,      // the launch planner found a count (launches_needed)
  NoSpread,     // a side has a single launch: the launch-to-launch spread a count needs is unknown
  NoEffect,     // no effect could be estimated (a time that is not a positive number)
  OnBound,      // the estimate lies too close to the bound the verdict turns on, for its spread:
                // no count up to the planner's limit decides it
  NoisyStrict,  // --strict on launches with noise flags: more launches here keep the flags
  NotTested,    // a side has no launch, or no job of one side has a partner
};

// The planner's limit behind OnBound (launches per side).
inline constexpr std::size_t kMostLaunchesPlanned = 100000;

// For a sentence, after "inconclusive: ": "12 launches per side would decide it", or why no number
// would, e.g. "no number of launches would decide it: the estimate lies too close to the bound
// the verdict turns on, for its spread (more than 100000 per side would be needed)".
std::string undecided_phrase(Undecided why, std::optional<std::size_t> launches);

// For a table cell, in parentheses after "inconclusive": "need 12 launches per side", "on the
// bound: no number of launches decides it", "one launch a side: no spread to plan from", ...
std::string undecided_cell(Undecided why, std::optional<std::size_t> launches);

}  // namespace metron::analysis
