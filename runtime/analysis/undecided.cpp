// The words for an inconclusive verdict's launch count, or its absence (see undecided.h).
#include "runtime/analysis/undecided.h"

#include <fmt/format.h>

namespace metron::analysis {

std::string undecided_phrase(Undecided why, std::optional<std::size_t> launches) {
  if (launches) return fmt::format("{} launches per side would decide it", *launches);
  switch (why) {
    case Undecided::NoSpread:
      return "how many launches would decide it is unknown: with a single launch on a side, the "
             "launch-to-launch spread is unknown (run at least 2 per side to plan the count)";
    case Undecided::NoEffect:
      return "no number of launches would decide it: no effect can be estimated";
    case Undecided::OnBound:
      return fmt::format(
          "no number of launches would decide it: the estimate lies too close to the bound the "
          "verdict turns on, for its spread (more than {} per side would be needed)",
          kMostLaunchesPlanned);
    case Undecided::NoisyStrict:
      return "more launches on this machine would not decide it, since they would carry the "
             "same noise flags";
    case Undecided::NotTested:
      return "no number of launches would decide it: a side has no launch to test";
    case Undecided::Planned:
      break;
  }
  // Planned without a count does not happen; say what is known.
  return "more launches per side would decide it";
}

std::string undecided_cell(Undecided why, std::optional<std::size_t> launches) {
  if (launches) return fmt::format("need {} launches per side", *launches);
  switch (why) {
    case Undecided::NoSpread:
      return "one launch a side: no spread to plan from";
    case Undecided::NoEffect:
      return "no effect to estimate";
    case Undecided::OnBound:
      return "too close to the bound for its spread: no launch count decides it";
    case Undecided::NoisyStrict:
      return "--strict: noise flags";
    case Undecided::NotTested:
      return "not tested";
    case Undecided::Planned:
      break;
  }
  return "need more";
}

}  // namespace metron::analysis
