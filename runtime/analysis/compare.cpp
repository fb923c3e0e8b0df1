// Job-by-job comparisons of per-launch medians (see compare.h).
#include "runtime/analysis/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/job_labels.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/equivalence.h"
#include "runtime/stats/hodges_lehmann.h"
#include "runtime/stats/launch_planner.h"
#include "runtime/stats/signed_rank.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::analysis {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> medians(const JobSeries& s) {
  std::vector<double> v;
  for (const auto& l : s.launches) v.push_back(l.median_s);
  return v;
}

// What pairs a job of op A with a job of op B: everything but block and op.
std::string pair_text(JobKey k) {
  k.block.clear();
  k.op.clear();
  return k.text();
}

std::string factor_list(const ResultsData& d) {
  std::string s;
  for (const auto& f : d.factor_names) s += (s.empty() ? "'" : ", '") + f + "'";
  return s;
}

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

std::optional<stats::Alternative> parse_alternative(const std::string& s) {
  if (s == "two-sided" || s == "two.sided") return stats::Alternative::TwoSided;
  if (s == "less") return stats::Alternative::Less;
  if (s == "greater") return stats::Alternative::Greater;
  return std::nullopt;
}

const char* alternative_name(stats::Alternative a) {
  switch (a) {
    case stats::Alternative::Less:
      return "less";
    case stats::Alternative::Greater:
      return "greater";
    default:
      return "two-sided";
  }
}

std::optional<double> parse_margin(const std::string& s) {
  if (s.empty()) return std::nullopt;
  bool percent = s.back() == '%';
  std::string num = percent ? s.substr(0, s.size() - 1) : s;
  try {
    std::size_t used = 0;
    double v = std::stod(num, &used);
    if (used != num.size()) return std::nullopt;
    if (percent) v /= 100;
    if (v > 0 && v < 1) return v;
  } catch (...) {
  }
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> parse_pair(const std::string& s) {
  auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == s.size() ||
      s.find('=', eq + 1) != std::string::npos)
    return std::nullopt;
  return std::make_pair(s.substr(0, eq), s.substr(eq + 1));
}

double min_attainable_p(std::size_t m, std::size_t n, stats::Alternative alternative) {
  if (m == 0 || n == 0) return 1.0;
  // C(m + n, m) as a double, by the product formula (exact far beyond any launch count).
  std::size_t k = std::min(m, n);
  double c = 1.0;
  for (std::size_t i = 1; i <= k; ++i)
    c = c * static_cast<double>(m + n - k + i) / static_cast<double>(i);
  double p = 1.0 / c;
  return alternative == stats::Alternative::TwoSided ? std::min(1.0, 2 * p) : p;
}

namespace {

// The verdict of one comparison whose p-values are already adjusted; `level` is the smallest
// level the correction compares a p-value with (alpha / m for Holm and BH).
void apply_verdict(Comparison& c, const CompareOptions& o, double level) {
  c.significant = !std::isnan(c.p_adjusted) && c.p_adjusted <= o.alpha;
  const bool two_sided = o.alternative == stats::Alternative::TwoSided;
  c.decidable = c.tested && stats::decidable(c.a.size(), c.b.size(), level, c.paired, two_sided);
  stats::VerdictInputs in;
  in.p_difference = c.p_adjusted;
  in.p_equivalence = c.p_equivalence_adjusted;
  in.alpha = o.alpha;
  in.decidable = c.decidable;
  c.verdict = stats::decide(in);
  c.launches_needed.reset();
  c.undecided = Undecided::Planned;
  if (o.strict && c.noise.any()) {
    c.verdict = stats::Verdict::Inconclusive;
    c.undecided = Undecided::NoisyStrict;
    return;
  }
  if (c.verdict != stats::Verdict::Inconclusive) return;
  if (!c.tested) {
    c.undecided = Undecided::NotTested;
    return;
  }
  const double s = c.paired ? stats::sd_log_ratio(c.b, c.a) : stats::pooled_sd_log(c.a, c.b);
  const double theta = std::log(c.ratio_hl);
  c.launches_needed = stats::launches_needed(s, theta, o.margin, level, o.power, c.paired,
                                             std::min(c.a.size(), c.b.size()));
  // No count: the planner had nothing to plan from, or no count up to its limit decides it.
  if (!c.launches_needed)
    c.undecided = !std::isfinite(theta) ? Undecided::NoEffect
                  : !std::isfinite(s)   ? Undecided::NoSpread
                                        : Undecided::OnBound;
}

}  // namespace

