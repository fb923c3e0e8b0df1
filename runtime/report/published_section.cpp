// The "Published vs measured" section (see published_section.h).
#include "runtime/report/published_section.h"

#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

std::string cell(const analysis::CsvTable& t, std::size_t row, const char* column) {
  return html_escape(t.cell(row, column));
}

// "2.86 us", "2.86..3.13 us"; "no number" where the paper gives none.
std::string published_cell(const analysis::CsvTable& t, std::size_t r) {
  std::string v = t.cell(r, "published");
  if (v.empty()) return "no number";
  const std::string hi = t.cell(r, "published_hi");
  if (!hi.empty()) v += ".." + hi;
  return html_escape(v + " " + t.cell(r, "unit"));
}

std::string measured_cell(const analysis::CsvTable& t, std::size_t r) {
  const std::string v = t.cell(r, "measured");
  if (t.cell(r, "job").empty()) return "not measured";
  if (v.empty()) return "no value";
  std::string s = v + " " + t.cell(r, "unit");
  if (!t.cell(r, "measured_ci_lo").empty())
    s += " [" + t.cell(r, "measured_ci_lo") + ", " + t.cell(r, "measured_ci_hi") + "]";
  return html_escape(s);
}

std::string or_unstated(const std::string& s) {
  return s.empty() ? "not stated" : s;
}

}  // namespace

std::string published_html(const analysis::CsvTable& t) {
  std::string h = "<h2 id=\"published\">Published vs measured</h2>\n";
  if (t.rows.empty()) return h + "<p>published_vs_measured.csv has no rows.</p>\n";
  h += "<p>The paper's values beside this machine's. Measured here on <b>" +
       html_escape(or_unstated(t.cell(0, "machine_cpu"))) + "</b> with <b>" +
       html_escape(or_unstated(t.cell(0, "machine_mpi"))) +
       "</b>: the median over launches of the per-launch statistic with its 95% CI. Ratio: "
       "measured / published (for a published range, 1 inside it). Absolute values differ "
       "between machines; the claims say which findings hold.</p>\n";
  h += "<table class=\"jobs\" id=\"published-table\"><tr><th>id</th><th>source</th>"
       "<th>selection</th><th>published</th><th>paper's machine</th><th>paper's MPI</th>"
       "<th>paper's processes</th><th>measured here</th><th>launches</th><th>processes "
       "here</th><th>ratio</th></tr>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    h += "<tr><td>" + cell(t, r, "id") + "</td><td>" + cell(t, r, "source") + "</td><td>" +
         cell(t, r, "selection") + "</td><td>" + published_cell(t, r) + "</td><td>" +
         html_escape(or_unstated(t.cell(r, "paper_machine"))) + "</td><td>" +
         html_escape(or_unstated(t.cell(r, "paper_mpi"))) + "</td><td>" +
         html_escape(or_unstated(t.cell(r, "paper_procs"))) + "</td><td>" + measured_cell(t, r) +
         "</td><td>" + cell(t, r, "launches") + "</td><td>" + cell(t, r, "machine_np") +
         "</td><td>" + cell(t, r, "ratio") + "</td></tr>\n";
  }
  return h + "</table>\n";
}

}  // namespace metron::report
