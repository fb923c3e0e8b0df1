// Plan rendering: a table for people, JSON for tools.
#include "runtime/plan/plan_dump.h"
#include "runtime/plan/setting_table.h"

#include <fmt/format.h>

#include <limits>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/refine_loops.h"

namespace metron {

nlohmann::json value_json(const Value& v) {
  using T = Value::Type;
  switch (v.type()) {
    case T::Int:
      return v.as_int();
    case T::Double:
      return v.as_double();
    case T::String:
      return v.as_string();
    case T::List: {
      auto a = nlohmann::json::array();
      for (const auto& x : v.as_list()) a.push_back(value_json(x));
      return a;
    }
    case T::Duration:
      return {{"seconds", v.as_seconds()}};
    case T::Percent:
      return {{"fraction", v.as_fraction()}};
    default:
      return to_cell(v);
  }
}

// The sync as the plan table shows it: window and roundtime with their parameters, and the
// clock whenever one is synchronized (window, roundtime, runtime = global).
std::string sync_text(const Settings& s) {
  const SyncSettings& y = s.sync;
  std::string text = proc_sync_name(y.kind);
  if (y.kind == ProcSyncKind::Window)
    text += fmt::format("(size {}us{})", y.window_s * 1e6, y.adaptive ? ", adaptive" : "");
  else if (y.kind == ProcSyncKind::RoundTime)
    text += fmt::format("(mult {}, budget {}s)", y.bcast_mult, y.roundtime_budget_s);
  const bool clocked = y.kind == ProcSyncKind::Window || y.kind == ProcSyncKind::RoundTime ||
                       s.runtime == RuntimeKind::Global;
  if (clocked) {
    const ClockSettings& c = y.clock;
    std::string name = c.kind == ClockKind::None ? "hca3" : clock_name(c.kind);
    if (c.offset_only && name == "hca3") name = "hca3o";
    if (c.kind == ClockKind::Topo2) name += ":" + c.topo_inter + ":" + c.topo_intra;
    text += fmt::format(" on clock {}({} x {}", name, c.fitpoints, c.exchanges);
    if (c.resync_every_s > 0) text += fmt::format(", resync {}s", c.resync_every_s);
    if (c.resync_every_jobs > 0) text += fmt::format(", resync every {} jobs", c.resync_every_jobs);
    text += ")";
  }
  return text;
}

nlohmann::json settings_json(const Settings& s) {
  // Every setting under its `set` key, as its table entry writes it: a new entry is recorded
  // without an edit here.
  nlohmann::json j = nlohmann::json::object();
  for (const SettingInfo& e : setting_table()) j[e.key] = e.json(s);
  // What a job's settings hold beyond the `set` keys, so that the plan records all of it: the
  // `stop when` rule (a statement of its own; null: SKaMPI's rule), SKaMPI's set_unit and
  // set_max_nr_node_times (they shape .sko output and measure nothing) and set_file_info's
  // MPI_Info hints (a list that accumulates, as [key, value] pairs).
  j["stop_rule"] =
      s.stop_rule_text.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.stop_rule_text);
  j["unit"] = s.unit;
  j["max_nr_node_times"] = s.max_nr_node_times;
  nlohmann::json hints = nlohmann::json::array();
  for (const auto& [key, value] : s.io.file_info) hints.push_back({key, value});
  j["file_info"] = hints;
  return j;
}

nlohmann::json design_json(const LaunchDesign& d) {
  auto factors = nlohmann::json::array();
  for (const auto& f : d.factors) {
    auto levels = nlohmann::json::array();
    for (const auto& l : f.levels) levels.push_back(value_json(l));
    factors.push_back(
        {{"name", f.name},
         {"levels", levels},
         {"env", f.env_var.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.env_var)}});
  }
  return {{"replicates", d.replicates},
          {"replicates_given", d.replicates_given},
          {"factors", factors},
          {"shuffle", d.shuffle},
          {"seed", d.seed},
          {"seed_given", d.seed_given}};
}

