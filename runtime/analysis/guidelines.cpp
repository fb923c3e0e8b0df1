// Checking `expect` guidelines on per-launch medians (see guidelines.h).
#include "runtime/analysis/guidelines.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/compare.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/stats/launch_planner.h"
#include "runtime/stats/verdict.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string factors_text(const std::vector<std::pair<std::string, std::string>>& f) {
  std::string out;
  for (const auto& [k, v] : f) out += (out.empty() ? "" : ";") + k + "=" + v;
  return out;
}

// The two sides of one check: the same check id within the same launch-factor levels (job ids
// are per plan, and the plan changes with the process count).
std::string pair_key(const JobSeries& s) {
  return std::to_string(s.guideline_check) + '\x1e' + factors_text(s.key.factors);
}

// One check from its two series: the launches both have, in launch order.
GuidelineCheck make_check(const JobSeries& l, const JobSeries& r, const GuidelineOptions& o) {
  GuidelineCheck c;
  c.guideline = l.guideline;
  c.op_lhs = l.key.op;
  c.op_rhs = r.key.op;
  c.factor = r.guideline_factor;
  c.bytes = l.key.bytes;
  c.bytes_rhs = r.key.bytes;
  c.comm_size = l.key.comm_size;
  c.vars = l.key.vars;
  c.factors = l.key.factors;
  std::map<std::int64_t, const LaunchValue*> rhs;
  for (const auto& v : r.launches) rhs[v.launch] = &v;
  std::vector<double> scaled;
  for (const auto& v : l.launches)
    if (auto it = rhs.find(v.launch); it != rhs.end()) {
      c.lhs.push_back(v.median_s);
      c.rhs.push_back(it->second->median_s);
      scaled.push_back(c.factor * it->second->median_s);
      c.noise.add(v);
      c.noise.add(*it->second);
    }
  // A = k * B (the bound), B = the left side: compare_samples' ratio B / A is the slowdown,
  // and "less" tests A - B < 0 launch by launch, i.e. the left side is slower.
  CompareOptions co;
  co.alternative = stats::Alternative::Less;
  co.alpha = o.alpha;
  co.margin = o.margin;
  co.adjust = o.adjust;
  Comparison cmp = compare_samples(scaled, c.lhs, co, /*paired=*/true);
  c.median_lhs = cmp.median_b;
  c.median_rhs = c.rhs.empty() ? kNaN : cmp.median_a / c.factor;
  c.ratio = cmp.ratio_hl;
  c.ratio_lo = cmp.ratio_lo;
  c.ratio_hi = cmp.ratio_hi;
  c.ci_level = cmp.ci_level;
  if (std::isnan(c.ratio)) c.ratio = cmp.ratio;  // e.g. a zero median: the ratio of medians
  c.p_value = cmp.tested ? cmp.p_value : kNaN;
  return c;
}