Comparison compare_samples(std::vector<double> a, std::vector<double> b, const CompareOptions& o,
                           bool paired) {
  Comparison c;
  c.a = std::move(a);
  c.b = std::move(b);
  c.paired = paired && c.a.size() == c.b.size();
  c.median_a = stats::median(c.a);
  c.median_b = stats::median(c.b);
  c.ratio = c.median_a > 0 ? c.median_b / c.median_a : kNaN;
  c.p_value = c.p_equivalence = kNaN;
  c.shift_s = c.shift_lo_s = c.shift_hi_s = kNaN;
  c.ratio_hl = c.ratio_lo = c.ratio_hi = c.ci_level = kNaN;
  stats::WilcoxonOptions wo;
  wo.alternative = o.alternative;
  stats::ShiftOptions so;
  so.conf_level = 1 - o.alpha;
  std::optional<stats::ShiftEstimate> shift, ratio;
  std::optional<stats::TostResult> tost;
  if (c.paired) {
    std::vector<double> a_minus_b, b_minus_a, log_ratio;
    bool positive = true;
    for (std::size_t i = 0; i < c.a.size(); ++i) {
      a_minus_b.push_back(c.a[i] - c.b[i]);
      b_minus_a.push_back(c.b[i] - c.a[i]);
      positive = positive && c.a[i] > 0 && c.b[i] > 0;
      log_ratio.push_back(positive ? std::log(c.b[i]) - std::log(c.a[i]) : kNaN);
    }
    if (auto r = stats::wilcoxon_signed_rank(a_minus_b, wo)) {
      c.tested = true;
      c.w = r->statistic;
      c.p_value = r->p_value;
      c.exact = r->method == stats::WilcoxonMethod::Exact;
    }
    shift = stats::signed_rank_pseudomedian(b_minus_a, so);
    if (positive) {
      ratio = stats::signed_rank_pseudomedian(log_ratio, so);
      if (ratio) {
        ratio->estimate = std::exp(ratio->estimate);
        ratio->lower = std::exp(ratio->lower);
        ratio->upper = std::exp(ratio->upper);
      }
    }
    tost = stats::tost_ratio_signed_rank(c.b, c.a, o.margin);
    const double sides = o.alternative == stats::Alternative::TwoSided ? 2.0 : 1.0;
    c.can_reject =
        !c.a.empty() && sides * std::pow(0.5, static_cast<double>(c.a.size())) <= o.alpha;
  } else {
    if (auto r = stats::wilcoxon_rank_sum(c.a, c.b, wo)) {
      c.tested = true;
      c.w = r->statistic;
      c.p_value = r->p_value;
      c.exact = r->method == stats::WilcoxonMethod::Exact;
    }
    shift = stats::hodges_lehmann_shift(c.b, c.a, so);
    ratio = stats::hodges_lehmann_ratio(c.b, c.a, so);
    tost = stats::tost_ratio_rank_sum(c.b, c.a, o.margin);
    c.can_reject = min_attainable_p(c.a.size(), c.b.size(), o.alternative) <= o.alpha;
  }
  if (shift) {
    c.shift_s = shift->estimate;
    c.shift_lo_s = shift->lower;
    c.shift_hi_s = shift->upper;
    c.ci_level = shift->conf_level;
  }
  if (ratio) {
    c.ratio_hl = ratio->estimate;
    c.ratio_lo = ratio->lower;
    c.ratio_hi = ratio->upper;
  }
  if (tost) c.p_equivalence = tost->p_value;
  c.p_adjusted = c.p_value;
  c.p_equivalence_adjusted = c.p_equivalence;
  apply_verdict(c, o, o.alpha);
  return c;
}

