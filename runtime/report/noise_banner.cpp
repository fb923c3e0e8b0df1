// The report's noise banner (see noise_banner.h).
#include "runtime/report/noise_banner.h"

#include <fmt/format.h>

#include "runtime/analysis/noise_flags.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// "6 of 6 launches of A: DIR (load average above the cores: 6; ...)"
std::string view_text(const ResultsView& v, const analysis::NoiseSummary& n) {
  std::string kinds;
  for (const auto& [k, count] : n.launches_by_kind)
    kinds += fmt::format("{}{}: {}", kinds.empty() ? "" : "; ", k, count);
  return fmt::format("{} of {} launch{} of {} ({})", n.flagged, n.total, n.total == 1 ? "" : "es",
                     v.label, kinds);
}

// Verdicts in the comparison CSV (comparisons.csv, replay.csv) with a non-empty noise cell.
std::pair<std::size_t, std::size_t> flagged_verdicts(const ReportInput& in) {
  std::size_t flagged = 0, total = 0;
  if (!in.comparisons || !in.comparisons->column("noise")) return {0, 0};
  for (std::size_t r = 0; r < in.comparisons->rows.size(); ++r) {
    ++total;
    if (!in.comparisons->cell(r, "noise").empty()) ++flagged;
  }
  return {flagged, total};
}

}  // namespace

std::string noise_banner_html(const ReportInput& in) {
  std::string views;
  for (const auto* v : {&in.main, &in.other}) {
    if (!*v) continue;
    const analysis::NoiseSummary n = analysis::folder_noise((*v)->data);
    if (n.any()) views += (views.empty() ? "" : "; ") + view_text(**v, n);
  }
  const auto [flagged, total] = flagged_verdicts(in);
  if (views.empty() && flagged == 0) return "";
  std::string h = "<p class=\"noise\" id=\"noise-banner\"><b>Noise flags.</b> ";
  if (!views.empty())
    h += html_escape("Launches with noise flags (summary.csv column noise): " + views + ". ");
  if (total > 0)
    h += html_escape(fmt::format("{} of {} verdict{} computed on flagged launches. ", flagged,
                                 total, total == 1 ? " is" : "s are"));
  h += html_escape(
      std::string("Values and verdicts computed on them are marked ") + analysis::kNoiseMark +
      " in the tables: they may reflect the machine rather than the MPI library. Rerun on an idle "
      "machine, or use --strict (metron analyze, compare, replay, run) to make such verdicts "
      "inconclusive (docs/methodology.md).");
  return h + "</p>\n";
}

}  // namespace metron::report
