// The run's state and its manifest's writes (see run_state.h).
#include "runtime/launcher/run_state.h"

#include <cerrno>
#include <cstring>

#include "runtime/launcher/launch_deadline.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using out::read_json_file;

}  // namespace

bool write_run_manifest(const RunState& st) {
  return out::write_json_file(st.dir / "manifest.json", to_json(st.manifest));
}

void save_manifest(RunState& st) {
  if (!write_run_manifest(st) && st.write_error.empty())
    st.write_error = message_text(DiagId::cannot_write_file_why,
                                  (st.dir / "manifest.json").string(), std::strerror(errno));
}

std::string launch_status_on_disk(const fs::path& dir) {
  auto m = read_json_file(dir / "manifest.json");
  if (!m || !m->is_object()) return "";
  return m->value("status", "");
}

json limits_json(const RunState& st) {
  DeadlineAllowances a;
  return {
      {"launch_timeout_s", st.launch_timeout_s >= 0 ? json(st.launch_timeout_s) : json(nullptr)},
      {"startup_timeout_s", st.startup_timeout_s},
      {"retries", st.retries},
      {"kill_grace_s", kKillGraceS},
      {"finalize_grace_s", st.finalize_grace_s},
      {"allowances",
       {{"budget_factor", a.budget_factor}, {"job_s", a.job_s}, {"clock_sync_s", a.clock_sync_s}}}};
}

}  // namespace metron::launcher