std::string size_text(std::int64_t b) {
  if (b >= (1 << 20) && b % (1 << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b >= 1024 && b % 1024 == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

}  // namespace

const char* guideline_verdict_name(GuidelineVerdict v) {
  switch (v) {
    case GuidelineVerdict::Violated:
      return "violated";
    case GuidelineVerdict::WithinMargin:
      return "within_margin";
    case GuidelineVerdict::Holds:
      return "holds";
    case GuidelineVerdict::Undecided:
      break;
  }
  return "undecided";
}

namespace {

// An undecided check: the pairs of launches at which the exact one-sided signed-rank test can
// reach the corrected level (it decides from there: it holds, or it is significantly slower), or
// why no number would.
void plan_undecided(GuidelineCheck& c, double level, const GuidelineOptions& o) {
  c.launches_needed.reset();
  c.undecided = Undecided::Planned;
  if (o.strict && c.noise.any()) {
    c.verdict = GuidelineVerdict::Undecided;
    c.undecided = Undecided::NoisyStrict;
    return;
  }
  if (c.verdict != GuidelineVerdict::Undecided) return;
  if (std::isnan(c.p_value)) {
    c.undecided = c.lhs.empty() ? Undecided::NotTested : Undecided::NoEffect;
    return;
  }
  c.launches_needed = std::max(stats::min_launches_for_level(level, false, true), c.lhs.size() + 1);
}

}  // namespace

std::vector<GuidelineCheck> check_guidelines(const ResultsData& d, const GuidelineOptions& o) {
  std::map<std::string, const JobSeries*> rhs;
  for (const auto& s : d.jobs)
    if (!s.guideline.empty() && s.guideline_side == "rhs") rhs[pair_key(s)] = &s;
  std::vector<GuidelineCheck> cs;
  for (const auto& s : d.jobs) {
    if (s.guideline.empty() || s.guideline_side != "lhs") continue;
    auto it = rhs.find(pair_key(s));
    if (it == rhs.end()) continue;  // the right side failed in every launch
    cs.push_back(make_check(s, *it->second, o));
  }
  std::vector<double> p;
  for (const auto& c : cs) p.push_back(c.p_value);
  const auto pa = stats::p_adjust(p, o.adjust);
  std::size_t m = 0;
  for (double v : p) m += std::isnan(v) ? 0 : 1;
  // Both corrections compare the smallest p-value with alpha / m; a check whose exact test
  // cannot get there would "hold" only for want of launches.
  const double level =
      o.adjust == stats::PAdjust::None || m == 0 ? o.alpha : o.alpha / static_cast<double>(m);
  for (std::size_t i = 0; i < cs.size(); ++i) {
    GuidelineCheck& c = cs[i];
    c.p_adjusted = pa[i];
    const bool significant = !std::isnan(c.p_adjusted) && c.p_adjusted <= o.alpha;
    if (significant)
      c.verdict =
          c.ratio > 1 + o.margin ? GuidelineVerdict::Violated : GuidelineVerdict::WithinMargin;
    else if (!std::isnan(c.p_value) &&
             stats::decidable(c.lhs.size(), c.rhs.size(), level, /*paired=*/true,
                              /*two_sided=*/false))
      c.verdict = GuidelineVerdict::Holds;
    else
      c.verdict = GuidelineVerdict::Undecided;
    plan_undecided(c, level, o);
  }
  return cs;
}

std::string algorithm_variable(const std::string& op) {
  // MPICH 4's collectives with an intra-communicator algorithm selection (MPIR_CVAR_*).
  static const char* const kOps[] = {
      "Bcast",    "Reduce",   "Allreduce", "Reduce_scatter", "Reduce_scatter_block", "Scan",
      "Exscan",   "Gather",   "Gatherv",   "Allgather",      "Allgatherv",           "Scatter",
      "Scatterv", "Alltoall", "Alltoallv", "Barrier"};
  for (const char* k : kOps)
    if (op == k) {
      std::string up;
      for (char ch : op) up += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      return "MPIR_CVAR_" + up + "_INTRA_ALGORITHM";
    }
  return "";
}

void annotate_algorithms(std::vector<GuidelineCheck>& cs, const nlohmann::json& run_manifest,
                         const nlohmann::json& launch_environment) {
  std::map<std::string, std::string> factor_of_env;  // MPIR_CVAR_... -> factor name
  if (run_manifest.is_object() && run_manifest.contains("design") &&
      run_manifest["design"].is_object())
    for (const auto& f : run_manifest["design"].value("factors", nlohmann::json::array()))
      if (f.is_object() && f.contains("env") && f["env"].is_string() && f.contains("name") &&
          f["name"].is_string())
        factor_of_env[f["env"].get<std::string>()] = f["name"].get<std::string>();
  for (auto& c : cs) {
    const std::string var = algorithm_variable(c.op_lhs);
    if (var.empty()) continue;
    if (auto it = factor_of_env.find(var); it != factor_of_env.end()) {
      for (const auto& [k, v] : c.factors)
        if (k == it->second) c.algorithm = var + "=" + v;
    } else if (launch_environment.is_object() && launch_environment.contains(var) &&
               launch_environment[var].is_string()) {
      c.algorithm = var + "=" + launch_environment[var].get<std::string>();
    }
  }
}

std::string tuning_hints(const std::vector<GuidelineCheck>& cs, const GuidelineOptions& o) {
  // MPICH algorithms that have the shape of a mock-up (MPICH 4.0's MPIR_CVAR_*_INTRA_ALGORITHM
  // values), named where the mock-up was faster.
  static const std::map<std::string, std::string> kShape = {
      {"Bcast_using_Scatter_Allgather",
       "scatter_recursive_doubling_allgather or scatter_ring_allgather"},
      {"Allreduce_using_Reduce_scatter_block_Allgather", "reduce_scatter_allgather"},
      {"Reduce_using_Reduce_scatter_block_Gather", "reduce_scatter_gather"},
  };
  std::string out;
  for (const auto& c : cs) {
    if (c.verdict != GuidelineVerdict::Violated) continue;
    std::string vars;
    for (const auto& [k, v] : c.vars) vars += ", " + k + "=" + v;
    for (const auto& [k, v] : c.factors) vars += ", " + k + "=" + v;
    out += fmt::format(
        "{}: {} {} on {} ranks{}: {:.2f}x [{:.2f}, {:.2f}] slower than {}{} {}\n", c.guideline,
        c.op_lhs, size_text(c.bytes), c.comm_size, vars, c.ratio, c.ratio_lo, c.ratio_hi,
        c.factor != 1 ? fmt::format("{:g} x ", c.factor) : "", c.op_rhs, size_text(c.bytes_rhs));
    const std::string var = algorithm_variable(c.op_lhs);
    if (!c.algorithm.empty())
      out += "  algorithm: " + c.algorithm + "\n";
    else if (!var.empty())
      out += "  algorithm: MPICH's own choice (" + var + " was not set)\n";
    if (c.op_lhs == c.op_rhs && c.factor == 1 && c.bytes_rhs > c.bytes)
      out += fmt::format("  hint: pad the message to {} (the larger message is faster)\n",
                         size_text(c.bytes_rhs));
    else if (c.op_lhs == c.op_rhs && c.factor != 1)
      out += fmt::format("  hint: send it as {:g} calls of {}\n", c.factor, size_text(c.bytes_rhs));
    else
      out += "  hint: call " + c.op_rhs + " instead at this size\n";
    if (auto it = kShape.find(c.op_rhs); it != kShape.end() && !var.empty())
      out += "  or set " + var + " to " + it->second + "\n";
  }
  if (out.empty()) return out;
  return fmt::format(
             "# Tuning hints from the violated guidelines (adjusted p <= {}, slower by more than "
             "{:g}%); ratios: Hodges-Lehmann estimate [CI] over the launches "
             "(docs/guidelines.md)\n",
             o.alpha, o.margin * 100) +
         out;
}

bool write_guidelines_csv(const std::string& path, const std::vector<GuidelineCheck>& cs,
                          const GuidelineOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"guideline",     "op",           "op_rhs",     "factor",    "bytes",
            "bytes_rhs",     "comm_size",    "vars",       "factors",   "launches",
            "median_s",      "median_rhs_s", "ratio",      "ratio_lo",  "ratio_hi",
            "ci_level",      "p_value",      "p_adjusted", "p_adjust",  "stars",
            "alpha",         "margin",       "verdict",    "algorithm", "noise",
            "noise_launches"});
  for (const auto& c : cs) {
    w.field(c.guideline).field(c.op_lhs).field(c.op_rhs).field(c.factor);
    w.field(c.bytes).field(c.bytes_rhs).field(c.comm_size);
    w.field(factors_text(c.vars)).field(factors_text(c.factors));
    w.field(static_cast<std::int64_t>(c.lhs.size()));
    w.field(c.median_lhs).field(c.median_rhs);
    w.field(c.ratio).field(c.ratio_lo).field(c.ratio_hi).field(c.ci_level);
    w.field(c.p_value).field(c.p_adjusted);
    w.field(std::string_view(stats::p_adjust_name(o.adjust))).field(stars(c.p_adjusted));
    w.field(o.alpha).field(o.margin);
    w.field(std::string_view(guideline_verdict_name(c.verdict))).field(c.algorithm);
    w.field(c.noise.kinds_text()).field(static_cast<std::int64_t>(c.noise.flagged));
    w.end_row();
  }
  return w.close(error);
}

