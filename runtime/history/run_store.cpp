// Adding a run to the history (see run_store.h; the tables in schema.cpp).
#include "runtime/history/run_store.h"

#include "runtime/output/json_file.h"

namespace metron::history {

namespace {

std::int64_t series_id(Database& db, const RunRecord& r, const JobRecord& j) {
  // ON CONFLICT: a concurrent writer may create the same series first.
  db.query(
      "INSERT INTO metron_series (script, machine, np, block, op, bytes, comm_size, "
      "job_key, label) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      {r.script, r.machine, r.np, j.key.block, j.key.op, j.key.bytes, j.key.comm_size, j.job_key,
       j.label});
  auto rows = db.query(
      "SELECT id FROM metron_series WHERE script = ? AND machine = ? AND "
      "np = ? AND job_key = ?",
      {r.script, r.machine, r.np, j.job_key});
  return as_int(rows.at(0).at(0));
}

std::int64_t insert_run(Database& db, const RunRecord& r) {
  auto rows = db.query(
      "INSERT INTO metron_runs (run_key, folder, kind, status, script, script_sha256, "
      "plan_sha256, machine, hosts, np, seed, launches, launcher, mpi_library, mpi_version, "
      "metron_version, metron_commit, started_at, finished_at, environment, system, "
      "added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "RETURNING id",
      {r.run_key,       r.folder,
       r.kind,          r.status,
       r.script,        r.script_sha256,
       r.plan_sha256,   r.machine,
       r.hosts,         r.np,
       r.seed,          r.launches,
       r.launcher,      r.mpi_library,
       r.mpi_version,   r.metron_version,
       r.metron_commit, r.started_at,
       r.finished_at,   r.environment.dump(),
       r.system.dump(), out::utc_now_iso8601()});
  return as_int(rows.at(0).at(0));
}

std::size_t insert_job(Database& db, std::int64_t run, std::int64_t series, const JobRecord& j) {
  db.query(
      "INSERT INTO metron_results (series_id, run_id, job, launches, median_s, ci_lo_s, "
      "ci_hi_s, min_median_s, max_median_s, time_is) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      {series, run, j.job, static_cast<std::int64_t>(j.launches.size()), real_or_null(j.median_s),
       real_or_null(j.ci_lo_s), real_or_null(j.ci_hi_s), real_or_null(j.min_s),
       real_or_null(j.max_s), j.time_is});
  for (const auto& l : j.launches)
    db.query(
        "INSERT INTO metron_launch_values (series_id, run_id, launch, replicate, median_s, "
        "mean_s, used_n, p25_s, p75_s, noise) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {series, run, l.launch, l.replicate, l.median_s, real_or_null(l.mean_s), l.used_n,
         real_or_null(l.p25_s), real_or_null(l.p75_s), l.noise});
  return j.launches.size();
}

}  // namespace

AddOutcome add_run(Database& db, const RunRecord& r) {
  AddOutcome o;
  auto found = db.query("SELECT id FROM metron_runs WHERE run_key = ?", {r.run_key});
  if (!found.empty()) {
    o.run_id = as_int(found.front().front());
    return o;
  }
  o.added = true;
  db.query("INSERT INTO metron_plans (sha256, plan) VALUES (?, ?) ON CONFLICT DO NOTHING",
           {r.plan_sha256, r.plan.dump()});
  o.run_id = insert_run(db, r);
  for (const JobRecord& j : r.jobs) {
    o.values += insert_job(db, o.run_id, series_id(db, r, j), j);
    ++o.series;
  }
  for (const ClaimRecord& c : r.claims)
    db.query(
        "INSERT INTO metron_claims (run_id, claim, text, verdict, effect, effect_lo, "
        "effect_hi) VALUES (?, ?, ?, ?, ?, ?, ?)",
        {o.run_id, c.id, c.text, c.verdict, real_or_null(c.effect), real_or_null(c.effect_lo),
         real_or_null(c.effect_hi)});
  return o;
}

}  // namespace metron::history
