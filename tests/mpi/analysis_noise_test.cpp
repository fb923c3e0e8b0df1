// Noise flags reach the verdicts (issue 35): the kinds of summary.csv's noise cells, their union
// over launches, the columns and marks of analysis, comparisons and guidelines, and --strict.
// Pure, run in an MPI test binary because the analysis lives in metron_mpi.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "runtime/adapt/machine_load.h"
#include "runtime/analysis/analysis.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/guidelines.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/results/job_summary.h"

using namespace metron;
using namespace metron::analysis;

namespace {

// The texts the producers write (NOISE-TEXT in noise_flags.cpp): a change of their wording must
// fail here, not silently turn a flag into "other".
std::string oversubscribed_text() {
  return adapt::machine_findings({{"node1", 3, 2, 0.5}}).at(0);
}
// The load average is context now, but older folders carry its finding as a flag.
std::string load_text() {
  return adapt::load_context({{"node1", 2, 2, 7.9}}).at(0);
}
// A job's contention above every threshold (adapt/contention.h).
std::vector<std::string> contention_texts() {
  adapt::JobContention c;
  c.window_s = 1;
  c.cpu_pressure = {0.38, 1};
  c.involuntary_switches = {2140, 1};
  c.cpu_steal = {0.07, 0};
  return adapt::contention_findings(c);
}
std::string descheduled_text() {
  rt::JobResult r;
  for (int i = 0; i < 200; ++i) r.time_s.push_back(i % 20 == 0 ? 5e-3 : 1e-6);
  r.valid.assign(r.time_s.size(), 1);
  Settings s;
  s.truncation = false;
  return rt::summarize(r, s).noise;
}

LaunchValue value(std::int64_t launch, double median_s, std::string noise = "") {
  LaunchValue v;
  v.launch = launch;
  v.replicate = launch;
  v.median_s = median_s;
  v.mean_s = median_s;
  v.noise = std::move(noise);
  return v;
}

JobSeries series(const std::string& op, const std::vector<double>& medians,
                 const std::vector<std::string>& noise) {
  JobSeries s;
  s.key.block = "b";
  s.key.op = op;
  s.key.bytes = 8;
  s.key.comm_size = 2;
  for (std::size_t i = 0; i < medians.size(); ++i)
    s.launches.push_back(value(static_cast<std::int64_t>(i), medians[i], noise[i]));
  return s;
}

}  // namespace

using Kinds = std::set<std::string>;

TEST_CASE("noise_kinds: the producers' findings sort into their kinds") {
  CHECK(noise_kinds("") == Kinds{});
  CHECK(noise_kinds(oversubscribed_text()) == Kinds{"oversubscribed"});
  CHECK(noise_kinds(load_text()) == Kinds{"load average above the cores"});
  const std::string d = descheduled_text();
  REQUIRE(d.find("descheduled") != std::string::npos);
  CHECK(noise_kinds(d) == Kinds{"descheduled observations"});
  // Joined as summary.csv joins them, in any order; each kind once.
  CHECK(noise_kinds(d + "; " + load_text() + "; " + oversubscribed_text() + "; " + load_text()) ==
        Kinds{"oversubscribed", "load average above the cores", "descheduled observations"});
  CHECK(noise_kinds("the moon was full") == Kinds{"the moon was full"});  // kept as written
  // Many hosts with the same problem: one counted line per kind, sorted the same way.
  std::vector<adapt::HostLoad> many(adapt::kFindingsPerHostUpTo + 1, {"n", 3, 2, 7.9});
  const auto counted = adapt::machine_findings(many);
  REQUIRE(counted.size() == 1);
  CHECK(noise_kinds(counted[0]) == Kinds{"oversubscribed"});
  const auto loads = adapt::load_context(many);
  REQUIRE(loads.size() == 1);
  CHECK(noise_kinds(loads[0]) == Kinds{"load average above the cores"});
}

TEST_CASE("noise_kinds: a job's contention sorts into what was measured") {
  const auto texts = contention_texts();
  REQUIRE(texts.size() == 3);
  CHECK(noise_kinds(texts[0]) == Kinds{"CPU pressure"});
  CHECK(noise_kinds(texts[1]) == Kinds{"involuntary context switches"});
  CHECK(noise_kinds(texts[2]) == Kinds{"steal time"});
  // As summarize() writes them into the noise cell, after the launch's findings.
  rt::JobResult r;
  r.time_s.assign(20, 1e-6);
  r.valid.assign(20, 1);
  r.launch_noise = oversubscribed_text();
  r.contention.window_s = 1;
  r.contention.cpu_pressure = {0.38, 1};
  const std::string cell = rt::summarize(r, Settings{}).noise;
  CHECK(cell == oversubscribed_text() + "; CPU pressure 38% of the job's time on rank 1");
  CHECK(noise_kinds(cell) == Kinds{"oversubscribed", "CPU pressure"});
}

TEST_CASE("noise_of: the union of a set of launch values, with counts") {
  const std::vector<LaunchValue> v = {value(0, 1e-6), value(1, 1e-6, load_text()),
                                      value(2, 1e-6, load_text() + "; " + descheduled_text()),
                                      value(3, 1e-6)};
  const NoiseSummary n = noise_of(v);
  CHECK(n.total == 4);
  CHECK(n.flagged == 2);
  CHECK(n.any());
  CHECK(n.launches_by_kind.at("load average above the cores") == 2);
  CHECK(n.launches_by_kind.at("descheduled observations") == 1);
  CHECK(n.kinds_text() == "descheduled observations; load average above the cores");
  NoiseSummary clean = noise_of(std::vector<LaunchValue>{value(0, 1e-6)});
  CHECK_FALSE(clean.any());
  CHECK(clean.kinds_text().empty());
  clean.add(n);
  CHECK(clean.total == 5);
  CHECK(clean.flagged == 2);
}

