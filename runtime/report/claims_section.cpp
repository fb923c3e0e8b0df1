// The claims and the replayed findings of a report (see claims_section.h).
#include "runtime/report/claims_section.h"

#include <fmt/format.h>

#include <cmath>

#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

std::string number(const std::string& cell) {
  double v = analysis::cell_double(cell);
  return std::isfinite(v) ? fmt::format("{:#.3g}", v) : "-";
}

std::string effect(const analysis::CsvTable& t, std::size_t r, const std::string& prefix) {
  const std::string e = t.cell(r, prefix + "effect");
  if (e.empty()) return "-";
  return number(e) + " [" + number(t.cell(r, prefix + "effect_lo")) + ", " +
         number(t.cell(r, prefix + "effect_hi")) + "]";
}

std::string verdict_class(const std::string& v) {
  if (v == "holds" || v == "reproduced") return "good";
  if (v == "fails" || v == "not reproduced") return "bad";
  return "open";
}

}  // namespace

std::string claims_section(const ReportInput& in) {
  if (!in.claims || in.claims->rows.empty()) return "";
  const auto& t = *in.claims;
  std::string h =
      "<h2 id=\"claims\">Claims</h2>\n<p>The findings the script states, checked on this "
      "folder's launches (docs/claims.md): one-sided Wilcoxon tests on the per-launch values, "
      "or a bootstrap for the launch-to-launch spread, " +
      html_escape(t.cell(0, "p_adjust")) +
      " across all checks. Effect: A/B (A/reference) of the deciding check with its CI; "
      "needs: the ratio the claim needs.</p>\n<table class=\"jobs claims\"><tr><th>claim</th>"
      "<th>verdict</th><th>statement</th><th>effect [CI]</th><th>needs</th><th>checks</th>"
      "<th>launches</th><th>noise</th></tr>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    std::string v = t.cell(r, "verdict");
    const std::string need = t.cell(r, "launches_needed");
    const std::string shown = need.empty() ? v : v + " (need " + need + " launches per side)";
    const std::string rel = t.cell(r, "relation");
    std::string needs =
        rel == "<"   ? "below " + number(t.cell(r, "bound_hi"))
        : rel == ">" ? "above " + number(t.cell(r, "bound_lo"))
                     : number(t.cell(r, "bound_lo")) + " to " + number(t.cell(r, "bound_hi"));
    h += "<tr><td>" + html_escape(t.cell(r, "claim")) + "</td><td class=\"" + verdict_class(v) +
         "\">" + html_escape(shown) + "</td><td><code>" + html_escape(t.cell(r, "text")) +
         "</code></td><td>" + effect(t, r, "") + "</td><td>" + html_escape(needs) + "</td><td>" +
         html_escape(t.cell(r, "holds") + " of " + t.cell(r, "checks") + " hold") + "</td><td>" +
         html_escape(t.cell(r, "n_a") + (t.cell(r, "n_b") == "0" ? "" : " / " + t.cell(r, "n_b"))) +
         "</td><td>" + html_escape(t.cell(r, "noise").empty() ? "-" : t.cell(r, "noise")) +
         "</td></tr>\n";
  }
  return h + "</table>\n";
}

std::string findings_replay_section(const ReportInput& in) {
  if (!in.replay_findings || in.replay_findings->rows.empty()) return "";
  const auto& t = *in.replay_findings;
  std::string h =
      "<h2 id=\"findings\">Findings, recorded and replayed</h2>\n<p>Each finding of the "
      "recording (claims, and each <code>expect</code> guideline) beside the replay's verdict: "
      "reproduced when both decided the same, not reproduced when the replay decided otherwise "
      "(docs/publishing.md). Recorded on " +
      html_escape(in.recorded_machine) + "; replayed on " + html_escape(in.replay_machine) +
      ".</p>\n<table class=\"jobs findings\"><tr><th>finding</th><th>outcome</th><th>recorded"
      "</th><th>replayed</th><th>effect</th></tr>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const std::string outcome = t.cell(r, "outcome");
    auto side = [&](const std::string& p) {
      return t.cell(r, p + "verdict") + " " + effect(t, r, p) + " n=" + t.cell(r, p + "n");
    };
    h += "<tr><td>" + html_escape(t.cell(r, "finding")) + "</td><td class=\"" +
         verdict_class(outcome) + "\">" + html_escape(outcome) + "</td><td>" +
         html_escape(side("recorded_")) + "</td><td>" + html_escape(side("replayed_")) +
         "</td><td>" + html_escape(t.cell(r, "effect_name")) + "</td></tr>\n";
  }
  return h + "</table>\n";
}

}  // namespace metron::report
