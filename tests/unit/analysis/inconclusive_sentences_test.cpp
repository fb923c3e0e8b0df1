// Every inconclusive verdict a reader sees says how many launches per side would decide it, or
// why no number of launches would: comparisons (verdict sentences and table cells), claims and
// replayed findings, on Synthetic-like per-launch medians. Also the sides of a claim that compares
// two statistics of one job (`mean(X) > median(X)`) are named by their statistics.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "runtime/analysis/claims.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/findings.h"
#include "runtime/analysis/verdict_sentence.h"

using namespace metron;
using namespace metron::analysis;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A decided-or-not sentence carries a count or a reason: every phrase ends on "decide it".
bool says_count_or_reason(const std::string& sentence) {
  return has(sentence, "launches per side would decide it") || has(sentence, "would decide it") ||
         has(sentence, "need ");
}

Comparison compared(std::vector<double> a, std::vector<double> b, CompareOptions o = {}) {
  std::vector<Comparison> cs = {compare_samples(std::move(a), std::move(b), o)};
  adjust_and_decide(cs, o);
  return cs[0];
}

// One Synthetic job per block, "a" and "b", over the given per-launch medians (microseconds),
// paired by launch; launch 0 of block "a" may carry a noise flag.
ResultsData synthetic(const std::vector<double>& a, const std::vector<double>& b,
                      const char* noise = "") {
  CsvTable t;
  t.header = {"launch", "block", "op", "bytes", "comm_size", "median_s", "mean_s", "noise"};
  for (std::size_t l = 0; l < a.size(); ++l) {
    t.rows.push_back({std::to_string(l), "a", "Synthetic", "8", "2", fmt::format("{}", a[l] * 1e-6),
                      fmt::format("{}", a[l] * 1.2e-6), l == 0 ? noise : ""});
    t.rows.push_back({std::to_string(l), "b", "Synthetic", "8", "2", fmt::format("{}", b[l] * 1e-6),
                      fmt::format("{}", b[l] * 1.2e-6), ""});
  }
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE(d);
  return *d;
}

Claim a_faster_than_b() {
  Claim c;
  c.id = c.text = "a faster";
  c.relation = ClaimRelation::Less;
  c.lhs.op = c.rhs.op = "Synthetic";
  c.lhs.filters = {{"block", ClaimField::Block, FilterOp::Eq, "a"}};
  c.rhs.filters = {{"block", ClaimField::Block, FilterOp::Eq, "b"}};
  return c;
}

}  // namespace

TEST_CASE("inconclusive: a comparison with one launch a side says why no count is given") {
  const Comparison c = compared({10e-6}, {11e-6});
  REQUIRE(c.verdict == stats::Verdict::Inconclusive);
  CHECK_FALSE(c.launches_needed);
  CHECK(c.undecided == Undecided::NoSpread);
  SentenceContext ctx;
  ctx.job = "Synthetic 8 B";
  const std::string s = verdict_sentence(c, ctx);
  CHECK(has(s,
            "inconclusive: how many launches would decide it is unknown: with a single launch "
            "on a side, the launch-to-launch spread is unknown"));
  CHECK(verdict_table({c}, CompareOptions{}).find("(one launch a side: no spread to plan from)") !=
        std::string::npos);
}

TEST_CASE("inconclusive: a comparison with a count says it") {
  // Three launches a side cannot reach 0.05 two-sided: inconclusive, with the launches needed.
  const Comparison c = compared({10e-6, 10.2e-6, 9.9e-6}, {10.1e-6, 10e-6, 10.3e-6});
  REQUIRE(c.verdict == stats::Verdict::Inconclusive);
  REQUIRE(c.launches_needed);
  CHECK(c.undecided == Undecided::Planned);
  const std::string s = verdict_sentence(c, SentenceContext{});
  CHECK(has(s,
            fmt::format("inconclusive: {} launches per side would decide it", *c.launches_needed)));
}

TEST_CASE("inconclusive: an estimate on the margin's bound gets no count, and says why") {
  // B is A's launches in another order, times 1.0499: the Hodges-Lehmann ratio is 1.0499 (the
  // pairwise ratios of one sample with itself have median 1), a hair inside the 5% margin with a
  // spread of about 14%: no count up to the planner's limit shows equivalence or a difference.
  const std::vector<double> a = {8, 9, 10, 11, 12, 8.5, 9.5, 10.5};
  std::vector<double> b;
  for (auto it = a.rbegin(); it != a.rend(); ++it) b.push_back(*it * 1.0499);
  const Comparison c = compared(a, b);
  CHECK(c.ratio_hl == doctest::Approx(1.0499));
  REQUIRE(c.verdict == stats::Verdict::Inconclusive);
  CHECK_FALSE(c.launches_needed);
  CHECK(c.undecided == Undecided::OnBound);
  CHECK(has(verdict_sentence(c, SentenceContext{}),
            "inconclusive: no number of launches would decide it: the estimate lies too close to "
            "the bound the verdict turns on"));
  CHECK(has(verdict_table({c}, CompareOptions{}),
            "(too close to the bound for its spread: no launch count decides it)"));
}

