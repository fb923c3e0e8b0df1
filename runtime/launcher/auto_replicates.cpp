// `metron run --replicates auto` (see auto_replicates.h). Each round extends the recorded
// design (replicates, launch entries, launch order) and continues the run as --resume does.
#include "runtime/launcher/auto_replicates.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include <fmt/format.h>

#include "runtime/analysis/analyze_folder.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/results_data.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/run_manifest.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"
#include "runtime/stats/launch_planner.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct RoundDecision {
  std::int64_t target = 0;  // launches per combination that would decide; 0: decided
  std::string reason;
};

// What the launches so far say: decided, or how many launches per combination are needed.
RoundDecision decide_round(const analysis::ResultsData& d, const AutoReplicates& a,
                           std::int64_t now) {
  analysis::CompareOptions co;
  co.alpha = a.alpha;
  co.margin = a.margin;
  co.adjust = a.adjust;
  co.power = a.power;
  // The factors `metron analyze` compares: those that set an environment variable.
  std::vector<analysis::Comparison> all;
  const json design =
      d.manifest.is_object() ? run_manifest_from_json(d.manifest).design.value_or(json()) : json();
  if (design.is_object())
    for (const auto& f : design.value("factors", json::array())) {
      if (!f.contains("env") || !f["env"].is_string()) continue;
      std::string err;
      auto cs = analysis::compare_levels(d, f.value("name", ""), co, err);
      all.insert(all.end(), cs.begin(), cs.end());
    }
  RoundDecision r;
  if (!all.empty()) {
    for (const auto& c : all) {
      if (c.verdict != stats::Verdict::Inconclusive) continue;
      r.target = std::max<std::int64_t>(
          r.target, c.launches_needed ? static_cast<std::int64_t>(*c.launches_needed) : now + 1);
    }
    r.reason = r.target == 0 ? "every level comparison decided" : "level comparisons inconclusive";
    return r;
  }
  // A recording: launches to show equivalence within the margin against a rerun with the
  // same spread (true ratio 1), at the level the correction across all jobs gives.
  std::size_t m = d.jobs.size();
  stats::PlanOptions po;
  po.alpha = a.adjust == stats::PAdjust::None
                 ? a.alpha
                 : a.alpha / static_cast<double>(std::max<std::size_t>(m, 1));
  po.power = a.power;
  std::int64_t need =
      static_cast<std::int64_t>(stats::min_launches_for_level(po.alpha, true, false));
  for (const auto& s : d.jobs) {
    std::vector<double> v;
    for (const auto& l : s.launches) v.push_back(l.median_s);
    const double sd = stats::pooled_sd_log(v, {});
    auto n = stats::launches_for_equivalence(std::isnan(sd) ? 0.0 : sd, a.margin, 0.0, po);
    need = std::max<std::int64_t>(need, n ? static_cast<std::int64_t>(*n) : a.budget);
  }
  r.target = need > now ? need : 0;
  r.reason = r.target == 0 ? "enough launches to show equivalence within the margin"
                           : "more launches needed to show equivalence within the margin";
  return r;
}

// The launches per combination of the next round, within the budgets; 0 and why the run stops
// when it is decided or a budget is spent (`took_s`: the run's time so far).
std::int64_t next_round(const RoundDecision& dec, const AutoReplicates& a, std::int64_t now,
                        double took_s, std::string& stop) {
  if (dec.target == 0) {
    stop = dec.reason;
    return 0;
  }
  if (now >= a.budget) {
    stop = "budget of " + std::to_string(a.budget) + " launches reached";
    return 0;
  }
  const std::int64_t fits =
      stats::launches_within_time(a.time_budget_s, now, std::min(dec.target, a.budget), took_s);
  if (fits <= now) {
    stop = fmt::format("time budget of {:g} s reached ({:.1f} s so far)", a.time_budget_s, took_s);
    return 0;
  }
  return fits;
}

