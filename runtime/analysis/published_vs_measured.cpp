// Published against measured: the values and the machine (see published_vs_measured.h; the CSV
// and the table are in published_output.cpp).
#include "runtime/analysis/published_vs_measured.h"

#include <cmath>
#include <limits>
#include <set>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/claim_tests.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/findings.h"
#include "runtime/analysis/folder_plan.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/results/result_columns.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The statistic of each launch, where it is a positive number (launch_spread: the medians).
std::vector<double> launch_values(const JobSeries& s, ClaimStatistic stat) {
  std::vector<double> out;
  for (const auto& v : s.launches) {
    const double x = stat == ClaimStatistic::Mean           ? v.mean_s
                     : stat == ClaimStatistic::WithinSpread ? v.sd_s / v.mean_s
                                                            : v.median_s;
    if (x > 0 && std::isfinite(x)) out.push_back(x);
  }
  return out;
}

// The bytes one reported time moves, from summary.csv's rate (mb_per_s = bytes / median / 1e6);
// NaN for an operation without a rate (collectives) or without the table.
double bytes_per_time(const JobSeries& s, const CsvTable* summary) {
  if (!summary || !summary->column(col::mb_per_s)) return kNaN;
  for (const auto& v : s.launches) {
    const double mb = cell_double(summary->cell(v.row, col::mb_per_s));
    if (mb > 0 && std::isfinite(mb) && v.median_s > 0) return mb * 1e6 * v.median_s;
  }
  return kNaN;
}

// measured / published, or how far outside a published range.
double ratio_to(const PublishedValue& v, double measured) {
  if (!v.has_value() || std::isnan(measured) || !(*v.lo > 0)) return kNaN;
  if (measured < *v.lo) return measured / *v.lo;
  if (measured > *v.hi) return measured / *v.hi;
  return *v.lo == *v.hi ? measured / *v.lo : 1.0;
}

// The spread of the per-launch medians with its percentile-bootstrap CI, as a launch_spread
// claim against a reference of 1 computes it (claim_tests.h).
void launch_spread(PublishedComparison& c, const std::vector<double>& medians) {
  c.measured = sd_of_logs(medians);
  ClaimCheck ch;
  ch.a = medians;
  Claim ref;
  ref.relation = ClaimRelation::Equivalent;
  ref.lower = -0.5;
  ref.upper = 0.5;
  ref.lhs.statistic = ref.rhs.statistic = ClaimStatistic::LaunchSpread;
  ref.rhs.reference = 1;
  test_launch_spread(ch, ref, ClaimOptions{}, ClaimOptions{}.seed);
  c.ci_lo = ch.effect_lo;
  c.ci_hi = ch.effect_hi;
}

PublishedComparison measure(const PublishedValue& v, const JobSeries& s, const CsvTable* summary,
                            std::int64_t run_np) {
  PublishedComparison c;
  c.value = v;
  c.job = s.key.label();
  const std::string procs = s.key.factor("procs");
  c.np = procs.empty() ? run_np : std::atoll(procs.c_str());
  std::set<std::string> kinds;
  for (const auto& l : s.launches)
    for (const auto& k : noise_kinds(l.noise)) kinds.insert(k);
  c.noise = noise_text(kinds);
  std::vector<double> x = launch_values(s, v.side.statistic);
  c.launches = x.size();
  c.measured = c.ci_lo = c.ci_hi = kNaN;
  if (v.side.statistic == ClaimStatistic::LaunchSpread) {
    launch_spread(c, x);
  } else {
    if (v.kind == PublishedKind::Bandwidth) {
      const double bytes = bytes_per_time(s, summary);
      for (double& t : x) t = bytes / t;
    }
    const Distribution dist = distribution(x);
    c.measured = dist.median;
    c.ci_lo = dist.ci_lo;
    c.ci_hi = dist.ci_hi;
  }
  c.ratio = ratio_to(v, c.measured);
  return c;
}

}  // namespace

std::optional<std::vector<PublishedValue>> published_of_folder(const ResultsData& d,
                                                               std::string& error) {
  auto fp = folder_plan(d, error);
  if (!fp) return std::nullopt;
  std::vector<PublishedValue> out;
  const nlohmann::json& plan = fp->plan;
  if (!plan.is_object() || !plan.contains("published")) return out;
  if (!plan["published"].is_array()) {
    error = message_text(DiagId::published_damaged, "published");
    return std::nullopt;
  }
  for (const auto& j : plan["published"]) {
    std::string why;
    auto v = published_from_json(j, why);
    if (!v) {
      error = message_text(DiagId::published_damaged, "published." + why);
      return std::nullopt;
    }
    out.push_back(std::move(*v));
  }
  return out;
}

MeasuredMachine measured_machine(const ResultsData& d) {
  MeasuredMachine m;
  std::string error;
  auto fp = folder_plan(d, error);
  if (!fp || !fp->launch_manifest.is_object()) return m;
  const auto& lm = fp->launch_manifest;
  if (lm.contains("np") && lm["np"].is_number_integer()) m.np = lm["np"].get<std::int64_t>();
  if (!lm.contains("system") || !lm["system"].is_object()) return m;
  const auto& sys = lm["system"];
  m.cpu_model = sys.value("cpu_model", "");
  m.host = sys.value("host", "");
  m.mpi_library = mpi_library_name(sys);
  m.name = machine_name(sys, m.np);
  return m;
}

std::vector<PublishedComparison> compare_published(const ResultsData& d,
                                                   const std::vector<PublishedValue>& values,
                                                   const CsvTable* summary) {
  const std::int64_t run_np = measured_machine(d).np;
  const Claim none;  // side_selects applies a claim's range too; a published value has none
  std::vector<PublishedComparison> out;
  for (const auto& v : values) {
    bool any = false;
    for (const auto& s : d.jobs) {
      const JobFields f{s.key.block,     s.key.op,   s.key.bytes,
                        s.key.comm_size, s.key.vars, s.key.factors};
      if (s.launches.empty() || !side_selects(none, v.side, f)) continue;
      out.push_back(measure(v, s, summary, run_np));
      any = true;
    }
    if (!any) {
      PublishedComparison c;
      c.value = v;
      c.measured = c.ci_lo = c.ci_hi = c.ratio = kNaN;
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace metron::analysis