namespace {

nlohmann::json job_json(const Job& j, std::size_t settings_index) {
  nlohmann::json factors = nlohmann::json::object();
  for (const auto& [k, v] : j.factors) factors[k] = value_json(v);
  nlohmann::json args = nlohmann::json::object();
  for (std::size_t i = 0; i < j.op.args.size(); ++i)
    args[j.op.func->params[i].name] = value_json(j.op.args[i]);
  nlohmann::json comm = {{"label", j.comm.label}, {"size", j.comm.size}};
  if (!j.comm.ranks.empty()) comm["ranks"] = j.comm.ranks;
  if (j.comm.kind == CommSpec::Kind::Random) comm["seed"] = j.comm.seed;
  if (j.comm.kind == CommSpec::Kind::Cartesian)
    comm["cartesian"] = {{"base", j.comm.base},
                         {"dims", j.comm.dims},
                         {"periods", j.comm.periods},
                         {"reorder", j.comm.reorder}};
  if (j.comm.kind == CommSpec::Kind::Mapped && j.comm.dims.size() == 2)
    comm["imb_map"] = {{"p", j.comm.dims[0]}, {"q", j.comm.dims[1]}};
  if (j.comm.kind == CommSpec::Kind::Graph)
    comm["graph"] = {{"base", j.comm.base},
                     {"index", j.comm.index},
                     {"edges", j.comm.edges},
                     {"reorder", j.comm.reorder}};
  nlohmann::json jj = {{"id", j.id},
                       {"block", j.block},
                       {"factors", factors},
                       {"op", j.op.func->name},
                       {"args", args},
                       {"comm", comm},
                       {"count", j.count},
                       {"bytes", j.bytes},
                       {"send_bytes", j.send_bytes},
                       {"recv_bytes", j.recv_bytes},
                       {"round_trip", j.op.func->round_trip()},
                       {"settings", settings_index}};
  if (j.refine_group >= 0) jj["refine"] = {{"group", j.refine_group}, {"var", j.refine_var}};
  if (!j.guideline.empty())
    jj["guideline"] = {{"id", j.guideline},
                       {"side", j.guideline_side},
                       {"factor", j.guideline_factor},
                       {"check", j.guideline_check}};
  return jj;
}

nlohmann::json null_if_negative(double v) {
  return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v);
}
nlohmann::json null_if_negative(std::int64_t v) {
  return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v);
}

// The parameters of the loop's algorithm, under the names `set refine = ...` gives them.
nlohmann::json refine_parameters_json(const adapt::RefineConfig& c) {
  switch (c.algorithm) {
    case adapt::RefineAlgorithm::Skampi:
      return {{"factor", c.factor}};
    case adapt::RefineAlgorithm::Mpptest:
      return {{"autorel", c.rel_tolerance}, {"autodx", c.min_gap}};
    case adapt::RefineAlgorithm::Metron:
      break;
  }
  return {{"tolerance", c.rel_tolerance},
          {"min_gap", c.min_gap},
          {"max_points", c.max_points},
          {"max_time_s", c.max_time_s}};
}

nlohmann::json refinements_json(const Plan& plan) {
  auto out = nlohmann::json::array();
  for (const RefineLoop& l : refine_loops(plan)) {
    nlohmann::json outer = nlohmann::json::object();
    for (const auto& [k, v] : l.outer) outer[k] = value_json(v);
    const adapt::RefineBudget& b = l.budget;
    out.push_back({{"group", l.group},
                   {"block", plan.block_names[static_cast<std::size_t>(l.block_index)]},
                   {"var", l.var},
                   {"outer", outer},
                   {"first_job", l.first_job},
                   {"jobs", l.jobs},
                   {"values", l.values},
                   {"algorithm", adapt::refine_algorithm_name(l.config.algorithm)},
                   {"parameters", refine_parameters_json(l.config)},
                   {"grid",
                    {{"multiplicative", l.config.multiplicative},
                     {"integer", l.config.integer},
                     {"multiple_of", l.config.multiple_of}}},
                   {"budget",
                    {{"max_added_points", null_if_negative(b.max_added_points)},
                     {"max_measurements", null_if_negative(b.max_measurements)},
                     {"max_time_s", null_if_negative(b.max_time_s)},
                     {"max_levels", null_if_negative(static_cast<std::int64_t>(b.max_levels))},
                     {"max_smoothing_passes",
                      null_if_negative(static_cast<std::int64_t>(b.max_smoothing_passes))}}}});
  }
  return out;
}