// Adds the launches of replicates [old, replicates) to the manifest: entries and order follow
// the seeded order of the full design, so the first rounds keep their places.
bool extend_design(const fs::path& dir, std::int64_t replicates) {
  auto j = out::read_json_file(dir / "manifest.json");
  if (!j || !j->is_object()) return false;
  RunManifest m = run_manifest_from_json(*j);
  RunDesign design = design_from_json(m.design.value_or(json()));
  design.replicates = replicates;
  const auto launches = expand_launches(design);
  std::vector<std::int64_t>& order = m.order ? *m.order : m.order.emplace();
  std::vector<LaunchRecord>& entries = m.launches ? *m.launches : m.launches.emplace();
  const std::set<std::int64_t> known(order.begin(), order.end());
  for (std::int64_t id : launch_order(launches.size(), m.seed.value_or(0))) {
    if (known.count(id)) continue;
    entries.push_back(launch_entry(launches[static_cast<std::size_t>(id)], order.size()));
    order.push_back(id);
  }
  m.design = design_to_json(design);
  return out::write_json_file(dir / "manifest.json", to_json(m));
}

// Records the rounds, and drops the "resumed" entries our own continuations added.
void record_rounds(const fs::path& dir, const json& rounds, const AutoReplicates& a,
                   std::size_t resumed_before, const std::string& stop) {
  auto j = out::read_json_file(dir / "manifest.json");
  if (!j || !j->is_object()) return;
  RunManifest m = run_manifest_from_json(*j);
  if (m.resumed) {
    json& r = *m.resumed;
    while (r.size() > resumed_before) r.erase(r.size() - 1);
    if (r.empty()) m.resumed.reset();
  }
  m.replicates_auto = json{{"budget", a.budget},
                           {"margin", a.margin},
                           {"alpha", a.alpha},
                           {"adjust", stats::p_adjust_name(a.adjust)},
                           {"power", a.power},
                           {"rounds", rounds},
                           {"stop_reason", stop},
                           {"by_default", a.by_default},
                           {"budget_time_s", a.time_budget_s > 0 ? json(a.time_budget_s) : json()}};
  out::write_json_file(dir / "manifest.json", to_json(m));
}

// The analysis of the whole run, printed once at the end; an exit code.
int print_analysis(const RunOptions& o, const AutoReplicates& a) {
  analysis::AnalyzeOptions ao;
  ao.alpha = a.alpha;
  ao.margin = a.margin;
  ao.adjust = a.adjust;
  ao.guideline_margin = o.guideline_margin;
  ao.strict = o.strict;
  std::string err;
  if (analysis::analyze_folder(o.out_dir, ao, err) == 0) return kExitOk;
  print_error(err);
  return kExitIo;
}

}  // namespace

int run_auto_replicates(const RunOptions& o, const AutoReplicates& a, RunOutcome& outcome) {
  RunOptions r = o;
  r.analysis_table = false;
  r.guideline_table = false;  // once, in the analysis at the end
  const std::size_t pilot = stats::min_launches_for_level(a.alpha, true, false);
  std::int64_t now = std::min<std::int64_t>(static_cast<std::int64_t>(pilot), a.budget);
  r.replicates = now;
  if (a.by_default && !o.quiet)  // once the script and folder are good and a launch has started
    r.on_first_start = [now, a](const std::string&, std::int64_t) {
      return std::vector<std::string>{
          message_line(DiagId::auto_by_default, now, a.budget, a.time_budget_s)};
    };
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed_s = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  int rc = run_experiment(r, outcome);
  json rounds = json::array();
  std::string stop;
  while (rc == kExitOk && !outcome.interrupted) {
    std::string err;
    auto d = analysis::load_results(o.out_dir, err);
    if (!d) {
      print_error(err);
      return kExitIo;
    }
    RoundDecision dec = decide_round(*d, a, now);
    rounds.push_back({{"replicates", now}, {"target", dec.target}, {"reason", dec.reason}});
    const std::int64_t next = next_round(dec, a, now, elapsed_s(), stop);
    if (next == 0) break;
    now = next;
    if (!o.quiet) print_message(DiagId::auto_adding_launches, dec.reason, now);
    if (!extend_design(o.out_dir, now)) {
      print_message(DiagId::auto_cannot_extend, o.out_dir);
      return kExitIo;
    }
    RunOptions more = r;
    more.resume = true;
    more.trust_launcher = true;  // the folder this run wrote a moment ago, from the user's script
    more.script.clear();
    more.files.clear();
    more.on_first_start = nullptr;  // the note is printed once
    rc = run_experiment(more, outcome);
  }
  // The "resumed" entries of the continuations are ours, not the user's.
  record_rounds(o.out_dir, rounds, a, 0, stop);
  if (!o.quiet && !stop.empty()) print_message(DiagId::auto_stopped, now, stop);
  if (rc == kExitOk && !o.quiet) return print_analysis(o, a);
  return rc;
}

}  // namespace metron::launcher
