// Reading series and runs back (see series_query.h).
#include "runtime/history/series_query.h"

namespace metron::history {

std::string SeriesInfo::name() const {
  return script + " on '" + machine + "', np " + std::to_string(np) + ": " + label;
}

std::vector<SeriesInfo> list_series(Database& db) {
  std::vector<SeriesInfo> out;
  for (const DbRow& r : db.query("SELECT id, script, machine, np, block, op, bytes, comm_size, "
                                 "label FROM metron_series ORDER BY script, machine, np, label, id",
                                 {})) {
    SeriesInfo s;
    s.id = as_int(r[0]);
    s.script = as_text(r[1]);
    s.machine = as_text(r[2]);
    s.np = as_int(r[3]);
    s.block = as_text(r[4]);
    s.op = as_text(r[5]);
    s.bytes = as_int(r[6]);
    s.comm_size = as_int(r[7]);
    s.label = as_text(r[8]);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<RunValues> series_runs(Database& db, std::int64_t series_id, const std::string& since) {
  std::vector<RunValues> out;
  const auto rows = db.query(
      "SELECT v.run_id, r.started_at, r.folder, v.median_s FROM metron_launch_values v "
      "JOIN metron_runs r ON r.id = v.run_id WHERE v.series_id = ? AND r.started_at >= ? "
      "ORDER BY r.started_at, r.id, v.launch",
      {series_id, since});
  for (const DbRow& r : rows) {
    const std::int64_t id = as_int(r[0]);
    if (out.empty() || out.back().run_id != id)
      out.push_back({id, as_text(r[1]), as_text(r[2]), {}});
    out.back().medians.push_back(as_double(r[3]));
  }
  return out;
}

RunIdentity run_identity(Database& db, std::int64_t run_id) {
  RunIdentity r;
  const auto rows = db.query(
      "SELECT id, folder, started_at, script_sha256, plan_sha256, launcher, "
      "mpi_library, mpi_version, metron_version, metron_commit, hosts, system FROM "
      "metron_runs WHERE id = ?",
      {run_id});
  if (rows.empty()) return r;
  const DbRow& x = rows.front();
  r.id = as_int(x[0]);
  r.folder = as_text(x[1]);
  r.started_at = as_text(x[2]);
  r.script_sha256 = as_text(x[3]);
  r.plan_sha256 = as_text(x[4]);
  r.launcher = as_text(x[5]);
  r.mpi_library = as_text(x[6]);
  r.mpi_version = as_text(x[7]);
  r.metron_version = as_text(x[8]);
  r.metron_commit = as_text(x[9]);
  r.hosts = as_text(x[10]);
  r.system = nlohmann::json::parse(as_text(x[11]), nullptr, false);
  return r;
}

std::int64_t run_count(Database& db) {
  const auto rows = db.query("SELECT COUNT(*) FROM metron_runs", {});
  return rows.empty() ? 0 : as_int(rows.front().front());
}

}  // namespace metron::history
