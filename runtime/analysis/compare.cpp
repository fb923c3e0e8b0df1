// Job-by-job comparisons of per-launch medians (see compare.h).
#include "runtime/analysis/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "runtime/analysis/analysis.h"
#include "runtime/output/csv_writer.h"
#include "runtime/stats/descriptive.h"
#include "runtime/stats/wilcoxon.h"

namespace metron::analysis {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> medians(const JobSeries& s) {
  std::vector<double> v;
  for (const auto& l : s.launches) v.push_back(l.median_s);
  return v;
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

Comparison compare_samples(std::vector<double> a, std::vector<double> b, const CompareOptions& o) {
  Comparison c;
  c.a = std::move(a);
  c.b = std::move(b);
  c.median_a = stats::median(c.a);
  c.median_b = stats::median(c.b);
  c.ratio = c.median_a > 0 ? c.median_b / c.median_a : kNaN;
  c.p_value = kNaN;
  stats::WilcoxonOptions wo;
  wo.alternative = o.alternative;
  if (auto r = stats::wilcoxon_rank_sum(c.a, c.b, wo)) {
    c.tested = true;
    c.w = r->statistic;
    c.p_value = r->p_value;
    c.exact = r->method == stats::WilcoxonMethod::Exact;
    c.significant = !std::isnan(c.p_value) && c.p_value <= o.alpha;
  }
  c.can_reject = min_attainable_p(c.a.size(), c.b.size(), o.alternative) <= o.alpha;
  return c;
}

std::vector<Comparison> compare_results(const ResultsData& a, const ResultsData& b,
                                        const CompareOptions& o, std::size_t* unmatched) {
  std::map<std::string, const JobSeries*> in_b;
  for (const auto& s : b.jobs) in_b[s.key.text()] = &s;
  std::vector<Comparison> out;
  std::size_t missing = 0;
  for (const auto& s : a.jobs) {
    auto it = in_b.find(s.key.text());
    if (it == in_b.end()) {
      ++missing;
      continue;
    }
    Comparison c = compare_samples(medians(s), medians(*it->second), o);
    c.key = s.key;
    out.push_back(std::move(c));
    in_b.erase(it);
  }
  if (unmatched) *unmatched = missing + in_b.size();
  return out;
}

std::vector<Comparison> compare_levels(const ResultsData& d, const std::string& factor,
                                       const CompareOptions& o, std::string& error) {
  if (std::find(d.factor_names.begin(), d.factor_names.end(), factor) == d.factor_names.end()) {
    error = "no launch factor '" + factor + "' in '" + d.dir + "'";
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
        for (const auto& l : f.value("levels", std::vector<std::string>{}))
          if (std::find(levels.begin(), levels.end(), l) != levels.end()) declared.push_back(l);
        if (declared.size() == levels.size()) levels = declared;
      }
  if (levels.size() < 2) {
    error = "launch factor '" + factor + "' has fewer than two levels in '" + d.dir + "'";
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
      c.skip_factor = factor;
      c.level_a = levels[0];
      c.level_b = levels[lv];
      out.push_back(std::move(c));
    }
  }
  return out;
}

std::string comparison_table(const std::vector<Comparison>& cs, const CompareOptions& o,
                             const std::string& name_a, const std::string& name_b) {
  std::string out;
  const char* alt = alternative_name(o.alternative);
  std::string meaning = o.alternative == stats::Alternative::Less      ? " (A faster than B)"
                        : o.alternative == stats::Alternative::Greater ? " (A slower than B)"
                                                                       : "";
  out += fmt::format("A: {}\nB: {}\n", name_a, name_b);
  out += fmt::format(
      "Wilcoxon rank-sum test on the per-launch medians, alternative: {}{}, alpha = {}\n", alt,
      meaning, o.alpha);
  if (cs.empty()) return out + "no jobs in common\n";
  std::size_t width = 3;
  for (const auto& c : cs) width = std::max(width, c.key.label(c.skip_factor).size());
  bool levels = !cs.front().skip_factor.empty();
  std::size_t lw = 0;
  if (levels)
    for (const auto& c : cs) lw = std::max({lw, c.level_a.size() + c.level_b.size() + 4});
  std::string block;
  bool first = true, few = false;
  for (const auto& c : cs) {
    if (first || c.key.block != block) {
      block = c.key.block;
      out += fmt::format("\nblock \"{}\"\n", block);
      out += fmt::format("  {:<{}}  ", "job", width);
      if (levels) out += fmt::format("{:<{}}  ", "A vs B", lw);
      out += fmt::format("{:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:>9}  {:<3}\n", "nA", "nB", "A us",
                         "B us", "B/A", "p", "");
      first = false;
    }
    out += fmt::format("  {:<{}}  ", c.key.label(c.skip_factor), width);
    if (levels) out += fmt::format("{:<{}}  ", c.level_a + " vs " + c.level_b, lw);
    std::string p = c.tested && !std::isnan(c.p_value) ? fmt::format("{:.3g}", c.p_value) : "-";
    std::string ratio = std::isnan(c.ratio) ? "-" : fmt::format("{:.3f}", c.ratio);
    out += fmt::format("{:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:>9}  {:<3}\n", c.a.size(), c.b.size(),
                       format_us(c.median_a), format_us(c.median_b), ratio, p,
                       c.can_reject ? stars(c.p_value) : "(n)");
    few = few || !c.can_reject;
  }
  out +=
      "\nA us, B us: median of the per-launch medians; * p <= 0.05, ** p <= 0.01, *** p <= "
      "0.001\n";
  if (few)
    out += fmt::format(
        "(n): too few launches for this test to ever reach p <= {} (at 0.05: 3 launches per side "
        "for a one-sided test, 4 for a two-sided one)\n",
        o.alpha);
  return out;
}

bool write_comparison_csv(const std::string& path, const std::vector<Comparison>& cs,
                          const CompareOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = "cannot write '" + path + "'";
    return false;
  }
  w.header({"block",  "op",          "bytes",   "comm_size", "vars",  "factors",    "occurrence",
            "factor", "level_a",     "level_b", "n_a",       "n_b",   "median_a_s", "median_b_s",
            "ratio",  "alternative", "w",       "p_value",   "exact", "stars",      "significant"});
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
    w.field(stars(c.p_value)).field(c.significant);
    w.end_row();
  }
  w.flush();
  return true;
}

