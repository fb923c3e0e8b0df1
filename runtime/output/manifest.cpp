// ManifestBuilder (see manifest.h).
#include "runtime/output/manifest.h"
#include "runtime/plan/git_commit.h"

#include <fmt/format.h>

#include <cmath>

#include "runtime/output/result_cells.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/plan_dump.h"
#include "runtime/plan/sha256.h"

namespace metron::out {

// The records written (launch facts, jobs, clock syncs) are the runtime's (runtime/results/).
using namespace metron::rt;

ManifestBuilder::ManifestBuilder(const LoadedScript& program, const ExecOptions& opt,
                                 const LaunchFacts& facts) {
  if (facts.system.is_null()) return;  // not world rank 0: nothing to write
  nlohmann::json files = nlohmann::json::array();
  std::string main_text;
  for (const auto& [name, text] : opt.files) {
    files.push_back({{"name", name}, {"sha256", sha256_hex(text)}, {"text", text}});
    if (name == opt.script_path) main_text = text;
  }
  nlohmann::json levels = nlohmann::json::object();
  for (const auto& [k, v] : opt.launch_levels) levels[k] = v;
  j_ = {
      {"manifest_schema_version", kManifestSchemaVersion},
      {"output_schema_version", 1},
      {"metron", {{"version", METRON_VERSION}, {"git_commit", metron::git_commit()}}},
      {"status", "running"},
      {"started_at", nullptr},
      {"finished_at", nullptr},
      {"command", opt.argv},
      {"script", {{"path", opt.script_path}, {"sha256", sha256_hex(main_text)}, {"files", files}}},
      {"seed", program.plan.design.seed},
      {"launch", {{"id", opt.launch}, {"replicate", opt.replicate}, {"levels", levels}}},
      {"np", facts.np},
      {"system", facts.system},
      {"timers", facts.timers},
      {"plan", plan_json(program.plan)},
      {"jobs", nlohmann::json::array()}};
  // The settings override file (--settings), so that a replay measures with it too.
  if (!program.settings_name.empty())
    j_["settings_override"] = {{"path", program.settings_name},
                               {"sha256", sha256_hex(program.settings_text)},
                               {"text", program.settings_text}};
  if (!facts.startup.is_null()) j_["startup"] = facts.startup;
  // A simulated launch says so first of all: its times are SimGrid's model, not measurements.
  if (facts.simulated) {
    j_["simulated"] = true;
    j_["simulation"] = facts.simulation;
  }
  plan_text_ = member_text(j_["plan"]);
}

void ManifestBuilder::set_status(const std::string& status, const std::string& time) {
  j_["status"] = status;
  if (status == "running")
    j_["started_at"] = time;
  else if (!time.empty())
    j_["finished_at"] = time;
}

void ManifestBuilder::set_order(const std::vector<std::size_t>& order, const Plan& plan) {
  nlohmann::json ids = nlohmann::json::array();
  for (std::size_t i : order) ids.push_back(plan.jobs[i].id);
  j_["order"] = ids;
}

namespace {

// Whether the job's manifest entry has a field the table marks `when`.
bool present(rt::When when, const JobResult& r) {
  const ProcSyncKind sync = r.job->settings->sync.kind;
  switch (when) {
    case rt::When::Always:
      return true;
    case rt::When::Overlap:
      return r.overlap_pure_s >= 0;
    case rt::When::Window:
      return sync == ProcSyncKind::Window;
    case rt::When::Timed:
      return sync == ProcSyncKind::Window || sync == ProcSyncKind::RoundTime;
    case rt::When::RoundTime:
      return sync == ProcSyncKind::RoundTime;
    case rt::When::Clock:
      return !r.sync.clock.empty();
  }
  return true;
}

// The table's fields with a manifest key, at their JSON pointers ("/warmup/calls").
void add_fields(nlohmann::json& j, const JobResult& r, const JobSummary& s) {
#define METRON_MANIFEST(name, type, pointer, when)    \
  if constexpr (std::string_view(pointer).size() > 0) \
    if (present(rt::When::when, r)) put(j, pointer, kind::type{}, rt::field::name(r, s));
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_MANIFEST(name, type, manifest, when)
#include "runtime/results/result_fields.def"
#undef METRON_MANIFEST
}

// A superseded measurement: its number, size, median, noise and contention.
nlohmann::json superseded_entry(const rt::SupersededAttempt& a) {
  const JobResult& r = *a.result;
  const JobSummary& s = a.summary;
  nlohmann::json j = {{"attempt", r.attempt},
                      {"n", s.n},
                      {"median_s", json_value(kind::Real{}, s.median)},
                      {"noise", s.noise}};
#define METRON_CONTENTION(name, type, value, pointer) \
  put(j, pointer, kind::type{}, rt::field::name(r, s));
#define METRON_CONTENTION_Max(name, type, value, pointer) \
  METRON_CONTENTION(name, type, value, pointer)
#define METRON_CONTENTION_Root(name, type, value, pointer)
#define METRON_CONTENTION_Sum(name, type, value, pointer)
#define METRON_CONTENTION_Summary(name, type, value, pointer)
#define METRON_CONTENTION_Plan(name, type, value, pointer)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_CONTENTION_##reduction(name, type, value, manifest)
#include "runtime/results/result_fields.def"
#undef METRON_CONTENTION
#undef METRON_CONTENTION_Max
#undef METRON_CONTENTION_Root
#undef METRON_CONTENTION_Sum
#undef METRON_CONTENTION_Summary
#undef METRON_CONTENTION_Plan
  return j;
}

}  // namespace

void ManifestBuilder::add_job(const JobResult& r, const JobSummary& s, const std::string& error,
                              const std::vector<rt::SupersededAttempt>& superseded) {
  nlohmann::json j = {{"id", r.job->id}, {"order", r.order}};
  add_fields(j, r, s);
  if (!superseded.empty()) {
    j["superseded"] = nlohmann::json::array();
    for (const rt::SupersededAttempt& a : superseded)
      j["superseded"].push_back(superseded_entry(a));
  }
  if (r.refine_round >= 0) j["refine_round"] = r.refine_round;
  // `set multi = on`: the groups that measured at once, their world ranks group after group.
  if (r.comm_size > 0 && r.world_ranks.size() > static_cast<std::size_t>(r.comm_size))
    j["multi"] = {{"groups", r.world_ranks.size() / static_cast<std::size_t>(r.comm_size)},
                  {"ranks", r.world_ranks}};
  if (!error.empty()) j["error"] = error;
  jobs_text_.append(j);
  j_["jobs"].push_back(std::move(j));
}

std::string ManifestBuilder::text() const {
  std::map<std::string, std::string> cached;
  if (j_.contains("plan")) cached["plan"] = plan_text_;
  if (j_.contains("jobs")) cached["jobs"] = jobs_text_.member_text();
  return dump_with_members(j_, cached);
}

void ManifestBuilder::set_clock_syncs(const std::vector<ClockSyncEvent>& events) {
  nlohmann::json a = nlohmann::json::array();
  for (const ClockSyncEvent& e : events)
    a.push_back({{"method", e.method},
                 {"params", e.params},
                 {"ranks", e.ranks},
                 {"duration_s", e.duration_s},
                 {"at_s", e.at_s}});
  j_["clock_syncs"] = std::move(a);
}

void ManifestBuilder::add_refinement(int group, const Job& first, const std::string& algorithm,
                                     int rounds, const std::string& stop_reason,
                                     std::size_t points) {
  nlohmann::json outer = nlohmann::json::object();
  for (const auto& [name, v] : first.factors) {
    if (name == first.refine_var) break;
    outer[name] = to_cell(v);
  }
  j_["refinement"].push_back({{"group", group},
                              {"block", first.block},
                              {"var", first.refine_var},
                              {"outer", outer},
                              {"algorithm", algorithm},
                              {"rounds", rounds},
                              {"stop_reason", stop_reason},
                              {"points", points}});
}

std::string ManifestBuilder::progress_line(const JobResult& r, const JobSummary& s, std::size_t pos,
                                           std::size_t total) const {
  const Job& j = *r.job;
  std::string factors;
  for (const auto& [k, v] : j.factors) factors += fmt::format(" {}={}", k, to_cell(v));
  std::string what;
  if (r.stop_reason == StopReason::Error) {
    what = "failed";
  } else {
    const std::string ci = s.median_ci_ok ? fmt::format(" [{:.3f}, {:.3f}] 95% CI{}",
                                                        s.median_ci_lo * 1e6, s.median_ci_hi * 1e6,
                                                        s.ci_conservative ? " (conservative)" : "")
                                          : " [CI n/a]";
    // A warm-up that a budget ended before its stability test passed is said as such: the
    // first observations may still lie in the transient (truncation and the guard look again).
    const bool unsettled = r.warmup_end == adapt::WarmupEnd::CallBudget ||
                           r.warmup_end == adapt::WarmupEnd::TimeBudget;
    const std::string warm =
        r.warmup_end == adapt::WarmupEnd::Fixed ? fmt::format("warm-up {}", r.warmup)
        : unsettled
            ? fmt::format("warm-up {} not stable ({})", r.warmup, adapt::to_string(r.warmup_end))
            : fmt::format("warm-up {} {}", r.warmup, adapt::to_string(r.warmup_end));
    // Say what the time is where it is not one call (a ping-pong's round trip, OSU's one way).
    const std::string basis = j.op.func->time_of == TimeOf::OneCall
                                  ? std::string()
                                  : fmt::format(" per {}", time_of_name(j.op.func->time_of));
    what = fmt::format("median {:.3f} us{}{} (n = {}, {}, {}, cycling {})", s.median * 1e6, basis,
                       ci, s.used_n, adapt::to_string(r.stop_reason), warm,
                       j.settings->buffer_cycling ? "on" : "off");
    const OpRates& rates = s.rates;
    // The rate's CI is the time's, mapped: where the time has none, neither has the rate.
    if (!std::isnan(rates.mb_per_s))
      what += std::isnan(rates.mb_per_s_lo) || std::isnan(rates.mb_per_s_hi)
                  ? fmt::format("; {:.4g} MB/s [CI n/a]", rates.mb_per_s)
                  : fmt::format("; {:.4g} MB/s [{:.4g}, {:.4g}]", rates.mb_per_s, rates.mb_per_s_lo,
                                rates.mb_per_s_hi);
    if (!std::isnan(rates.msg_per_s)) what += fmt::format(", {:.4g} msg/s", rates.msg_per_s);
    if (r.overlap_pure_s >= 0)
      what += fmt::format("; overlap {:.1f}% (pure {:.3f} us, compute {:.3f} us)", s.overlap_pct,
                          r.overlap_pure_s * 1e6, r.overlap_compute_s * 1e6);
    if (s.truncated > 0) what += fmt::format("; truncated {}", s.truncated);
    if (!s.stationary)
      what += fmt::format("; not stationary (trend p = {:.2g}, {:+.1f}%)", s.trend_p,
                          100 * s.trend_change);
    if (!s.noise.empty()) what += "; noisy: " + s.noise;
  }
  if (r.attempts > 1)
    what += fmt::format("; measured {} times for contention, kept measurement {}", r.attempts,
                        r.attempt);
  if (r.refine_round > 0) what += fmt::format(" [refined, round {}]", r.refine_round);
  return fmt::format("[{:>{}}/{}] {}{}  {} {} B on {} rank{}: {}", pos + 1,
                     std::to_string(total).size(), total, j.block, factors, j.op.func->name,
                     j.bytes, r.comm_size, r.comm_size == 1 ? "" : "s", what);
}

}  // namespace metron::out