namespace {

// One row of the guideline table: a guideline at one process count and launch factor levels.
struct GuidelineRow {
  std::string name;
  std::int64_t p = 0;
  std::string factors;
  std::size_t checks = 0, violated = 0, undecided = 0;
  bool noise = false;  // some check's launches carry noise flags
  std::vector<std::int64_t> sizes;
  const GuidelineCheck* worst = nullptr;
};

// The rows, in order of appearance.
std::vector<GuidelineRow> guideline_rows(const std::vector<GuidelineCheck>& cs) {
  std::vector<GuidelineRow> rows;
  std::map<std::string, std::size_t> index;
  for (const auto& c : cs) {
    const std::string f = factors_text(c.factors);
    const std::string key = c.guideline + '\x1e' + std::to_string(c.comm_size) + '\x1e' + f;
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, rows.size()).first;
      GuidelineRow r;
      r.name = c.guideline;
      r.p = c.comm_size;
      r.factors = f;
      rows.push_back(std::move(r));
    }
    GuidelineRow& r = rows[it->second];
    ++r.checks;
    r.noise = r.noise || c.noise.any();
    if (c.verdict == GuidelineVerdict::Undecided) ++r.undecided;
    if (c.verdict != GuidelineVerdict::Violated) continue;
    ++r.violated;
    r.sizes.push_back(c.bytes);
    if (!r.worst || c.ratio > r.worst->ratio) r.worst = &c;
  }
  return rows;
}