// The table's line for a loop: where it is, its algorithm and what it may spend.
std::string refine_line(const RefineLoop& l, const Settings& s) {
  std::string outer;
  for (const auto& [k, v] : l.outer)
    outer += fmt::format("{}{}={}", outer.empty() ? " at " : " ", k, to_cell(v));
  const adapt::RefineBudget& b = l.budget;
  std::string budget;
  switch (l.config.algorithm) {
    case adapt::RefineAlgorithm::Metron:
      budget = fmt::format("at most {} added values, {}s", b.max_added_points, b.max_time_s);
      break;
    case adapt::RefineAlgorithm::Skampi:
      budget = fmt::format("at most {} measurements ({} added values)", b.max_measurements,
                           b.max_added_points);
      break;
    case adapt::RefineAlgorithm::Mpptest:
      budget = fmt::format("at most {} levels, {} smoothing passes, {} added values", b.max_levels,
                           b.max_smoothing_passes, b.max_added_points);
      break;
  }
  return fmt::format("  autorefine {}{} ({} values): {}; {}\n", l.var, outer, l.values,
                     setting_value_text(s, "refine"), budget);
}

// Settings snapshots are shared between jobs; the document lists each once and jobs refer to it
// by index. Returns the index of every job's snapshot and fills `settings`.
std::vector<std::size_t> settings_indices(const Plan& plan, nlohmann::json& settings) {
  std::map<const Settings*, std::size_t> index;
  std::vector<std::size_t> out;
  out.reserve(plan.jobs.size());
  settings = nlohmann::json::array();
  for (const auto& j : plan.jobs) {
    auto [it, fresh] = index.emplace(j.settings.get(), settings.size());
    if (fresh) settings.push_back(settings_json(*j.settings));
    out.push_back(it->second);
  }
  return out;
}

// Everything but the jobs.
nlohmann::json plan_head_json(const Plan& plan, nlohmann::json settings) {
  auto prints = nlohmann::json::array();
  for (const auto& p : plan.prints)
    prints.push_back({{"before_job", p.before_job},
                      {"block", p.block >= 0 ? nlohmann::json(plan.block_names[p.block])
                                             : nlohmann::json(nullptr)},
                      {"text", p.text},
                      {"all", p.all}});
  auto skipped = nlohmann::json::array();
  for (const SkippedMeasure& s : plan.skipped)
    skipped.push_back(
        {{"function", s.function}, {"block", s.block}, {"at", s.at}, {"times", s.times}});
  nlohmann::json head = {{"plan_schema_version", kPlanSchemaVersion},
                         {"np", plan.np},
                         {"design", design_json(plan.design)},
                         {"blocks", plan.block_names},
                         {"settings", std::move(settings)},
                         {"jobs", nlohmann::json::array()},
                         {"prints", prints},
                         {"refinements", refinements_json(plan)}};
  // Only under --skip-unsupported, so that other plans stay as they were.
  if (!skipped.empty()) head["skipped_unsupported"] = std::move(skipped);
  // Only with claims, likewise.
  if (!plan.claims.empty()) {
    auto claims = nlohmann::json::array();
    for (const Claim& c : plan.claims) claims.push_back(claim_to_json(c));
    head["claims"] = std::move(claims);
  }
  // Only with published values, likewise.
  if (!plan.published.empty()) {
    auto published = nlohmann::json::array();
    for (const PublishedValue& v : plan.published) published.push_back(published_to_json(v));
    head["published"] = std::move(published);
  }
  // Only with --settings, likewise.
  if (!plan.settings_override.file.empty()) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [k, v] : plan.settings_override.values) values[k] = v;
    head["settings_override"] = {{"file", plan.settings_override.file}, {"values", values}};
  }
  return head;
}

}  // namespace

