// Findings of a recording set beside a replay's (docs/publishing.md): matched by id, each with
// its outcome; a finding whose operation the replay left out (a library that lacks it, replayed
// with --skip-unsupported) cannot be evaluated and says why, instead of "not reproduced".
#include "runtime/analysis/findings.h"

#include <doctest/doctest.h>

using namespace metron::analysis;

namespace {

Finding finding(const std::string& id, ClaimVerdict v, std::vector<std::string> ops) {
  Finding f;
  f.id = id;
  f.kind = "claim";
  f.verdict = v;
  f.effect = f.effect_lo = f.effect_hi = std::numeric_limits<double>::quiet_NaN();
  f.ops = std::move(ops);
  return f;
}

}  // namespace

TEST_CASE("findings: every recorded finding has an outcome, and why when it cannot be evaluated") {
  const std::vector<Finding> recorded = {
      finding("same", ClaimVerdict::Holds, {"Bcast"}),
      finding("flipped", ClaimVerdict::Holds, {"Bcast", "Allreduce"}),
      finding("persistent", ClaimVerdict::Holds, {"Bcast_init", "Bcast"}),
      finding("gone", ClaimVerdict::Fails, {"Allreduce"})};
  const std::vector<Finding> replayed = {
      finding("same", ClaimVerdict::Holds, {"Bcast"}),
      finding("flipped", ClaimVerdict::Fails, {"Bcast", "Allreduce"}),
      finding("persistent", ClaimVerdict::Inconclusive, {"Bcast_init", "Bcast"})};
  const auto rs = replay_findings(recorded, replayed, {"Bcast_init"});
  REQUIRE(rs.size() == 4);
  CHECK(rs[0].outcome == ReplayOutcome::Reproduced);
  CHECK(rs[1].outcome == ReplayOutcome::NotReproduced);
  CHECK(rs[2].outcome == ReplayOutcome::Inconclusive);
  CHECK(rs[2].not_evaluated == "the replay skipped 'Bcast_init'");
  CHECK(rs[3].outcome == ReplayOutcome::NotReproduced);
  CHECK(rs[3].not_evaluated.empty());
  const std::string table = findings_replay_table(rs, "A", "B");
  CHECK(table.find("  'persistent'  inconclusive (cannot be evaluated: the replay skipped "
                   "'Bcast_init')\n") != std::string::npos);
  CHECK(table.find("  'gone'        not reproduced (the replay has no such finding)\n") !=
        std::string::npos);
  CHECK(table.find("4 findings: 1 reproduced, 2 not reproduced, 1 inconclusive\n") !=
        std::string::npos);
  // Without skipped operations the same finding would be judged on what the replay has.
  CHECK(replay_findings(recorded, replayed)[2].not_evaluated.empty());
}
