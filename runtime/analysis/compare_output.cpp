// The tables and the CSV of a comparison (see compare.h). Only formats; the numbers come from
// compare_statistics.cpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/job_labels.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

std::string fmt_ratio(double r) {
  return std::isnan(r) ? "-" : fmt::format("{:.3f}", r);
}

// "1.030 [1.020, 1.041]"; the level is added when R reports a lower one than asked for (too few
// launches for 1 - alpha): "1.000 [0.998, 1.002] at 90%".
std::string effect_cell(const Comparison& c, double alpha) {
  if (std::isnan(c.ratio_hl)) return "-";
  std::string ci = std::isnan(c.ratio_lo)
                       ? ""
                       : " [" + fmt_ratio(c.ratio_lo) + ", " + fmt_ratio(c.ratio_hi) + "]";
  // One launch per side: R reports an interval of one point at 0%, which says nothing.
  if (!(c.ci_level >= 0.5)) ci.clear();
  if (!ci.empty() && c.ci_level < 1 - alpha - 1e-9)
    ci += fmt::format(" at {:.0f}%", 100 * c.ci_level);
  return fmt_ratio(c.ratio_hl) + ci;
}

// The verdict with its qualification: launches with noise flags behind it get the mark (and,
// under --strict, no launch count: more launches on the same machine would not decide it).
std::string verdict_cell(const Comparison& c, bool strict) {
  std::string v = stats::verdict_name(c.verdict);
  if (c.verdict == stats::Verdict::Inconclusive && !(strict && c.noise.any()))
    v += " (" + undecided_cell(c.undecided, c.launches_needed) + ")";
  if (c.noise.any()) v += std::string(" ") + kNoiseMark;
  return v;
}

std::vector<NoiseSummary> noise_rows(const std::vector<Comparison>& cs) {
  std::vector<NoiseSummary> out;
  for (const auto& c : cs) out.push_back(c.noise);
  return out;
}

std::string p_cell(double p) {
  return std::isnan(p) ? "-" : fmt::format("{:.3g}", p);
}

std::string margin_text(double m) {
  return fmt::format("+-{:g}%", 100 * m);
}

}  // namespace

std::string stars(double p) {
  if (std::isnan(p)) return "";
  if (p <= 0.001) return "***";
  if (p <= 0.01) return "**";
  if (p <= 0.05) return "*";
  return "";
}

std::string comparison_header(const std::vector<Comparison>& cs, const CompareOptions& o) {
  const char* alt = alternative_name(o.alternative);
  std::string meaning = o.alternative == stats::Alternative::Less      ? " (A faster than B)"
                        : o.alternative == stats::Alternative::Greater ? " (A slower than B)"
                                                                       : "";
  bool paired = !cs.empty() && cs.front().paired;
  std::size_t m = 0;
  for (const auto& c : cs) m += std::isnan(c.p_value) ? 0 : 1;
  std::string out = fmt::format(
      "{}, alternative: {}{}, alpha = {}\n",
      paired ? "Wilcoxon signed-rank test on the per-launch differences (A and B measured in "
               "the same launches)"
             : "Wilcoxon rank-sum test on the per-launch medians",
      alt, meaning, o.alpha);
  const std::string adjusted =
      o.adjust == stats::PAdjust::None
          ? fmt::format("p-values not adjusted ({} job{}, --adjust none)", m, m == 1 ? "" : "s")
          : fmt::format("p-values adjusted across {} job{}: {}", m, m == 1 ? "" : "s",
                        stats::p_adjust_name(o.adjust));
  out += fmt::format("{}; equivalence margin {} (TOST); effect: Hodges-Lehmann B/A with {:g}% CI\n",
                     adjusted, margin_text(o.margin), 100 * (1 - o.alpha));
  return out;
}

