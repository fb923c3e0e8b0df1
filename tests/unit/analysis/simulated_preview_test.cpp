// The preview of `metron run --simulate` from a simulated run's manifests: the campaign's time and
// launch count at the planned replicates, and each thing that would fail at that scale.
#include <doctest/doctest.h>

#include "runtime/analysis/simulated_preview.h"
#include "runtime/plan/plan_dump.h"

using metron::analysis::build_preview;
using metron::analysis::preview_json;
using metron::analysis::preview_text;
using nlohmann::json;

namespace {

// A run manifest as `metron run --simulate` writes it: one launch entry per combination.
json run_manifest(std::vector<json> entries) {
  return {{"planned_replicates", 3},
          {"limits", {{"allowances", {{"budget_factor", 1.25}, {"job_s", 1.0}}}}},
          {"launches", entries}};
}

json entry(int id, const std::string& alg, double deadline_s, const std::string& status) {
  return {{"id", id},
          {"np", 4},
          {"levels", {{"alg", alg}}},
          {"status", status},
          {"deadline_s", deadline_s},
          {"deadline", {{"clock_sync_s", 60.0}}}};
}

// The settings as exec writes them into the plan (the preview reads max_time from there).
json settings_max_time(double seconds) {
  metron::Settings s;
  s.max_time_s = seconds;
  return metron::settings_json(s);
}

// A simulated launch's manifest: 4 ranks on 2 hosts, one Bcast job of 1 MiB (max_time 10 s).
json launch_manifest(double simulated_s, double job_s) {
  json ranks = json::array();
  for (int r = 0; r < 4; ++r) ranks.push_back({{"rank", r}, {"host", r < 2 ? "n0" : "n1"}});
  return {
      {"simulated", true},
      {"simulation", {{"platform", "p.xml"}, {"simulated_s", simulated_s}}},
      {"system", {{"ranks", ranks}}},
      {"clock_syncs", json::array({{{"duration_s", 0.5}}})},
      {"plan",
       {{"settings", json::array({settings_max_time(10.0)})},
        {"jobs", json::array({{{"id", 0},
                               {"block", "b"},
                               {"op", "Bcast"},
                               {"bytes", 1 << 20},
                               {"send_bytes", 1 << 20},
                               {"recv_bytes", 0},
                               {"settings", 0},
                               {"comm", {{"label", "MPI_COMM_WORLD"}, {"size", 4}}}}})}}},
      {"jobs",
       json::array({{{"id", 0}, {"elapsed_s", job_s}, {"n", 30}, {"stop_reason", "rule_met"}}})}};
}

}  // namespace

TEST_CASE("simulated preview: the campaign is the planned replicates of each simulated launch") {
  const auto p = build_preview(
      run_manifest({entry(0, "a", 73.5, "complete"), entry(1, "b", 73.5, "complete")}),
      {launch_manifest(2.0, 1.5), launch_manifest(4.0, 3.0)}, 3);
  CHECK(p.launch_count == 6);
  CHECK(p.campaign_s == doctest::Approx(3 * (2.0 + 4.0)));
  CHECK(p.deadlines_s == doctest::Approx(6 * 73.5));
  REQUIRE(p.launches.size() == 2);
  CHECK(p.launches[0].levels == "alg=a");
  CHECK(p.launches[0].hosts == 2);
  CHECK(p.launches[0].max_ranks_per_host == 2);
  CHECK(p.launches[0].communicators == 1);
  REQUIRE(p.launches[0].jobs.size() == 1);
  CHECK(p.launches[0].jobs[0].what == "block 'b', Bcast 1 MiB, 4 ranks");
  CHECK(p.launches[0].jobs[0].budget_s == doctest::Approx(13.5));  // 1.25 x 10 s + 1 s
  // Buffers: 1 MiB a rank, two ranks on a host, four in the simulating process.
  CHECK(p.max_buffer_bytes == 1 << 20);
  CHECK(p.host_buffer_bytes == 2 << 20);
  CHECK(p.simulation_buffer_bytes == 4 << 20);
  CHECK(p.problems.empty());
  const std::string text = preview_text(p);
  CHECK(text.find("metron: simulated preview on 'p.xml' (SimGrid SMPI): the times are the "
                  "platform model's, not measurements\n") == 0);
  CHECK(text.find("metron: campaign: 6 launch(es) (3 replicate(s) x 2 combination(s)) take 18 s "
                  "simulated; their deadlines add up to 441 s\n") != std::string::npos);
  CHECK(text.find("metron: buffers: at most 1 MiB per rank (job 0), 2 MiB on a host of 2 "
                  "rank(s); the simulation holds 4 MiB of them in this machine's memory\n") !=
        std::string::npos);
  CHECK(text.find("metron: communicators: 1 in the plan of launch 0, the largest of 4 ranks\n") !=
        std::string::npos);
  CHECK(text.find("metron: nothing would fail at this scale: every launch completed within its "
                  "deadline\n") != std::string::npos);
  const json j = preview_json(p);
  CHECK(j["simulated"] == true);
  CHECK(j["launch_count"] == 6);
  CHECK(j["launches"][1]["simulated_s"] == 4.0);
}

