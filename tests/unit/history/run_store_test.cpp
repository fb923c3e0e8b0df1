// Tests for runtime/history/run_store and series_query: a run added once, its series found again
// by the next run, nothing half-written on a failure (an SQLite database in memory).
#include "runtime/history/run_store.h"

#include <doctest/doctest.h>

#include "runtime/history/schema.h"
#include "runtime/history/series_query.h"
#include "runtime/plan/message_error.h"

namespace h = metron::history;

namespace {

std::unique_ptr<h::Database> store_memory_db() {
  h::DatabaseUrl u;
  u.path = ":memory:";
  u.shown = "mem.sqlite";
  auto db = h::open_database(u, h::OpenMode::Create);
  h::prepare_schema(*db, true);
  return db;
}

h::JobRecord job(const std::string& op, std::int64_t bytes, std::vector<double> medians) {
  h::JobRecord j;
  j.key.block = "b";
  j.key.op = op;
  j.key.bytes = bytes;
  j.key.comm_size = 2;
  j.job_key = j.key.text();
  j.label = "b: " + j.key.label();
  j.time_is = "call";
  for (std::size_t i = 0; i < medians.size(); ++i) {
    metron::analysis::LaunchValue v;
    v.launch = static_cast<std::int64_t>(i);
    v.median_s = medians[i];
    v.mean_s = medians[i];
    v.used_n = 10;
    j.launches.push_back(v);
  }
  j.median_s = medians.front();
  return j;
}

h::RunRecord run(const std::string& key, const std::string& started) {
  h::RunRecord r;
  r.run_key = key;
  r.folder = "results/" + key;
  r.kind = "run";
  r.status = "complete";
  r.script = "s.bench";
  r.machine = "vm";
  r.np = 2;
  r.seed = "7";
  r.started_at = started;
  r.finished_at = started;
  r.environment = nlohmann::json::object();
  r.system = {{"mpi_library_version", "MPICH Version: 4.0.2"}};
  r.plan = nlohmann::json::object();
  r.plan_sha256 = "p1";
  r.jobs = {job("Bcast", 8, {1e-6, 1.1e-6}), job("Barrier", 0, {2e-6, 2.1e-6})};
  r.claims = {{"c1", "claim : Bcast < Barrier", "holds", 0.5, 0.4, 0.6}};
  return r;
}

h::AddOutcome add(h::Database& db, const h::RunRecord& r) {
  h::Transaction t(db);
  auto o = h::add_run(db, r);
  t.commit();
  return o;
}

}  // namespace

TEST_SUITE("run_store") {
  TEST_CASE("run_store: a run is added once; its series are found again") {
    auto db = store_memory_db();
    auto first = add(*db, run("a", "2026-12-01T01:00:00Z"));
    CHECK(first.added);
    CHECK(first.series == 2);
    CHECK(first.values == 4);
    auto again = add(*db, run("a", "2026-12-01T01:00:00Z"));
    CHECK_FALSE(again.added);
    CHECK(again.run_id == first.run_id);
    CHECK(h::run_count(*db) == 1);
    auto second = add(*db, run("b", "2026-12-02T01:00:00Z"));
    CHECK(second.added);
    auto series = h::list_series(*db);
    REQUIRE(series.size() == 2);  // the second run found both series
    CHECK(series[0].op == "Barrier");
    CHECK(series[0].name() == "s.bench on 'vm', np 2: b: Barrier 0 B, 2 ranks");
    auto runs = h::series_runs(*db, series[1].id, "");
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].folder == "results/a");
    CHECK(runs[1].medians == std::vector<double>{1e-6, 1.1e-6});
    CHECK(h::series_runs(*db, series[1].id, "2026-12-02").size() == 1);
    CHECK(db->query("SELECT verdict FROM metron_claims", {}).size() == 2);
    // both runs have the same plan: stored once
    CHECK(db->query("SELECT sha256 FROM metron_plans", {}).size() == 1);
    auto id = h::run_identity(*db, second.run_id);
    CHECK(id.folder == "results/b");
    CHECK(id.system["mpi_library_version"] == "MPICH Version: 4.0.2");
  }

  TEST_CASE("run_store: a failure in the middle leaves nothing of the run") {
    auto db = store_memory_db();
    h::RunRecord r = run("c", "2026-12-03T01:00:00Z");
    r.jobs.push_back(r.jobs.front());  // the same series twice: the second result conflicts
    bool failed = false;
    try {
      add(*db, r);
    } catch (const metron::MessageError& e) {
      failed = std::string(e.what()).rfind("history database 'mem.sqlite': ", 0) == 0;
    }
    CHECK(failed);
    CHECK(h::run_count(*db) == 0);
    CHECK(db->query("SELECT COUNT(*) FROM metron_launch_values", {}).at(0).at(0) ==
          h::DbValue{std::int64_t{0}});
    CHECK(h::list_series(*db).empty());
  }

  TEST_CASE("run_store: NaN is stored as NULL") {
    auto db = store_memory_db();
    h::RunRecord r = run("d", "2026-12-04T01:00:00Z");
    r.jobs[0].ci_lo_s = std::numeric_limits<double>::quiet_NaN();
    add(*db, r);
    auto rows = db->query("SELECT ci_lo_s FROM metron_results WHERE ci_lo_s IS NULL", {});
    CHECK(rows.size() == 1);
  }
}