void adjust_and_decide(std::vector<Comparison>& cs, const CompareOptions& o) {
  std::vector<double> p, pe;
  for (const auto& c : cs) {
    p.push_back(c.p_value);
    pe.push_back(c.p_equivalence);
  }
  const auto pa = stats::p_adjust(p, o.adjust);
  const auto pea = stats::p_adjust(pe, o.adjust);
  std::size_t m = 0;
  for (double v : p) m += std::isnan(v) ? 0 : 1;
  // Both corrections compare the smallest p-value with alpha / m: a job is decidable when its
  // exact test can get there.
  const double level = o.adjust == stats::PAdjust::None
                           ? o.alpha
                           : o.alpha / static_cast<double>(std::max<std::size_t>(m, 1));
  for (std::size_t i = 0; i < cs.size(); ++i) {
    cs[i].p_adjusted = pa[i];
    cs[i].p_equivalence_adjusted = pea[i];
    apply_verdict(cs[i], o, level);
  }
}

std::vector<Comparison> compare_results(const ResultsData& a, const ResultsData& b,
                                        const CompareOptions& o, std::size_t* unmatched) {
  std::vector<Comparison> out;
  std::size_t missing = 0;
  if (o.pairs.empty()) {
    std::map<std::string, const JobSeries*> in_b;
    for (const auto& s : b.jobs) in_b[s.key.text()] = &s;
    for (const auto& s : a.jobs) {
      auto it = in_b.find(s.key.text());
      if (it == in_b.end()) {
        ++missing;
        continue;
      }
      Comparison c = compare_samples(medians(s), medians(*it->second), o);
      c.key = s.key;
      c.noise = noise_of(s);
      c.noise.add(noise_of(*it->second));
      out.push_back(std::move(c));
      in_b.erase(it);
    }
    missing += in_b.size();
  } else {
    for (const auto& [op_a, op_b] : o.pairs) {
      std::map<std::string, const JobSeries*> in_b;
      for (const auto& s : b.jobs)
        if (s.key.op == op_b) in_b[pair_text(s.key)] = &s;
      for (const auto& s : a.jobs) {
        if (s.key.op != op_a) continue;
        auto it = in_b.find(pair_text(s.key));
        if (it == in_b.end()) {
          ++missing;
          continue;
        }
        Comparison c = compare_samples(medians(s), medians(*it->second), o);
        c.key = s.key;
        c.op_b = op_b;
        c.noise = noise_of(s);
        c.noise.add(noise_of(*it->second));
        out.push_back(std::move(c));
        in_b.erase(it);
      }
      missing += in_b.size();
    }
  }
  adjust_and_decide(out, o);
  if (unmatched) *unmatched = missing;
  return out;
}

std::vector<Comparison> compare_levels(const ResultsData& d, const std::string& factor,
                                       const CompareOptions& o, std::string& error) {
  if (std::find(d.factor_names.begin(), d.factor_names.end(), factor) == d.factor_names.end()) {
    error = d.factor_names.empty()
                ? message_text(DiagId::no_launch_factors, factor, d.dir)
                : message_text(DiagId::no_launch_factor, factor, d.dir, factor_list(d));
    return {};
  }
  std::vector<std::string> levels;
  for (const auto& s : d.jobs) {
    std::string v = s.key.factor(factor);
    if (std::find(levels.begin(), levels.end(), v) == levels.end()) levels.push_back(v);
  }
  // The manifest's level order is the script's; prefer it to the order of appearance.
  if (d.manifest.contains("design"))
    for (const auto& f : d.manifest["design"].value("factors", nlohmann::json::array()))
      if (f.value("name", "") == factor) {
        std::vector<std::string> declared;
        for (const auto& j : f.value("levels", nlohmann::json::array())) {
          const std::string l = j.is_string() ? j.get<std::string>() : j.dump();
          if (std::find(levels.begin(), levels.end(), l) != levels.end()) declared.push_back(l);
        }
        if (declared.size() == levels.size()) levels = declared;
      }
  if (levels.size() < 2) {
    error = message_text(DiagId::factor_one_level, factor, d.dir);
    return {};
  }
  std::vector<Comparison> out;
  for (std::size_t lv = 1; lv < levels.size(); ++lv) {
    std::map<std::string, const JobSeries*> base;
    for (const auto& s : d.jobs)
      if (s.key.factor(factor) == levels[0]) base[s.key.text(factor)] = &s;
    for (const auto& s : d.jobs) {
      if (s.key.factor(factor) != levels[lv]) continue;
      auto it = base.find(s.key.text(factor));
      if (it == base.end()) continue;
      Comparison c = compare_samples(medians(*it->second), medians(s), o);
      c.key = it->second->key;
      c.noise = noise_of(*it->second);
      c.noise.add(noise_of(s));
      c.skip_factor = factor;
      c.level_a = levels[0];
      c.level_b = levels[lv];
      out.push_back(std::move(c));
    }
  }
  adjust_and_decide(out, o);
  return out;
}

