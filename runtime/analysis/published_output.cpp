// published_vs_measured.csv and the terminal table (see published_vs_measured.h). Only formats;
// the numbers come from compare_published.
#include <fmt/format.h>

#include <cmath>

#include "runtime/analysis/number_text.h"
#include "runtime/analysis/published_vs_measured.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

// The unit a value is shown in: its own, or for a value the paper gives no number for, us
// (a location) or % (a spread).
std::string shown_unit(const PublishedValue& v) {
  if (!v.unit.empty()) return v.unit;
  return is_spread(v.side.statistic) ? "%" : "us";
}

double scale_of(const std::string& unit) {
  const PublishedUnit* u = find_published_unit(unit);
  return u ? u->scale : 1.0;
}

// For files: twelve, enough to read back what was computed without the noise of the unit's
// scaling (2.86e-6 / 1e-6 is 2.8599999999999994).
std::string exact(double base_value, const std::string& unit) {
  if (std::isnan(base_value)) return "";
  return fmt::format("{:.12g}", base_value / scale_of(unit));
}

std::string or_unstated(const std::string& s) {
  return s.empty() ? "not stated" : s;
}

// "2.86 us (95% CI 2.80 to 2.91)" in the value's unit.
std::string measured_text(const PublishedComparison& c) {
  if (std::isnan(c.measured))
    return c.value.kind == PublishedKind::Bandwidth ? "no value (the operation has no rate)"
                                                    : "no value";
  const std::string unit = shown_unit(c.value);
  std::string s = in_unit(c.measured, unit) + " " + unit;
  if (!std::isnan(c.ci_lo))
    s += " (95% CI " + in_unit(c.ci_lo, unit) + " to " + in_unit(c.ci_hi, unit) + ")";
  return s;
}

}  // namespace

std::string in_unit(double base_value, const std::string& unit) {
  return number_text(base_value / scale_of(unit));
}

std::string published_text(const PublishedValue& v) {
  if (!v.has_value()) return "";
  if (*v.lo == *v.hi) return in_unit(*v.lo, v.unit);
  return in_unit(*v.lo, v.unit) + ".." + in_unit(*v.hi, v.unit);
}

bool write_published_csv(const std::string& path, const std::vector<PublishedComparison>& rows,
                         const MeasuredMachine& m, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"id",
            "source",
            "selection",
            "statistic",
            "unit",
            "published",
            "published_hi",
            "paper_machine",
            "paper_mpi",
            "paper_procs",
            "note",
            "job",
            "measured",
            "measured_ci_lo",
            "measured_ci_hi",
            "launches",
            "machine_cpu",
            "machine_mpi",
            "machine_np",
            "ratio",
            "noise",
            "at"});
  for (const auto& c : rows) {
    const PublishedValue& v = c.value;
    const std::string unit = shown_unit(v);
    w.field(v.id).field(v.source).field(v.selection);
    w.field(std::string_view(claim_statistic_name(v.side.statistic))).field(unit);
    w.field(v.has_value() ? exact(*v.lo, unit) : std::string());
    w.field(v.has_value() && *v.hi != *v.lo ? exact(*v.hi, unit) : std::string());
    w.field(v.machine).field(v.mpi).field(v.procs).field(v.note).field(c.job);
    w.field(exact(c.measured, unit)).field(exact(c.ci_lo, unit)).field(exact(c.ci_hi, unit));
    w.field(static_cast<std::int64_t>(c.launches)).field(m.cpu_model).field(m.mpi_library);
    if (c.job.empty())
      w.field(std::string_view());
    else
      w.field(c.np);
    w.field(c.ratio).field(c.noise).field(v.at);
    w.end_row();
  }
  w.flush();
  return true;
}

namespace {

// The paper's process count as people write it: the word before a remark in parentheses,
// "2 processes (on two nodes)" from "2 (on two nodes)"; "16x1 processes" from "16x1".
std::string processes_text(const std::string& procs) {
  if (procs.empty()) return "";
  const std::size_t remark = procs.find(" (");
  const std::string count = procs.substr(0, remark);
  const std::string word = count == "1" ? " process" : " processes";
  return count + word + (remark == std::string::npos ? "" : procs.substr(remark));
}

}  // namespace

std::string published_table(const std::vector<PublishedComparison>& rows,
                            const MeasuredMachine& m) {
  if (rows.empty()) return "";
  std::string out = fmt::format(
      "published vs measured: the paper's values beside this machine's (here: the median over "
      "launches of the per-launch statistic, 95% CI; ratio: here / published)\n"
      "  this machine: {}\n",
      m.name.empty() ? or_unstated(m.cpu_model) + ", " + or_unstated(m.mpi_library) : m.name);
  const PublishedValue* last = nullptr;
  for (const auto& c : rows) {
    const PublishedValue& v = c.value;
    if (last == nullptr || last->id != v.id) {
      std::string paper;
      for (const std::string& text : {v.machine, v.mpi, processes_text(v.procs)})
        if (!text.empty()) paper += (paper.empty() ? "" : "; ") + text;
      out += fmt::format("  {} ({}) {}: published {}{}\n", v.id, v.source, v.selection,
                         v.has_value() ? published_text(v) + " " + v.unit : "no number",
                         paper.empty() ? "" : " (" + paper + ")");
      if (!v.has_value() && !v.note.empty()) out += "      note: " + v.note + "\n";
    }
    last = &v;
    if (c.job.empty()) {
      out += "      here: not measured (no job of this folder matches)\n";
      continue;
    }
    std::string line = fmt::format("      here: {}: {}, {} processes, {} launch{}", c.job,
                                   measured_text(c), c.np, c.launches, c.launches == 1 ? "" : "es");
    if (!std::isnan(c.ratio)) line += "; ratio " + number_text(c.ratio, kRatioStyle);
    if (!c.noise.empty()) line += "; noise: " + c.noise;
    out += line + "\n";
  }
  return out;
}

}  // namespace metron::analysis