TEST_CASE("inconclusive: a claim whose effect sits on its bound says no number would decide it") {
  // B/A per launch spread symmetrically (+-3%) around 1.00007: the paired estimate of A/B is
  // 0.99993 against a claimed "below 1", a distance no count up to the limit resolves.
  const std::vector<double> a = {10.0, 10.3, 9.8, 10.1, 9.9, 10.2};
  const double spread[] = {0.03, -0.03, 0.024, -0.024, 0.012, -0.012};
  std::vector<double> b;
  for (std::size_t l = 0; l < a.size(); ++l) b.push_back(a[l] * 1.00007 * std::exp(spread[l]));
  const auto rs = check_claims(synthetic(a, b), {a_faster_than_b()}, ClaimOptions{});
  REQUIRE(rs.size() == 1);
  REQUIRE(rs[0].verdict == ClaimVerdict::Inconclusive);
  CHECK(rs[0].checks[0].effect == doctest::Approx(0.99993).epsilon(1e-6));
  CHECK_FALSE(rs[0].launches_needed);
  CHECK(rs[0].undecided == Undecided::OnBound);
  const std::string s = claim_sentence(rs[0], ClaimOptions{});
  CHECK(has(s,
            "is inconclusive (no number of launches would decide it: the estimate lies too "
            "close to the bound the verdict turns on, for its spread (more than 100000 per "
            "side would be needed))"));
  // The replayed finding says the same, short.
  const auto f = findings_from_claims(rs);
  REQUIRE(f.size() == 1);
  CHECK(f[0].undecided == Undecided::OnBound);
  const std::string table = findings_replay_table(replay_findings(f, f), "x", "y");
  CHECK(has(table,
            "inconclusive (too close to the bound for its spread: no launch count decides it)"));
}

TEST_CASE("inconclusive: a claim on one launch a side, and one under --strict, say why") {
  const auto one = check_claims(synthetic({10}, {12}), {a_faster_than_b()}, ClaimOptions{});
  REQUIRE(one[0].verdict == ClaimVerdict::Inconclusive);
  CHECK(one[0].undecided == Undecided::NoSpread);
  CHECK(has(claim_sentence(one[0], ClaimOptions{}), "the launch-to-launch spread is unknown"));

  ClaimOptions strict;
  strict.strict = true;
  const auto noisy =
      check_claims(synthetic({10, 10.1, 9.9, 10.2, 10, 9.8}, {12, 12, 12, 12, 12, 12},
                             "load average 3.1 on 2 cores of 'vm' at start"),
                   {a_faster_than_b()}, strict);
  REQUIRE(noisy[0].verdict == ClaimVerdict::Inconclusive);
  CHECK(noisy[0].undecided == Undecided::NoisyStrict);
  CHECK(has(claim_sentence(noisy[0], strict), "more launches on this machine would not decide it"));
}

TEST_CASE("inconclusive: every inconclusive claim sentence has its count or its reason") {
  const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases = {
      {{10}, {12}},                                         // one launch a side
      {{10, 10.4, 9.7}, {10.3, 10.1, 10.5}},                // three: a count
      {{10, 10.3, 9.8, 10.1}, {10.0007, 10.3, 9.8, 10.1}},  // on the bound
  };
  for (const auto& [a, b] : cases) {
    const auto rs = check_claims(synthetic(a, b), {a_faster_than_b()}, ClaimOptions{});
    if (rs[0].verdict != ClaimVerdict::Inconclusive) continue;
    const std::string s = claim_sentence(rs[0], ClaimOptions{});
    INFO(s);
    CHECK(says_count_or_reason(s));
    CHECK_FALSE(has(s, "is inconclusive:"));  // never "is inconclusive" alone
  }
}

TEST_CASE("claim sentences: mean(X) against median(X) names the two statistics") {
  Claim skew;
  skew.id = skew.text = "skewed";
  skew.relation = ClaimRelation::Greater;
  skew.lhs.op = skew.rhs.op = "Synthetic";
  skew.lhs.statistic = ClaimStatistic::Mean;
  skew.rhs.statistic = ClaimStatistic::Median;
  skew.lhs.filters = skew.rhs.filters = {{"block", ClaimField::Block, FilterOp::Eq, "a"}};
  const auto rs =
      check_claims(synthetic({10, 10.3, 9.8, 10.1, 9.9, 10.2}, {10, 10, 10, 10, 10, 10}), {skew},
                   ClaimOptions{});
  REQUIRE(rs[0].checks.size() == 1);
  const std::string s = claim_sentence(rs[0], ClaimOptions{});
  INFO(s);
  const std::string label = rs[0].checks[0].label_a;
  CHECK(has(s, " mean vs median of " + label + ": mean/median = "));
  CHECK_FALSE(has(s, label + " vs " + label));
}
