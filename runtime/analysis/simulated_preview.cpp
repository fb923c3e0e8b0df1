// The campaign preview from a simulated run (see simulated_preview.h).
#include "runtime/analysis/simulated_preview.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "runtime/analysis/job_labels.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

using nlohmann::json;

namespace {

// Seconds for people: "3.2 us", "41 ms", "2.5 s", "1.5 h".
std::string time_text(double s) {
  if (s < 1e-3) return fmt::format("{:.3g} us", s * 1e6);
  if (s < 1) return fmt::format("{:.3g} ms", s * 1e3);
  if (s < 3600) return fmt::format("{:.3g} s", s);
  return fmt::format("{:.3g} h", s / 3600);
}

double number(const json& j, const char* key, double fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

std::string levels_suffix(const PreviewLaunch& l) {
  return l.levels.empty() ? "" : ", " + l.levels;
}

// The plan's jobs by id, and the jobs' settings (max_time) by index.
struct PlanFacts {
  std::map<std::int64_t, const json*> jobs;
  const json* settings = nullptr;
};

// The pointers are into `manifest` itself: json::value() returns a copy, which would leave them
// dangling once this function returns.
PlanFacts plan_facts(const json& manifest) {
  PlanFacts f;
  const auto pl = manifest.find("plan");
  if (pl == manifest.end() || !pl->is_object()) return f;
  const json& plan = *pl;
  if (auto it = plan.find("jobs"); it != plan.end() && it->is_array())
    for (const json& j : *it) f.jobs[j.value("id", std::int64_t{-1})] = &j;
  if (auto it = plan.find("settings"); it != plan.end() && it->is_array()) f.settings = &*it;
  return f;
}

PreviewJob preview_job(const json& rec, const PlanFacts& plan, double factor, double job_s) {
  PreviewJob j;
  j.id = rec.value("id", std::int64_t{-1});
  j.simulated_s = number(rec, "elapsed_s");
  j.n = rec.value("n", std::int64_t{0});
  j.stop_reason = rec.value("stop_reason", std::string());
  double max_time = 0;
  if (auto it = plan.jobs.find(j.id); it != plan.jobs.end()) {
    const json& pj = *it->second;
    j.what = fmt::format("block '{}', {} {}, {} ranks", pj.value("block", std::string()),
                         pj.value("op", std::string()), bytes_text(pj.value("bytes", 0LL)),
                         pj.value("comm", json::object()).value("size", 0));
    j.buffer_bytes = pj.value("send_bytes", 0LL) + pj.value("recv_bytes", 0LL);
    const auto s = pj.value("settings", std::size_t{0});
    if (plan.settings && s < plan.settings->size())
      max_time = number((*plan.settings)[s], "max_time");
  }
  j.budget_s = factor * max_time + job_s;
  return j;
}

// The facts of one simulated launch from its entry in the run manifest and its own manifest.
PreviewLaunch preview_launch(const json& entry, const json& manifest, const json& allowances) {
  PreviewLaunch l;
  l.id = entry.value("id", std::int64_t{-1});
  l.np = entry.value("np", 0);
  if (auto lv = entry.find("levels"); lv != entry.end() && lv->is_object())
    for (const auto& [name, v] : lv->items())
      l.levels += (l.levels.empty() ? "" : ",") + name + "=" +
                  (v.is_string() ? v.get<std::string>() : v.dump());
  l.status = entry.value("status", std::string("pending"));
  if (auto e = entry.find("error"); e != entry.end() && e->is_string()) l.error = *e;
  l.deadline_s = number(entry, "deadline_s");
  if (auto d = entry.find("deadline"); d != entry.end() && d->is_object())
    l.clock_sync_allowed_s = number(*d, "clock_sync_s");
  if (!manifest.is_object()) return l;
  if (l.error.empty()) l.error = manifest.value("error", std::string());
  l.simulated_s = number(manifest.value("simulation", json::object()), "simulated_s");
  for (const json& c : manifest.value("clock_syncs", json::array()))
    l.clock_sync_s += number(c, "duration_s");
  std::map<std::string, int> per_host;
  for (const json& r : manifest.value("system", json::object()).value("ranks", json::array()))
    ++per_host[r.value("host", std::string("?"))];
  l.hosts = static_cast<int>(per_host.size());
  for (const auto& [h, n] : per_host) l.max_ranks_per_host = std::max(l.max_ranks_per_host, n);
  const PlanFacts plan = plan_facts(manifest);
  std::set<std::string> comms;
  for (const auto& [id, pj] : plan.jobs) {
    const json& c = pj->value("comm", json::object());
    comms.insert(c.value("label", std::string()));
    l.largest_comm = std::max(l.largest_comm, c.value("size", 0));
  }
  l.communicators = comms.size();
  const double factor = number(allowances, "budget_factor", 1.25);
  const double job_s = number(allowances, "job_s", 1);
  for (const json& rec : manifest.value("jobs", json::array()))
    l.jobs.push_back(preview_job(rec, plan, factor, job_s));
  return l;
}

void add_problems(Preview& p, double factor, double job_s) {
  for (const PreviewLaunch& l : p.launches) {
    if (l.status != "complete") {
      p.problems.push_back(message_line(DiagId::preview_launch_failed, l.id, l.np, levels_suffix(l),
                                        l.error.empty() ? "status '" + l.status + "'" : l.error));
      continue;
    }
    if (l.deadline_s > 0 && l.simulated_s > l.deadline_s)
      p.problems.push_back(message_line(DiagId::preview_past_deadline, l.id, l.np, levels_suffix(l),
                                        time_text(l.simulated_s), time_text(l.deadline_s)));
    for (const PreviewJob& j : l.jobs)
      if (j.simulated_s > j.budget_s)
        p.problems.push_back(message_line(DiagId::preview_job_over_budget, j.id, j.what,
                                          time_text(j.simulated_s), time_text(j.budget_s), factor,
                                          job_s));
    if (l.clock_sync_allowed_s > 0 && l.clock_sync_s > l.clock_sync_allowed_s)
      p.problems.push_back(message_line(DiagId::preview_clock_sync_over, l.id,
                                        time_text(l.clock_sync_s),
                                        time_text(l.clock_sync_allowed_s)));
  }
}

}  // namespace

Preview build_preview(const json& run_manifest, const std::vector<json>& launch_manifests,
                      std::int64_t replicates, std::int64_t available_bytes) {
  Preview p;
  p.replicates = std::max<std::int64_t>(1, replicates);
  p.replicates_by_default = run_manifest.value("planned_replicates_by_default", false);
  const json allowances =
      run_manifest.value("limits", json::object()).value("allowances", json::object());
  const json& entries = run_manifest.value("launches", json::array());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const json m = i < launch_manifests.size() ? launch_manifests[i] : json();
    p.launches.push_back(preview_launch(entries[i], m, allowances));
    if (p.platform.empty() && m.is_object())
      p.platform = m.value("simulation", json::object()).value("platform", std::string());
  }
  std::sort(p.launches.begin(), p.launches.end(),
            [](const PreviewLaunch& a, const PreviewLaunch& b) { return a.id < b.id; });
  for (const PreviewLaunch& l : p.launches) {
    p.campaign_s += static_cast<double>(p.replicates) * l.simulated_s;
    p.deadlines_s += static_cast<double>(p.replicates) * l.deadline_s;
    for (const PreviewJob& j : l.jobs)
      if (j.buffer_bytes > p.max_buffer_bytes) {
        p.max_buffer_bytes = j.buffer_bytes;
        p.max_buffer_job = j.id;
      }
  }
  for (const PreviewLaunch& l : p.launches) {
    p.host_buffer_bytes =
        std::max<std::int64_t>(p.host_buffer_bytes, l.max_ranks_per_host * p.max_buffer_bytes);
    p.simulation_buffer_bytes =
        std::max<std::int64_t>(p.simulation_buffer_bytes, l.np * p.max_buffer_bytes);
  }
  p.launch_count = p.replicates * static_cast<std::int64_t>(p.launches.size());
  add_problems(p, number(allowances, "budget_factor", 1.25), number(allowances, "job_s", 1));
  if (available_bytes > 0 && p.simulation_buffer_bytes > available_bytes) {
    int np = 0;
    for (const PreviewLaunch& l : p.launches) np = std::max(np, l.np);
    p.problems.push_back(
        message_line(DiagId::preview_memory_short, np, bytes_text(p.max_buffer_bytes),
                     bytes_text(p.simulation_buffer_bytes), bytes_text(available_bytes)));
  }
  return p;
}