std::string verdict(const Comparison& c) {
  if (!c.tested || std::isnan(c.p_value) || !c.can_reject) return "untested";
  return c.significant ? "differs" : "reproduced";
}

std::string verdict_table(const std::vector<Comparison>& cs, const CompareOptions& o) {
  std::string out;
  std::size_t width = 3;
  for (const auto& c : cs) width = std::max(width, c.key.label().size());
  std::size_t counts[3] = {0, 0, 0};
  std::string block;
  bool first = true;
  for (const auto& c : cs) {
    if (first || c.key.block != block) {
      block = c.key.block;
      out += fmt::format("{}block \"{}\"\n", first ? "" : "\n", block);
      out += fmt::format("  {:<{}}  {:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:>9}  {}\n", "job", width,
                         "nOld", "nNew", "recorded", "replayed", "new/old", "p", "verdict");
      first = false;
    }
    std::string v = verdict(c);
    counts[v == "reproduced" ? 0 : v == "differs" ? 1 : 2]++;
    std::string p = c.tested && !std::isnan(c.p_value) ? fmt::format("{:.3g}", c.p_value) : "-";
    std::string ratio = std::isnan(c.ratio) ? "-" : fmt::format("{:.3f}", c.ratio);
    out += fmt::format("  {:<{}}  {:>4} {:>4}  {:>10}  {:>10}  {:>7}  {:>9}  {}{}\n", c.key.label(),
                       width, c.a.size(), c.b.size(), format_us(c.median_a), format_us(c.median_b),
                       ratio, p, v, c.significant ? " " + stars(c.p_value) : "");
  }
  out += fmt::format(
      "\n{} reproduced, {} differ, {} untested (two-sided Wilcoxon rank-sum on per-launch "
      "medians, alpha = {}; times in us: median of the per-launch medians; untested: no data, "
      "or too few launches for p to reach alpha: at least 4 per side at 0.05)\n",
      counts[0], counts[1], counts[2], o.alpha);
  return out;
}

}  // namespace metron::analysis