std::vector<Comparison> compare_paired_ops(const ResultsData& d, const CompareOptions& o,
                                           std::string& error) {
  std::vector<Comparison> out;
  for (const auto& [op_a, op_b] : o.pairs) {
    std::map<std::string, const JobSeries*> in_b;
    for (const auto& s : d.jobs)
      if (s.key.op == op_b) in_b[pair_text(s.key)] = &s;
    std::size_t found = 0;
    for (const auto& s : d.jobs) {
      if (s.key.op != op_a) continue;
      auto it = in_b.find(pair_text(s.key));
      if (it == in_b.end()) continue;
      ++found;
      // Launch by launch: only launches in which both jobs have a value.
      std::map<std::int64_t, const LaunchValue*> b_by_launch;
      for (const auto& l : it->second->launches) b_by_launch[l.launch] = &l;
      std::vector<double> a, b;
      NoiseSummary noise;
      for (const auto& l : s.launches)
        if (auto jt = b_by_launch.find(l.launch); jt != b_by_launch.end()) {
          a.push_back(l.median_s);
          b.push_back(jt->second->median_s);
          noise.add(l);
          noise.add(*jt->second);
        }
      Comparison c = compare_samples(std::move(a), std::move(b), o, true);
      c.noise = noise;
      c.paired = true;
      c.key = s.key;
      c.op_b = op_b;
      out.push_back(std::move(c));
    }
    if (found == 0) {
      error = message_text(DiagId::no_paired_jobs, op_a, op_b, d.dir);
      return {};
    }
  }
  adjust_and_decide(out, o);
  return out;
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

bool write_comparison_csv(const std::string& path, const std::vector<Comparison>& cs,
                          const CompareOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"block",
            "op",
            "bytes",
            "comm_size",
            "vars",
            "factors",
            "occurrence",
            "factor",
            "level_a",
            "level_b",
            "n_a",
            "n_b",
            "median_a_s",
            "median_b_s",
            "ratio",
            "alternative",
            "w",
            "p_value",
            "exact",
            "stars",
            "significant",
            "p_adjusted",
            "p_adjust",
            "ratio_hl",
            "ratio_lo",
            "ratio_hi",
            "shift_s",
            "shift_lo_s",
            "shift_hi_s",
            "ci_level",
            "margin",
            "p_equivalence",
            "p_equivalence_adjusted",
            "paired",
            "op_b",
            "verdict",
            "launches_needed",
            "noise",
            "noise_launches"});
  for (const auto& c : cs) {
    w.field(c.key.block).field(c.key.op).field(c.key.bytes).field(c.key.comm_size);
    // name=value pairs joined by ';' so that the cell needs no quoting in the usual case.
    std::string vars, factors;
    for (const auto& [k, v] : c.key.vars) vars += (vars.empty() ? "" : ";") + k + "=" + v;
    for (const auto& [k, v] : c.key.factors)
      if (k != c.skip_factor) factors += (factors.empty() ? "" : ";") + k + "=" + v;
    w.field(vars).field(factors).field(c.key.occurrence);
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

int jobs_exit_code(const std::vector<Comparison>& cs) {
  bool undecided = false;
  for (const auto& c : cs) {
    if (c.verdict == stats::Verdict::Differs) return kExitReplayDiffers;
    undecided = undecided || c.verdict == stats::Verdict::Inconclusive;
  }
  return undecided ? kExitReplayUndecided : kExitOk;
}

}  // namespace metron::analysis