std::string preview_text(const Preview& p) {
  std::string out = message_line(DiagId::preview_header, p.platform) + "\n";
  for (const PreviewLaunch& l : p.launches) {
    out += fmt::format("launch {} ({} ranks on {} hosts{}): {} simulated, deadline {}, {}\n", l.id,
                       l.np, l.hosts, levels_suffix(l), time_text(l.simulated_s),
                       time_text(l.deadline_s), l.status);
    out += fmt::format("  {:>5}  {:<44} {:>10} {:>10} {:>7}  {}\n", "job", "what", "simulated",
                       "budget", "n", "stop");
    for (const PreviewJob& j : l.jobs)
      out += fmt::format("  {:>5}  {:<44} {:>10} {:>10} {:>7}  {}\n", j.id, j.what,
                         time_text(j.simulated_s), time_text(j.budget_s), j.n, j.stop_reason);
  }
  out += message_line(
             p.replicates_by_default ? DiagId::preview_campaign_at_most : DiagId::preview_campaign,
             p.launch_count, p.replicates, p.launches.size(), time_text(p.campaign_s),
             time_text(p.deadlines_s)) +
         "\n";
  if (p.max_buffer_job >= 0) {
    int per_host = 0;
    for (const PreviewLaunch& l : p.launches) per_host = std::max(per_host, l.max_ranks_per_host);
    out += message_line(DiagId::preview_buffers, bytes_text(p.max_buffer_bytes), p.max_buffer_job,
                        bytes_text(p.host_buffer_bytes), per_host,
                        bytes_text(p.simulation_buffer_bytes)) +
           "\n";
  }
  for (const PreviewLaunch& l : p.launches)
    if (l.communicators > 0)
      out +=
          message_line(DiagId::preview_communicators, l.communicators, l.id, l.largest_comm) + "\n";
  for (const std::string& line : p.problems) out += line + "\n";
  if (p.problems.empty()) out += message_line(DiagId::preview_nothing_fails) + "\n";
  return out;
}

