// The typed run manifest (runtime/launcher/run_manifest.h) reads a recorded manifest.json and
// writes it back as the same text: key names, numbers (integers stay integers), null and absent
// keys, and the keys this build does not know. The recorded text below is a `metron run` manifest
// (two launches, one complete, one killed at its deadline), cut down, with keys added as an older
// or newer Metron might write them.
#include <doctest/doctest.h>

#include <string>

#include "runtime/launcher/run_manifest.h"

using metron::launcher::launch_entry;
using metron::launcher::launch_record_from_json;
using metron::launcher::LaunchRecord;
using metron::launcher::Nullable;
using metron::launcher::run_manifest_from_json;
using metron::launcher::RunManifest;
using nlohmann::json;

namespace {

const char* const kRecordedRun = R"({
  "command": ["metron", "run", "r.bench", "--out", "old1", "--seed", "11"],
  "design": {"factors": [{"env": "ALG", "levels": ["a", "b"], "name": "alg", "sets_np": false}],
             "np": 2, "replicates": 1},
  "finished_at": null,
  "launch_order_seed": 5833679380957638813,
  "launcher": "/usr/bin/mpiexec.mpich -n {np} {metron} exec {script} --out {dir}",
  "launches": [
    {"argv": ["mpiexec", "-n", "2"], "attempt": 1,
     "attempts": [{"attempt": 1, "duration_s": 0.260567954, "exit_code": 0, "job_id": null,
                   "launch_status": "complete", "signal": null, "status": "complete"}],
     "deadline": {"jobs": 2, "jobs_s": 81.0, "startup_s": 60.0, "total_s": 141.0},
     "deadline_from": "plan", "deadline_s": 141.0, "dir": "launches/1", "duration_s": 3.0,
     "env": {"ALG": "b"}, "exit_code": 0, "finished_at": "2026-12-06T22:07:04Z", "id": 1,
     "job_id": null, "launch_status": "complete", "level_index": {"alg": 1},
     "levels": {"alg": "b"}, "np": 2, "position": 0, "replicate": 0, "retries": 0,
     "signal": null, "started_at": "2026-12-06T22:07:03Z", "status": "complete",
     "stderr": "launches/1/stderr.txt", "stderr_tail": "", "stdout": "launches/1/stdout.txt",
     "finalize": {"ended_by": "run", "grace_s": 2.0, "returned": false},
     "note": "launch 1: MPI_Finalize did not return"},
    {"attempt": 2, "attempts": [{"attempt": 1, "dir": "attempts/0-1", "exit_code": null, "left_behind": 2, "signal": 9, "status": "failed", "timeout": {"reason": "timeout"}}, 7], "deadline_from": "option", "deadline_s": 5, "dir": "launches/0",
     "env": {"ALG": "a"}, "error": "killed at its deadline", "exit_code": null, "id": 0,
     "job_id": "4242", "launch_status": null, "level_index": {"alg": 0}, "levels": {"alg": "a"},
     "np": "two", "position": 1, "replicate": 0, "retries": 1, "signal": 9, "signal_of": "rank",
     "status": "failed", "timeout": {"reason": "timeout", "limit_s": 5.0, "job": null},
     "from_a_newer_metron": [1, 2.5, "x"]}
  ],
  "limits": {"allowances": {"budget_factor": 1.5}, "finalize_grace_s": 2.0,
             "kill_grace_s": 5.0, "launch_timeout_s": null, "retries": 1},
  "machine_warnings": [],
  "merged": {"launches": [1], "raw_rows": 40},
  "metron": {"git_commit": "59697c1", "version": "0.1.0"},
  "order": [1, 0],
  "planned_replicates": 3,
  "resumed": [{"at": "2026-12-06T22:08:00Z", "command": ["metron"], "scheduler": null}],
  "retried_launches": 1,
  "run_schema_version": 1,
  "scheduler": null,
  "script": {"copy": "script/r.bench", "files": [{"name": "r.bench", "sha256": "ab", "text": "x"}],
             "path": "r.bench", "sha256": "ab"},
  "seed": 11,
  "settings_override": null,
  "simulated": true,
  "simulation_limits": {"startup_timeout_s": null, "timeout_s": 30.0},
  "skip_unsupported": false,
  "started_at": "2026-12-06T22:07:03Z",
  "status": "failed",
  "unknown_top_level": {"kept": true}
})";