std::string comparison_table(const std::vector<Comparison>& cs, const CompareOptions& o,
                             const std::string& name_a, const std::string& name_b) {
  std::string out = fmt::format("A: {}\nB: {}\n", name_a, name_b);
  out += comparison_header(cs, o);
  if (cs.empty()) return out + "no jobs in common\n";
  const std::vector<std::string> labels = compact_job_labels(cs);
  std::size_t width = 3;
  for (const auto& l : labels) width = std::max(width, l.size());
  // The A vs B column only where the pairs of levels differ (a factor of three levels or
  // more): the header names A and B otherwise.
  bool levels = false;
  for (const auto& c : cs)
    levels = levels || c.level_a != cs.front().level_a || c.level_b != cs.front().level_b;
  std::size_t lw = 0;
  if (levels)
    for (const auto& c : cs) lw = std::max({lw, c.level_a.size() + c.level_b.size() + 4});
  std::size_t ew = 12;
  for (const auto& c : cs) ew = std::max(ew, effect_cell(c, o.alpha).size());
  std::string block;
  bool first = true, few = false;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const Comparison& c = cs[i];
    if (first || c.key.block != block) {
      block = c.key.block;
      out += fmt::format("\nblock \"{}\"\n", block);
      out += fmt::format("  {:<{}}  ", "job", width);
      if (levels) out += fmt::format("{:<{}}  ", "A vs B", lw);
      out += fmt::format("{:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:<{}}  {:>9}  {:>9}  {:<3}  {}\n",
                         "nA", "nB", "A us", "B us", "B/A", "HL B/A [CI]", ew, "p",
                         std::string("p ") + stats::p_adjust_name(o.adjust), "", "verdict");
      first = false;
    }
    out += fmt::format("  {:<{}}  ", labels[i], width);
    if (levels) out += fmt::format("{:<{}}  ", c.level_a + " vs " + c.level_b, lw);
    out += fmt::format("{:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:<{}}  {:>9}  {:>9}  {:<3}  {}\n",
                       c.a.size(), c.b.size(), format_us(c.median_a), format_us(c.median_b),
                       fmt_ratio(c.ratio), effect_cell(c, o.alpha), ew,
                       c.tested ? p_cell(c.p_value) : "-", c.tested ? p_cell(c.p_adjusted) : "-",
                       c.can_reject ? stars(c.p_adjusted) : "(n)", verdict_cell(c, o.strict));
    few = few || !c.can_reject;
  }
  out +=
      "\nA us, B us: median of the per-launch medians; B/A: their ratio; HL B/A: Hodges-Lehmann "
      "estimate of the ratio with its CI; * p <= 0.05, ** p <= 0.01, *** p <= 0.001 (adjusted)\n";
  if (few)
    out += fmt::format(
        "(n): too few launches for this test to ever reach p <= {} (at 0.05: 3 launches per side "
        "for a one-sided test, 4 for a two-sided one; paired: 5 and 6)\n",
        o.alpha);
  out += noise_footer(noise_rows(cs), true, o.strict);
  return out;
}