json preview_json(const Preview& p) {
  json launches = json::array();
  for (const PreviewLaunch& l : p.launches) {
    json jobs = json::array();
    for (const PreviewJob& j : l.jobs)
      jobs.push_back({{"id", j.id},
                      {"what", j.what},
                      {"simulated_s", j.simulated_s},
                      {"budget_s", j.budget_s},
                      {"n", j.n},
                      {"stop_reason", j.stop_reason},
                      {"buffer_bytes_per_rank", j.buffer_bytes}});
    launches.push_back({{"id", l.id},
                        {"levels", l.levels},
                        {"np", l.np},
                        {"status", l.status},
                        {"error", l.error.empty() ? json() : json(l.error)},
                        {"simulated_s", l.simulated_s},
                        {"deadline_s", l.deadline_s},
                        {"clock_sync_s", l.clock_sync_s},
                        {"clock_sync_allowed_s", l.clock_sync_allowed_s},
                        {"hosts", l.hosts},
                        {"max_ranks_per_host", l.max_ranks_per_host},
                        {"communicators", l.communicators},
                        {"largest_communicator", l.largest_comm},
                        {"jobs", std::move(jobs)}});
  }
  return {{"simulated", true},
          {"platform", p.platform},
          {"replicates", p.replicates},
          {"replicates_by_default", p.replicates_by_default},
          {"launch_count", p.launch_count},
          {"campaign_simulated_s", p.campaign_s},
          {"campaign_deadlines_s", p.deadlines_s},
          {"max_buffer_bytes_per_rank", p.max_buffer_bytes},
          {"host_buffer_bytes", p.host_buffer_bytes},
          {"simulation_buffer_bytes", p.simulation_buffer_bytes},
          {"launches", std::move(launches)},
          {"problems", p.problems}};
}

}  // namespace metron::analysis
