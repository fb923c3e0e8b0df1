// What a hung launch was doing (see launch_hang.h).
#include "runtime/launcher/launch_hang.h"

#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;

// What a killed launch was doing, from its own manifest: rank 0 records its finished jobs when
// it gets SIGTERM, so the job in progress is the next one in its order. A launch that timed out
// by itself (exec --timeout) says so in its `timeout` object. No manifest: it never started.
void job_in_progress(const fs::path& ldir, json& rec) {
  rec["job"] = nullptr;
  auto m = read_json_file(ldir / "manifest.json");
  if (!m || !m->is_object()) return;
  const json jobs = m->value("jobs", json::array());
  rec["jobs_done"] = jobs.size();
  if (m->contains("timeout") && (*m)["timeout"].is_object()) {
    rec["job"] = (*m)["timeout"].value("job", json(nullptr));
    return;
  }
  const json order = m->value("order", json::array());
  if (jobs.size() >= order.size()) return;  // refinement, or between the last job and the end
  const json& id = order[jobs.size()];
  json job = {{"id", id}};
  if (m->contains("plan") && (*m)["plan"].is_object())
    for (const auto& j : (*m)["plan"].value("jobs", json::array()))
      if (j.value("id", json(nullptr)) == id) {
        job["block"] = j.value("block", "");
        job["op"] = j.value("op", "");
        job["bytes"] = j.value("bytes", 0);
      }
  rec["job"] = job;
}

// "in job 7 (block 'b', Bcast 16 B)", or "" when unknown.
std::string job_text(const json& rec) {
  const json job = rec.value("job", json(nullptr));
  if (!job.is_object() || !job.contains("id")) return "";
  if (!job.contains("block"))
    return " " + message_text(DiagId::launch_where_job_id, job["id"].dump());
  return " " + message_text(DiagId::launch_where_job, job["id"].dump(), job.value("block", ""),
                            job.value("op", ""), job.value("bytes", 0));
}

}  // namespace

json hang_record(const ChildResult& r, const ChildLimits& limits, const char* deadline_from,
                 const fs::path& ldir) {
  json t;
  if (r.killed == ChildKill::StartupTimeout) {
    t = {{"reason", "startup_timeout"},
         {"limit_s", limits.startup_timeout_s},
         {"limit_from", "option"},
         {"after_s", r.killed_at_s}};
  } else if (r.killed == ChildKill::Timeout) {
    t = {{"reason", "timeout"},
         {"limit_s", limits.timeout_s},
         {"limit_from", deadline_from},
         {"after_s", r.killed_at_s}};
  } else {  // the launch ended itself: metron exec --timeout in the template
    auto m = read_json_file(ldir / "manifest.json");
    t = m && m->contains("timeout") ? (*m)["timeout"] : json::object();
    t["reason"] = "timeout";
    t["limit_from"] = "exec";
  }
  job_in_progress(ldir, t);
  if (r.killed != ChildKill::None) {
    t["sigkilled"] = r.sigkilled;
    t["left_behind"] = r.left_behind;
  }
  t["message"] =
      t["reason"] == "startup_timeout"
          ? message_text(DiagId::launch_startup_limit, t.value("limit_s", 0.0))
      : t["limit_from"] == "exec"
          ? message_text(DiagId::launch_own_timeout, t.value("limit_s", 0.0), job_text(t))
          : message_text(t["limit_from"] == "plan" ? DiagId::launch_deadline_from_plan
                                                   : DiagId::launch_deadline,
                         t.value("limit_s", 0.0), job_text(t));
  return t;
}

}  // namespace metron::launcher