namespace {

// comparison.csv's columns (docs/output.md), a line for each line of write_row.
// clang-format off
const std::vector<std::string> kComparisonColumns = {
    "block", "op", "bytes", "comm_size",
    "vars", "factors",
    "occurrence",
    "factor", "level_a", "level_b",
    "n_a", "n_b",
    "median_a_s", "median_b_s", "ratio",
    "alternative",
    "w", "p_value", "exact",
    "stars", "significant",
    "p_adjusted", "p_adjust",
    "ratio_hl", "ratio_lo", "ratio_hi",
    "shift_s", "shift_lo_s", "shift_hi_s", "ci_level",
    "margin", "p_equivalence", "p_equivalence_adjusted",
    "paired", "op_b", "verdict",
    "launches_needed",
    "noise", "noise_launches"};
// clang-format on

// name=value pairs joined by ';' so that the cell needs no quoting in the usual case.
template <typename Pairs>
std::string pairs_cell(const Pairs& pairs, const std::string* skip = nullptr) {
  std::string s;
  for (const auto& [k, v] : pairs)
    if (!skip || k != *skip) s += (s.empty() ? "" : ";") + k + "=" + v;
  return s;
}

void write_row(out::CsvWriter& w, const Comparison& c, const CompareOptions& o) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  w.field(c.key.block).field(c.key.op).field(c.key.bytes).field(c.key.comm_size);
  w.field(pairs_cell(c.key.vars)).field(pairs_cell(c.key.factors, &c.skip_factor));
  w.field(c.key.occurrence);
  w.field(c.skip_factor).field(c.level_a).field(c.level_b);
  w.field(static_cast<std::int64_t>(c.a.size())).field(static_cast<std::int64_t>(c.b.size()));
  w.field(c.median_a).field(c.median_b).field(c.ratio);
  w.field(std::string_view(alternative_name(o.alternative)));
  w.field(c.tested ? c.w : kNaN).field(c.p_value).field(c.exact);
  w.field(stars(c.p_adjusted)).field(c.significant);
  w.field(c.p_adjusted).field(std::string_view(stats::p_adjust_name(o.adjust)));
  w.field(c.ratio_hl).field(c.ratio_lo).field(c.ratio_hi);
  w.field(c.shift_s).field(c.shift_lo_s).field(c.shift_hi_s).field(c.ci_level);
  w.field(o.margin).field(c.p_equivalence).field(c.p_equivalence_adjusted);
  w.field(c.paired).field(c.op_b).field(std::string_view(stats::verdict_name(c.verdict)));
  if (c.launches_needed)
    w.field(static_cast<std::int64_t>(*c.launches_needed));
  else
    w.field(std::string_view(""));
  w.field(c.noise.kinds_text()).field(static_cast<std::int64_t>(c.noise.flagged));
  w.end_row();
}

}  // namespace

bool write_comparison_csv(const std::string& path, const std::vector<Comparison>& cs,
                          const CompareOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header(kComparisonColumns);
  for (const auto& c : cs) write_row(w, c, o);
  return w.close(error);
}

std::string verdict_table(const std::vector<Comparison>& cs, const CompareOptions& o) {
  std::string out = comparison_header(cs, o);
  const std::vector<std::string> labels = compact_job_labels(cs);
  std::size_t width = 3;
  for (const auto& l : labels) width = std::max(width, l.size());
  std::size_t ew = 12;
  for (const auto& c : cs) ew = std::max(ew, effect_cell(c, o.alpha).size());
  std::size_t counts[4] = {0, 0, 0, 0};
  std::string block;
  bool first = true;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const Comparison& c = cs[i];
    if (first || c.key.block != block) {
      block = c.key.block;
      out += fmt::format("\nblock \"{}\"\n", block);
      out += fmt::format("  {:<{}}  {:>4} {:>4}  {:>10}  {:>10}  {:<{}}  {:>9}  {}\n", "job", width,
                         "nOld", "nNew", "recorded", "replayed", "new/old [CI]", ew,
                         std::string("p ") + stats::p_adjust_name(o.adjust), "verdict");
      first = false;
    }
    counts[static_cast<int>(c.verdict)]++;
    out += fmt::format("  {:<{}}  {:>4} {:>4}  {:>10}  {:>10}  {:<{}}  {:>9}  {}\n", labels[i],
                       width, c.a.size(), c.b.size(), format_us(c.median_a), format_us(c.median_b),
                       effect_cell(c, o.alpha), ew, c.tested ? p_cell(c.p_adjusted) : "-",
                       verdict_cell(c, o.strict));
  }
  using stats::Verdict;
  out += fmt::format(
      "\n{} equivalent, {} differ, {} differ within margin, {} inconclusive\n"
      "times in us: median of the per-launch medians; new/old: Hodges-Lehmann ratio with its CI; "
      "(need N launches per side): what would decide the job (docs/methodology.md)\n",
      counts[static_cast<int>(Verdict::Equivalent)], counts[static_cast<int>(Verdict::Differs)],
      counts[static_cast<int>(Verdict::DiffersWithinMargin)],
      counts[static_cast<int>(Verdict::Inconclusive)]);
  out += noise_footer(noise_rows(cs), true, o.strict);
  return out;
}

}  // namespace metron::analysis
