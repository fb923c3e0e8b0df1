// Noise flags carried up to the verdicts: summary.csv's `noise` cell of each launch (the
// launch's machine findings and the job's descheduled observations) sorted into a few kinds, and
// their union over the launches behind a row of analysis.csv, comparisons.csv, replay.csv,
// guidelines.csv or the report. A verdict computed on flagged launches is printed with a mark and
// a footer that names the flags; `--strict` makes it inconclusive (docs/methodology.md). No MPI.
#pragma once

#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/analysis/results_data.h"

namespace metron::analysis {

// The mark printed beside a row whose launches carry noise flags.
inline constexpr const char* kNoiseMark = "!";

// The kinds of one summary.csv `noise` cell, in the order of kNoiseKinds (noise_flags.cpp), each
// once: "oversubscribed", "load_average", "descheduled", or "other" for a finding none of them
// names. Empty for an empty cell.
std::vector<std::string> noise_kinds(std::string_view noise_cell);

// What a kind means, for footers and the report ("load average above the core count at start").
std::string noise_kind_text(std::string_view kind);

// The noise of a set of launch values (one job's launches, both sides of a comparison).
struct NoiseSummary {
  std::map<std::string, std::size_t> launches_by_kind;  // kind -> launches that carry it
  std::size_t flagged = 0;                              // launches with any flag
  std::size_t total = 0;                                // launches looked at

  bool any() const { return flagged > 0; }
  void add(const LaunchValue& v);
  void add(const NoiseSummary& other);  // the union of two sets of launches
  // The kinds present, in the order of noise_kinds.
  std::vector<std::string> kinds() const;
  // The CSV cell: the kinds joined by ';' ("load_average;descheduled"), "" when none.
  std::string kinds_text() const;
};

// The union of the noise flags of `values`.
NoiseSummary noise_of(std::span<const LaunchValue> values);
NoiseSummary noise_of(const JobSeries& s);

// A whole folder: `total` and `flagged` count distinct launches (a launch is flagged when any of
// its job rows is), launches_by_kind likewise.
NoiseSummary folder_noise(const ResultsData& d);

// The footer of a printed table whose rows have these noise summaries: one line naming each kind
// with the number of rows that carry it, and what the mark means for verdicts (`verdicts`: the
// table has verdicts; `strict`: they were made inconclusive). "" when no row is flagged.
std::string noise_footer(std::span<const NoiseSummary> rows, bool verdicts, bool strict);

}  // namespace metron::analysis