nlohmann::json plan_json(const Plan& plan) {
  nlohmann::json settings;
  std::vector<std::size_t> index = settings_indices(plan, settings);
  nlohmann::json doc = plan_head_json(plan, std::move(settings));
  auto& jobs = doc["jobs"];
  for (std::size_t i = 0; i < plan.jobs.size(); ++i)
    jobs.push_back(job_json(plan.jobs[i], index[i]));
  return doc;
}

void write_plan_json(std::ostream& out, const Plan& plan) {
  // The document plan_json(plan).dump(1) would give, without holding every job's JSON at once
  // (a 100 000-job plan takes half a gigabyte that way): the head is dumped with an empty job
  // list, and each job is dumped alone and indented to its depth (2) in place of that list.
  nlohmann::json settings;
  std::vector<std::size_t> index = settings_indices(plan, settings);
  std::string head = plan_head_json(plan, std::move(settings)).dump(1);
  const std::string marker = "\n \"jobs\": []";
  std::size_t at = head.find(marker);
  if (at == std::string::npos || plan.jobs.empty()) {
    out << head;
    return;
  }
  out << head.substr(0, at) << "\n \"jobs\": [\n";
  for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
    std::string job = job_json(plan.jobs[i], index[i]).dump(1);
    std::string shifted = "  ";
    shifted.reserve(job.size() + job.size() / 8);
    for (char c : job) {
      shifted.push_back(c);
      if (c == '\n') shifted += "  ";  // JSON strings escape newlines: every '\n' is layout
    }
    out << shifted << (i + 1 < plan.jobs.size() ? ",\n" : "\n");
  }
  out << " ]" << head.substr(at + marker.size());
}

namespace {

// The plan's first lines: ranks and jobs, the launch design and its factors, a settings file.
std::string plan_header(const Plan& plan) {
  std::string out;
  const LaunchDesign& d = plan.design;
  out += fmt::format("plan for {} ranks: {} jobs in {} blocks\n", plan.np, plan.jobs.size(),
                     plan.block_names.size());
  std::size_t combinations = 1;
  for (const auto& f : d.factors) combinations *= f.levels.size();
  const std::size_t launches = combinations * static_cast<std::size_t>(d.replicates);
  // Without `replicate`, metron run chooses the count (docs/experiments.md, "Launches by
  // default"); the plan cannot say how many.
  if (d.replicates_given)
    out += fmt::format("design: {} replicate{}, {} launch{}, shuffle {}", d.replicates,
                       d.replicates == 1 ? "" : "s", launches, launches == 1 ? "" : "es",
                       d.shuffle ? "on" : "off");
  else
    out += fmt::format(
        "design: no `replicate` (metron run adds launches as --replicates auto), {} "
        "combination{}, shuffle {}",
        combinations, combinations == 1 ? "" : "s", d.shuffle ? "on" : "off");
  if (d.shuffle || d.seed_given) out += fmt::format(" (seed {})", d.seed);
  out += "\n";
  for (const auto& f : d.factors) {
    std::string levels;
    for (std::size_t i = 0; i < f.levels.size(); ++i)
      levels += (i ? ", " : "") + to_display(f.levels[i]);
    out += fmt::format("  factor {} in [{}]{}\n", f.name, levels,
                       f.env_var.empty() ? "" : " as env \"" + f.env_var + "\"");
  }
  if (const SettingsOverride& o = plan.settings_override; !o.file.empty()) {
    // Set by the file for every job, whatever the script assigns (docs/language.md).
    std::string values;
    for (const auto& [k, v] : o.values)
      values += (values.empty() ? "" : ", ") + k + " " + v;  // "stop when ...", "reps 5"
    out += fmt::format("settings from '{}' (replace the script's own): {}\n", o.file,
                       values.empty() ? "none" : values);
  }
  return out;
}

// "  settings: timer ..., scheme ..., ...": printed where a job's settings change.
std::string settings_line(const Settings& s) {
  std::string reps =
      s.reps ? fmt::format("reps {}", *s.reps)
      : !s.stop_rule_text.empty()
          ? fmt::format("stop when {} (reps {}..{}, max {}s)", s.stop_rule_text, s.min_reps,
                        s.max_reps, s.max_time_s)
          : fmt::format("skampi rse <= {} (reps {}..{})", s.max_rse, s.min_reps, s.max_reps);
  return fmt::format(
      "  settings: timer {}, scheme {}, sync {}, runtime {}, {}, outliers {}, buffer {}{}\n",
      timer_name(s.timer), scheme_name(s.scheme), sync_text(s), runtime_name(s.runtime), reps,
      outlier_name(s.outliers), s.buffer_bytes, s.buffer_cycling ? " (cycling)" : "");
}

// One job: id, factors, the call, its communicator and bytes, autorefine and expect marks.
std::string job_line(const Job& j) {
  std::string factors;
  for (const auto& [k, v] : j.factors) factors += fmt::format("{}={} ", k, to_cell(v));
  // Trailing arguments after the third that are left at their declared defaults are not
  // shown (Synthetic has nine); the JSON lists every argument.
  std::size_t shown = j.op.args.size();
  const auto& params = j.op.func->params;
  while (shown > 3 && params[shown - 1].default_value &&
         !params[shown - 1].default_value->is(Value::Type::None) &&
         *params[shown - 1].default_value == j.op.args[shown - 1])
    --shown;
  std::string args;
  for (std::size_t i = 0; i < shown; ++i) args += (i ? ", " : "") + to_display(j.op.args[i]);
  std::string refine = j.refine_group >= 0 ? fmt::format("  [autorefine {}]", j.refine_var) : "";
  if (!j.guideline.empty())
    refine += j.guideline_side == "lhs"
                  ? fmt::format("  [expect '{}' lhs]", j.guideline)
                  : fmt::format("  [expect '{}' rhs x{}]", j.guideline, j.guideline_factor);
  return fmt::format("  {:>6}  {}{}({}) on {}  bytes={}{}\n", j.id, factors, j.op.func->name, args,
                     j.comm.label, j.bytes, refine);
}

}  // namespace