TEST_CASE("folder_noise: launches counted once, flagged when any of their rows is") {
  ResultsData d;
  d.jobs.push_back(series("Bcast", {1e-6, 1e-6, 1e-6}, {"", load_text(), ""}));
  d.jobs.push_back(series("Reduce", {1e-6, 1e-6, 1e-6}, {"", descheduled_text(), ""}));
  const NoiseSummary n = folder_noise(d);
  CHECK(n.total == 3);
  CHECK(n.flagged == 1);
  CHECK(n.launches_by_kind.at("load average above the cores") == 1);
  CHECK(n.launches_by_kind.at("descheduled observations") == 1);
}

TEST_CASE("noise_footer: names each kind with its rows; says what --strict does") {
  NoiseSummary a = noise_of(std::vector<LaunchValue>{value(0, 1, oversubscribed_text())});
  NoiseSummary b = noise_of(std::vector<LaunchValue>{value(0, 1)});
  const std::vector<NoiseSummary> rows = {a, b, a};
  CHECK(noise_footer(std::vector<NoiseSummary>{b}, true, false).empty());
  CHECK(noise_footer(rows, false, false) ==
        "!: 2 of 3 rows computed on launches with noise flags: oversubscribed (2 rows)\n");
  CHECK(noise_footer(rows, true, false).find("--strict makes them inconclusive") !=
        std::string::npos);
  CHECK(noise_footer(rows, true, true).find("--strict: their verdicts are inconclusive") !=
        std::string::npos);
}

TEST_CASE("analysis: the noise column and the mark in the table") {
  ResultsData d;
  d.jobs.push_back(series("Bcast", {1e-6, 1.1e-6, 1e-6}, {"", load_text(), ""}));
  d.jobs.push_back(series("Reduce", {2e-6, 2e-6, 2e-6}, {"", "", ""}));
  const auto a = analyze(d);
  CHECK(a[0].noise.kinds_text() == "load average above the cores");
  CHECK(a[0].noise.flagged == 1);
  CHECK_FALSE(a[1].noise.any());
  const std::string t = analysis_table(d, a);
  CHECK(t.find("%  !\n") != std::string::npos);  // the Bcast row ends with the mark
  CHECK(t.find("load average above the cores (1 row)") != std::string::npos);
}

TEST_CASE("compare: a verdict on flagged launches is qualified, and inconclusive with --strict") {
  ResultsData a, b;
  const std::vector<double> fast = {1.00e-6, 1.01e-6, 0.99e-6, 1.00e-6, 1.02e-6, 0.98e-6};
  const std::vector<double> slow = {2.00e-6, 2.01e-6, 1.99e-6, 2.00e-6, 2.02e-6, 1.98e-6};
  const std::vector<std::string> clean(6, "");
  std::vector<std::string> flagged = clean;
  flagged[4] = descheduled_text();
  a.jobs.push_back(series("Bcast", fast, clean));
  b.jobs.push_back(series("Bcast", slow, flagged));
  CompareOptions o;
  auto cs = compare_results(a, b, o);
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].verdict == stats::Verdict::Differs);
  CHECK(cs[0].noise.flagged == 1);
  CHECK(cs[0].noise.total == 12);
  std::string t = comparison_table(cs, o, "A", "B");
  CHECK(t.find("differs !") != std::string::npos);
  CHECK(t.find("descheduled observations (1 row)") != std::string::npos);
  o.strict = true;
  cs = compare_results(a, b, o);
  CHECK(cs[0].verdict == stats::Verdict::Inconclusive);
  CHECK_FALSE(cs[0].launches_needed);
  t = verdict_table(cs, o);
  CHECK(t.find("inconclusive !") != std::string::npos);
  CHECK(t.find("--strict: their verdicts are inconclusive") != std::string::npos);
  // Clean launches keep their verdict under --strict.
  b.jobs[0] = series("Bcast", slow, clean);
  cs = compare_results(a, b, o);
  CHECK(cs[0].verdict == stats::Verdict::Differs);
  CHECK(comparison_table(cs, o, "A", "B").find(" !") == std::string::npos);
}

TEST_CASE("guidelines: the noise of both sides, and undecided with --strict") {
  ResultsData d;
  const std::vector<double> lhs = {3e-6, 3.1e-6, 2.9e-6, 3e-6, 3.05e-6, 2.95e-6, 3e-6};
  const std::vector<double> rhs = {1e-6, 1.01e-6, 0.99e-6, 1e-6, 1.02e-6, 0.98e-6, 1e-6};
  std::vector<std::string> noise(7, "");
  noise[2] = oversubscribed_text();
  JobSeries l = series("Bcast", lhs, std::vector<std::string>(7, ""));
  JobSeries r = series("Allreduce", rhs, noise);
  l.guideline = r.guideline = "g";
  l.guideline_side = "lhs";
  r.guideline_side = "rhs";
  l.guideline_check = r.guideline_check = 0;
  d.jobs = {l, r};
  GuidelineOptions o;
  auto cs = check_guidelines(d, o);
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].verdict == GuidelineVerdict::Violated);
  CHECK(cs[0].noise.kinds_text() == "oversubscribed");
  CHECK(guideline_table(cs, o).find("oversubscribed (1 row)") != std::string::npos);
  o.strict = true;
  cs = check_guidelines(d, o);
  CHECK(cs[0].verdict == GuidelineVerdict::Undecided);
}