// "; (n?): ..." when some check had too few launches to reject after the correction.
std::string undecided_note(const std::vector<GuidelineCheck>& cs, const GuidelineOptions& o) {
  const bool any_undecided = std::any_of(cs.begin(), cs.end(), [](const GuidelineCheck& c) {
    return c.verdict == GuidelineVerdict::Undecided;
  });
  if (!any_undecided) return "";
  // The exact one-sided signed-rank p-value is at least 2^-n with n launches; the correction
  // compares the smallest p with alpha / m.
  std::size_t m = 0;
  for (const auto& c : cs) m += std::isnan(c.p_value) ? 0 : 1;
  const double level =
      o.adjust == stats::PAdjust::None || m == 0 ? o.alpha : o.alpha / static_cast<double>(m);
  const int need = static_cast<int>(std::ceil(-std::log2(level)));
  return fmt::format(
      "; (n?): n checks with too few launches to reject after the correction (at least {} "
      "launches needed; docs/guidelines.md)",
      need);
}

// The violations, one line each, after the table.
std::string violation_lines(const std::vector<GuidelineCheck>& cs) {
  std::string out;
  for (const auto& c : cs) {
    if (c.verdict != GuidelineVerdict::Violated) continue;
    if (out.empty()) out += "violations (times in us: median of the per-launch medians):\n";
    std::string vars;
    for (const auto& [k, v] : c.vars) vars += ", " + k + "=" + v;
    out += fmt::format(
        "  {}: {} {} {}{}: {} > {}{} {} {} ({:.2f}x [{:.2f}, {:.2f}], p {:.2g}{}){}\n", c.guideline,
        c.op_lhs, size_text(c.bytes), c.comm_size, " ranks" + vars, format_us(c.median_lhs),
        c.factor != 1 ? fmt::format("{:g} x ", c.factor) : "", c.op_rhs, size_text(c.bytes_rhs),
        format_us(c.median_rhs), c.ratio, c.ratio_lo, c.ratio_hi, c.p_adjusted, stars(c.p_adjusted),
        c.noise.any() ? std::string(" ") + kNoiseMark : "");
  }
  return out;
}

}  // namespace

std::string guideline_table(const std::vector<GuidelineCheck>& cs, const GuidelineOptions& o) {
  if (cs.empty()) return "";
  const std::vector<GuidelineRow> rows = guideline_rows(cs);
  std::size_t nw = 9, fw = 0;
  for (const auto& r : rows) {
    nw = std::max(nw, r.name.size());
    fw = std::max(fw, r.factors.size());
  }
  std::string out = fmt::format(
      "\nguidelines: one-sided Wilcoxon signed-rank test on per-launch medians (left side "
      "slower), paired by launch; {} over {} checks; violated: adjusted p <= {} and slower by "
      "more than {:g}%\n",
      stats::p_adjust_name(o.adjust), cs.size(), o.alpha, o.margin * 100);
  out += fmt::format("  {:<{}}  {:>5}{}  {:>6}  {:>8}  {:<24}  {}\n", "guideline", nw, "procs",
                     fw ? fmt::format("  {:<{}}", "factors", fw) : "", "checks", "violated",
                     "worst slowdown [CI]", "sizes violated");
  std::size_t bad = 0;
  for (const auto& r : rows) {
    std::string worst = "-";
    if (r.worst)
      worst = fmt::format("{:.2f}x [{:.2f}, {:.2f}]", r.worst->ratio, r.worst->ratio_lo,
                          r.worst->ratio_hi);
    std::string sizes;
    for (std::size_t i = 0; i < r.sizes.size() && i < 6; ++i)
      sizes += (i ? ", " : "") + size_text(r.sizes[i]);
    if (r.sizes.size() > 6) sizes += fmt::format(", ... ({} more)", r.sizes.size() - 6);
    std::string viol = std::to_string(r.violated);
    if (r.undecided) viol += fmt::format(" ({}?)", r.undecided);
    if (r.noise) sizes += sizes.empty() ? kNoiseMark : std::string("  ") + kNoiseMark;
    out +=
        fmt::format("  {:<{}}  {:>5}{}  {:>6}  {:>8}  {:<24}  {}\n", r.name, nw, r.p,
                    fw ? fmt::format("  {:<{}}", r.factors, fw) : "", r.checks, viol, worst, sizes);
    bad += r.violated ? 1 : 0;
  }
  out += fmt::format("{} of {} guidelines violated at some size{}\n", bad, rows.size(),
                     undecided_note(cs, o));
  out += violation_lines(cs);
  std::vector<NoiseSummary> noise;
  for (const auto& c : cs) noise.push_back(c.noise);
  out += noise_footer(noise, true, o.strict);
  return out;
}

}  // namespace metron::analysis