TEST_CASE("simulated preview: a failed launch, a deadline passed, a job over its budget") {
  json slow = launch_manifest(100.0, 20.0);
  slow["clock_syncs"] = json::array({{{"duration_s", 90.0}}});
  const auto p =
      build_preview(run_manifest({entry(0, "a", 73.5, "complete"), entry(1, "b", 73.5, "failed")}),
                    {slow, json()}, 1);
  REQUIRE(p.problems.size() == 4);
  CHECK(p.problems[0] ==
        "metron: error: launch 0 (4 ranks, alg=a) takes 100 s simulated, past its deadline of "
        "73.5 s: metron run would kill it (raise the jobs' max_time, or give run "
        "--launch-timeout)");
  CHECK(p.problems[1] ==
        "metron: warning: job 0 (block 'b', Bcast 1 MiB, 4 ranks) takes 20 s simulated, over its "
        "budget of 13.5 s (1.25 x max_time + 1 s): its launch's deadline relies on the other "
        "jobs' slack");
  CHECK(p.problems[2] ==
        "metron: warning: launch 0: the clock synchronizations take 90 s simulated, over the 60 s "
        "its deadline allows them");
  CHECK(p.problems[3] ==
        "metron: error: launch 1 (4 ranks, alg=b) failed in the simulation: status 'failed'");
  CHECK(preview_text(p).find("nothing would fail") == std::string::npos);
}

TEST_CASE("simulated preview: the simulation's buffers against this machine's memory") {
  const auto run = run_manifest({entry(0, "a", 73.5, "complete")});
  // 4 ranks of 1 MiB: 4 MiB in the simulating process, more than 3 MiB available.
  const auto short_of = build_preview(run, {launch_manifest(2.0, 1.5)}, 1, 3 << 20);
  REQUIRE(short_of.problems.size() == 1);
  CHECK(short_of.problems[0] ==
        "metron: warning: the simulation holds every rank's buffers: 4 x 1 MiB = 4 MiB, and "
        "this machine has 3 MiB available");
  CHECK(build_preview(run, {launch_manifest(2.0, 1.5)}, 1, 4 << 20).problems.empty());
  CHECK(build_preview(run, {launch_manifest(2.0, 1.5)}, 1, 0).problems.empty());  // unknown
}

TEST_CASE("simulated preview: the plan's jobs are read from the manifest, not from a copy") {
  // Many jobs make a reallocation likely, so that pointers into a temporary copy would read freed
  // memory (it once threw json type_error 306).
  json m = launch_manifest(2.0, 1.5);
  for (int id = 1; id < 64; ++id) {
    json pj = m["plan"]["jobs"][0];
    pj["id"] = id;
    pj["block"] = "b" + std::to_string(id);
    m["plan"]["jobs"].push_back(pj);
    m["jobs"].push_back({{"id", id}, {"elapsed_s", 0.1}, {"n", 30}, {"stop_reason", "rule_met"}});
  }
  const auto p = build_preview(run_manifest({entry(0, "a", 73.5, "complete")}), {m}, 1);
  REQUIRE(p.launches.size() == 1);
  REQUIRE(p.launches[0].jobs.size() == 64);
  CHECK(p.launches[0].jobs[63].what == "block 'b63', Bcast 1 MiB, 4 ranks");
  CHECK(p.launches[0].jobs[63].budget_s == doctest::Approx(13.5));
}
