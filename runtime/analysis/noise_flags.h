// The noise flags of summary.csv rows reduced to their kinds, so that the flags of many launches
// read as one short list: "CPU pressure", "involuntary context switches", "steal time",
// "descheduled observations", "oversubscribed" (and "load average above the cores" in folders
// written before the load average became context). The per-launch details (how many, how long,
// which host) stay in summary.csv. Their union over the launches behind a row of analysis.csv,
// comparisons.csv, replay.csv, guidelines.csv, claims.csv or the report: a verdict computed on
// flagged launches is printed with a mark and a footer that names the flags, and `--strict` makes
// it inconclusive (docs/methodology.md, "Noise reaches every verdict"). No MPI.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <span>
#include <string>

#include "runtime/analysis/results_data.h"

namespace metron::analysis {

// The kinds named by one `noise` cell ("1 of 15 observations descheduled (...); load average
// 6.6 on 2 cores of 'vm' at start"); an unknown flag is kept as written.
std::set<std::string> noise_kinds(const std::string& cell);

// "descheduled observations; load average above the cores" (empty for none).
std::string noise_text(const std::set<std::string>& kinds);

// The mark printed beside a row whose launches carry noise flags.
inline constexpr const char* kNoiseMark = "!";

// The noise of a set of launch values (one job's launches, both sides of a comparison).
struct NoiseSummary {
  std::map<std::string, std::size_t> launches_by_kind;  // kind -> launches that carry it
  std::size_t flagged = 0;                              // launches with any flag
  std::size_t total = 0;                                // launches looked at

  bool any() const { return flagged > 0; }
  void add(const LaunchValue& v);
  void add(const NoiseSummary& other);  // the union of two sets of launches
  std::set<std::string> kinds() const;
  // The CSV cell: noise_text of the kinds, "" when none.
  std::string kinds_text() const { return noise_text(kinds()); }
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