std::string plan_table(const Plan& plan) {
  std::string out = plan_header(plan);
  // Jobs and prints in plan order, under the header of their block; a block without jobs still
  // gets its header, so that a '...' loop that measured nothing is visible.
  const Settings* last = nullptr;
  int block = -1;    // the highest block whose header is out
  int current = -1;  // the block of the last header
  auto header = [&](int b) {
    out += fmt::format("\nblock \"{}\"\n", plan.block_names[static_cast<std::size_t>(b)]);
    last = nullptr;
    current = b;
  };
  auto enter_block = [&](int b) {
    if (b == current) return;
    if (b <= block) {
      header(b);  // an implicit block met again: top-level measures of one function interleave
      return;
    }
    while (block < b) header(++block);
  };
  std::map<std::size_t, RefineLoop> loop_at;  // by the index of the loop's first job
  for (RefineLoop& l : refine_loops(plan)) loop_at.emplace(l.first_job, std::move(l));
  std::size_t pi = 0;
  auto flush_prints = [&](std::int64_t before_job) {
    for (; pi < plan.prints.size() && plan.prints[pi].before_job <= before_job; ++pi) {
      const PrintItem& p = plan.prints[pi];
      if (p.block >= 0) enter_block(p.block);
      out += fmt::format("  {}: {}\n", p.all ? "print_all" : "print", p.text);
    }
  };
  for (std::size_t ji = 0; ji < plan.jobs.size(); ++ji) {
    const Job& j = plan.jobs[ji];
    flush_prints(j.id);
    enter_block(j.block_index);
    if (j.settings.get() != last) {
      last = j.settings.get();
      out += settings_line(*last);
    }
    if (auto it = loop_at.find(ji); it != loop_at.end())
      out += refine_line(it->second, *j.settings);
    out += job_line(j);
  }
  flush_prints(std::numeric_limits<std::int64_t>::max());
  enter_block(static_cast<int>(plan.block_names.size()) - 1);
  if (!plan.skipped.empty()) out += "\nskipped (not supported, --skip-unsupported)\n";
  for (const SkippedMeasure& sk : plan.skipped)
    out += fmt::format("  {} in block \"{}\" at {} ({} time{})\n", sk.function, sk.block, sk.at,
                       sk.times, sk.times == 1 ? "" : "s");
  return out;
}

}  // namespace metron