std::string round_trip(const json& j) {
  return to_json(run_manifest_from_json(j)).dump(2);
}

}  // namespace

TEST_CASE("unit: a recorded run manifest is written back as the same text") {
  const json recorded = json::parse(kRecordedRun);
  CHECK(round_trip(recorded) == recorded.dump(2));
  // Written back from what was written: the same again.
  CHECK(round_trip(json::parse(round_trip(recorded))) == recorded.dump(2));
}

TEST_CASE("unit: the run manifest's fields are read by name and type") {
  const RunManifest m = run_manifest_from_json(json::parse(kRecordedRun));
  REQUIRE(m.seed);
  CHECK(*m.seed == 11);
  CHECK(m.finished_at.has_value());    // present ...
  CHECK(!m.finished_at->has_value());  // ... and null
  CHECK(m.status == "failed");
  REQUIRE(m.launches);
  REQUIRE(m.launches->size() == 2);
  const LaunchRecord& done = (*m.launches)[0];
  CHECK(done.np == 2);
  CHECK(done.deadline_s == 141.0);
  CHECK(done.stdout_file == "launches/1/stdout.txt");
  CHECK(done.levels->at("alg") == "b");
  const LaunchRecord& failed = (*m.launches)[1];
  CHECK(failed.signal->value() == 9);
  CHECK(!failed.exit_code->has_value());
  CHECK(!failed.np);  // "two": not a count, kept as read
  CHECK(failed.extra.at("np") == "two");
  CHECK(failed.extra.contains("from_a_newer_metron"));
  REQUIRE(failed.attempts);
  REQUIRE(failed.attempts->size() == 2);
  CHECK((*failed.attempts)[0].dir == "attempts/0-1");
  CHECK((*failed.attempts)[0].left_behind == 2);
  CHECK((*failed.attempts)[1].extra == 7);  // not an attempt's record: kept as it is
  CHECK(m.extra.contains("unknown_top_level"));
  CHECK(!m.replay_of);  // absent stays absent
}

TEST_CASE("unit: a launch's new attempt replaces what the entry held, and keeps unknown keys") {
  const json recorded = json::parse(kRecordedRun);
  LaunchRecord e = launch_record_from_json(recorded["launches"][1]);
  e.forget_stale_keys();
  e.np = 2;
  e.exit_code = Nullable<std::int64_t>(0);
  e.signal = Nullable<std::int64_t>();
  e.signal_of.reset();
  e.error.reset();
  const json written = to_json(e);
  CHECK(written.at("np") == 2);
  CHECK(written.at("exit_code") == 0);
  CHECK(written.at("signal").is_null());
  CHECK(!written.contains("signal_of"));
  CHECK(!written.contains("error"));
  CHECK(written.at("from_a_newer_metron") == json::parse(R"([1, 2.5, "x"])"));
  CHECK(written.at("deadline_s").dump() == "5");  // an integer stays one until it is set
}

TEST_CASE("unit: a pending launch's entry") {
  metron::launcher::Launch l;
  l.id = 3;
  l.replicate = 1;
  l.np = 4;
  l.levels = {{"alg", 1, "ring"}};
  l.env = {{"ALG", "ring"}};
  const json expected = json::parse(R"({"dir": "launches/3", "env": {"ALG": "ring"}, "id": 3,
      "level_index": {"alg": 1}, "levels": {"alg": "ring"}, "np": 4, "position": 5,
      "replicate": 1, "status": "pending"})");
  CHECK(to_json(launch_entry(l, 5)).dump(2) == expected.dump(2));
}
