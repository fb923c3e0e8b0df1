// The exit codes of `metron replay` by what leads (findings, or jobs) are the ones the table in
// docs/cli.md ("Exit codes") gives: each case is checked against the row of its code. The e2e
// tests assert the same codes from real replays (bundle_replay.sh, replay_exit_codes.sh).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/analysis/compare.h"
#include "runtime/analysis/findings.h"
#include "runtime/plan/exit_codes.h"

using namespace metron;
using namespace metron::analysis;

namespace {

struct Row {
  std::string findings, jobs;
};

// The rows "| CODE | findings lead | jobs lead |" of the table under "| Code | findings lead |
// jobs lead |" in docs/cli.md.
std::map<int, Row> documented_codes() {
  std::ifstream f(std::string(METRON_SOURCE_DIR) + "/docs/cli.md");
  REQUIRE(f);
  std::map<int, Row> rows;
  std::string line;
  bool in_table = false;
  while (std::getline(f, line)) {
    if (line.rfind("| Code | findings lead | jobs lead |", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (line.empty() || line[0] != '|') break;
    std::vector<std::string> cells;
    std::stringstream ss(line.substr(1));
    std::string cell;
    while (std::getline(ss, cell, '|')) cells.push_back(cell);
    if (cells.size() < 3 || cells[0].find("---") != std::string::npos) continue;
    rows[std::stoi(cells[0])] = {cells[1], cells[2]};
  }
  return rows;
}

FindingReplay finding(ReplayOutcome o) {
  FindingReplay r;
  r.outcome = o;
  return r;
}

Comparison job(stats::Verdict v) {
  Comparison c;
  c.verdict = v;
  return c;
}

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("replay exit codes: findings lead, as docs/cli.md says") {
  const auto rows = documented_codes();
  REQUIRE(rows.size() == 3);
  const int all = findings_exit_code({finding(ReplayOutcome::Reproduced)});
  CHECK(all == kExitOk);
  CHECK(mentions(rows.at(all).findings, "every finding"));
  const int one =
      findings_exit_code({finding(ReplayOutcome::Reproduced), finding(ReplayOutcome::NotReproduced),
                          finding(ReplayOutcome::Inconclusive)});
  CHECK(one == kExitReplayDiffers);
  CHECK(mentions(rows.at(one).findings, "did not reproduce"));
  const int some = findings_exit_code(
      {finding(ReplayOutcome::Reproduced), finding(ReplayOutcome::Inconclusive)});
  CHECK(some == kExitReplayUndecided);
  CHECK(mentions(rows.at(some).findings, "inconclusive"));
}

TEST_CASE("replay exit codes: jobs lead, as docs/cli.md says") {
  const auto rows = documented_codes();
  REQUIRE(rows.size() == 3);
  using stats::Verdict;
  const int same = jobs_exit_code({job(Verdict::Equivalent), job(Verdict::DiffersWithinMargin)});
  CHECK(same == kExitOk);
  CHECK(mentions(rows.at(same).jobs, "equivalent"));
  CHECK(mentions(rows.at(same).jobs, "within the margin"));
  const int differs =
      jobs_exit_code({job(Verdict::Equivalent), job(Verdict::Inconclusive), job(Verdict::Differs)});
  CHECK(differs == kExitReplayDiffers);
  CHECK(mentions(rows.at(differs).jobs, "differs beyond the margin"));
  const int undecided = jobs_exit_code({job(Verdict::Equivalent), job(Verdict::Inconclusive)});
  CHECK(undecided == kExitReplayUndecided);
  CHECK(mentions(rows.at(undecided).jobs, "inconclusive"));
  CHECK(jobs_exit_code({}) == kExitOk);  // nothing to compare differs from nothing
}
