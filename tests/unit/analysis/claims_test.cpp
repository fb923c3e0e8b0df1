// Claims checked on in-memory results: p-values, effects and CIs against R
// (tools/refvalues/claims.R, output in claims.out), Holm across claims, verdicts of checks and
// claims (every, some), launch planning, the bootstrap of launch_spread, the JSON form.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <string>

#include "runtime/analysis/claims.h"
#include "runtime/analysis/csv_table.h"

using namespace metron;
using namespace metron::analysis;

namespace {

const std::vector<double> kA = {100.4, 101.9, 99.8, 100.9, 102.3, 100.1};
const std::vector<double> kB = {126.0, 124.2, 127.9, 125.1, 123.8, 129.6};

// A summary with one Synthetic job per block ("a" and "b") in launches 0-5 (paired by launch),
// and one job of block "f" whose launches 6-11 have speed=fast and 12-17 speed=slow.
ResultsData data() {
  CsvTable t;
  t.header = {"launch",   "block",  "op",   "bytes", "comm_size",
              "median_s", "mean_s", "sd_s", "noise", "factor_speed"};
  auto row = [&](int launch, const char* block, double us, const char* speed,
                 const char* noise = "") {
    t.rows.push_back({std::to_string(launch), block, "Synthetic", "8", "2",
                      fmt::format("{}", us * 1e-6), fmt::format("{}", us * 1.1e-6),
                      fmt::format("{}", us * 0.05e-6), noise, speed});
  };
  for (int l = 0; l < 6; ++l) {
    row(l, "a", kA[l], "fast", l == 2 ? "load average 3.1 on 2 cores of 'vm' at start" : "");
    row(l, "b", kB[l], "fast");
  }
  for (int l = 0; l < 6; ++l) row(6 + l, "f", kA[l], "fast");
  for (int l = 0; l < 6; ++l) row(12 + l, "f", kB[l], "slow");
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE(d);
  return *d;
}

ClaimFilter eq(const std::string& field, ClaimField kind, const std::string& value) {
  return {field, kind, FilterOp::Eq, value};
}

Claim less(const std::string& id, std::vector<ClaimFilter> l, std::vector<ClaimFilter> r,
           double by) {
  Claim c;
  c.id = c.text = id;
  c.relation = ClaimRelation::Less;
  c.lhs.op = c.rhs.op = "Synthetic";
  c.lhs.filters = std::move(l);
  c.rhs.filters = std::move(r);
  c.by = by;
  return c;
}

Claim unpaired() {
  return less("unpaired",
              {eq("speed", ClaimField::Factor, "fast"), eq("block", ClaimField::Block, "f")},
              {eq("speed", ClaimField::Factor, "slow")}, 0.10);
}
Claim paired() {
  return less("paired", {eq("block", ClaimField::Block, "a")},
              {eq("block", ClaimField::Block, "b")}, 0.10);
}
Claim reference() {
  Claim c;
  c.id = c.text = "reference";
  c.relation = ClaimRelation::Equivalent;
  c.lhs.op = "Synthetic";
  c.lhs.filters = {eq("block", ClaimField::Block, "a")};
  c.rhs.reference = 101e-6;
  c.lower = -0.05;
  c.upper = 0.10;
  return c;
}

const ClaimCheck& only_check(const ClaimResult& r) {
  REQUIRE(r.checks.size() == 1);
  return r.checks[0];
}

}  // namespace

TEST_CASE("claims: p-values, effects and CIs as R computes them") {
  ClaimOptions o;
  o.adjust = stats::PAdjust::None;
  auto rs = check_claims(data(), {unpaired(), paired(), reference()}, o);
  REQUIRE(rs.size() == 3);
  const ClaimCheck& u = only_check(rs[0]);
  CHECK_FALSE(u.paired);
  CHECK(u.method == "rank-sum");
  CHECK(u.p_holds == doctest::Approx(0.0010822510822510823).epsilon(1e-12));
  CHECK(u.p_fails == doctest::Approx(1.0));
  CHECK(u.effect == doctest::Approx(0.80167531686246118).epsilon(1e-12));
  CHECK(u.effect_lo == doctest::Approx(0.78264268960125061).epsilon(1e-12));
  CHECK(u.effect_hi == doctest::Approx(0.81502423263327972).epsilon(1e-12));
  CHECK(u.bound_hi == doctest::Approx(0.9));
  const ClaimCheck& p = only_check(rs[1]);
  CHECK(p.paired);
  CHECK(p.method == "signed-rank");
  CHECK(p.p_holds == doctest::Approx(0.015625000000000007).epsilon(1e-12));
  CHECK(p.effect == doctest::Approx(0.80012214856035746).epsilon(1e-12));
  CHECK(p.effect_lo == doctest::Approx(0.77237654320987659).epsilon(1e-12));
  CHECK(p.effect_hi == doctest::Approx(0.82633279483037103).epsilon(1e-12));
  const ClaimCheck& r = only_check(rs[2]);
  CHECK(r.p_holds == doctest::Approx(0.015625000000000007).epsilon(1e-12));
  CHECK(r.p_fails == doctest::Approx(1.0));
  CHECK(r.label_b == "101 us");
  CHECK(r.noise == "load average above the cores");
  CHECK(rs[2].noise == "load average above the cores");
  CHECK(rs[0].noise == "");
}

TEST_CASE("claims: Holm across the claims of a folder decides them") {
  auto rs = check_claims(data(), {unpaired(), paired(), reference()}, ClaimOptions{});
  const double holm[] = {0.003246753246753247, 0.031250000000000014, 0.031250000000000014};
  for (int i = 0; i < 3; ++i) {
    CHECK(only_check(rs[i]).p_holds_adjusted == doctest::Approx(holm[i]).epsilon(1e-12));
    CHECK(rs[i].verdict == ClaimVerdict::Holds);
    CHECK(rs[i].deciding == 0);
  }
  CHECK(claim_sentence(rs[0], ClaimOptions{}).rfind("Claim 'unpaired' holds: unpaired.", 0) == 0);
}

TEST_CASE("claims: --strict makes a claim on flagged launches inconclusive, and the table says so") {
  ClaimOptions o;
  o.strict = true;
  auto rs = check_claims(data(), {unpaired(), paired(), reference()}, o);
  CHECK(rs[0].verdict == ClaimVerdict::Holds);  // its launches carry no flags
  CHECK(rs[2].verdict == ClaimVerdict::Inconclusive);
  CHECK_FALSE(only_check(rs[2]).launches_needed);  // more launches would not remove the flags
  const std::string t = claims_table(rs, o);
  CHECK(t.find("Claim 'reference' is inconclusive") != std::string::npos);
  CHECK(t.find("load average above the cores") != std::string::npos);
  CHECK(claims_table(rs, ClaimOptions{}).find(" !\n") != std::string::npos);
}

TEST_CASE("claims: the opposite direction fails; too few launches are inconclusive") {
  Claim flipped = less("flipped", {eq("block", ClaimField::Block, "b")},
                       {eq("block", ClaimField::Block, "a")}, 0);
  auto rs = check_claims(data(), {flipped}, ClaimOptions{});
  CHECK(only_check(rs[0]).p_fails == doctest::Approx(0.015625000000000007).epsilon(1e-12));
  CHECK(rs[0].verdict == ClaimVerdict::Fails);
  CHECK_FALSE(rs[0].launches_needed);

  // 25% apart but a claim of 30%: the data cannot say no with 6 launches at 0.05 / 2 (Holm).
  Claim close = paired();
  close.by = 0.19;
  auto rc = check_claims(data(), {close, paired()}, ClaimOptions{});
  CHECK(rc[0].verdict == ClaimVerdict::Inconclusive);
  REQUIRE(rc[0].launches_needed);
  CHECK(*rc[0].launches_needed > 6);
  CHECK(claim_sentence(rc[0], ClaimOptions{}).find("is inconclusive (need ") != std::string::npos);
}

TEST_CASE("claims: every and some over several checks") {
  // Two sizes: at 8 B A is faster, at 64 B it is slower.
  CsvTable t;
  t.header = {"launch", "block", "op", "bytes", "comm_size", "median_s", "var_n"};
  for (int l = 0; l < 8; ++l) {
    const double j = 1 + 0.001 * l;
    t.rows.push_back({std::to_string(l), "x", "A", "8", "2", fmt::format("{}", 1e-6 * j), "8"});
    t.rows.push_back({std::to_string(l), "x", "B", "8", "2", fmt::format("{}", 2e-6 * j), "8"});
    t.rows.push_back({std::to_string(l), "x", "A", "64", "2", fmt::format("{}", 4e-6 * j), "64"});
    t.rows.push_back({std::to_string(l), "x", "B", "64", "2", fmt::format("{}", 2e-6 / j), "64"});
  }
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE(d);
  Claim every;
  every.id = every.text = "every";
  every.lhs.op = "A";
  every.rhs.op = "B";
  Claim some = every;
  some.id = "some";
  some.quantifier = ClaimQuantifier::Some;
  Claim from64 = every;
  from64.id = "from 64";
  from64.range = {{"n", ClaimField::Var, FilterOp::Ge, "64"}};
  auto rs = check_claims(*d, {every, some, from64}, ClaimOptions{});
  CHECK(rs[0].checks.size() == 2);
  CHECK(rs[0].verdict == ClaimVerdict::Fails);
  CHECK(rs[0].checks[rs[0].deciding].key_a.bytes == 64);
  CHECK(rs[1].verdict == ClaimVerdict::Holds);
  CHECK(rs[1].checks[rs[1].deciding].key_a.bytes == 8);
  CHECK(rs[2].checks.size() == 1);
  CHECK(rs[2].verdict == ClaimVerdict::Fails);
}

TEST_CASE("claims: launch_spread by bootstrap, the same every time") {
  // Side a: launches within 3%; side b: within 30%.
  CsvTable t;
  t.header = {"launch", "block", "op", "bytes", "comm_size", "median_s"};
  const double wide[] = {1.0, 1.3, 0.8, 1.2, 0.75, 1.1, 0.9, 1.25, 0.85, 1.15};
  const double tight[] = {1.0, 1.01, 0.99, 1.02, 0.98, 1.0, 1.015, 0.985, 1.005, 0.995};
  for (int l = 0; l < 10; ++l) {
    t.rows.push_back(
        {std::to_string(l), "window", "Bcast", "8", "2", fmt::format("{}", tight[l] * 1e-6)});
    t.rows.push_back(
        {std::to_string(l), "barrier", "Bcast", "8", "2", fmt::format("{}", wide[l] * 1e-6)});
  }
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE(d);
  Claim c;
  c.id = c.text = "halves";
  c.lhs = {ClaimStatistic::LaunchSpread, "Bcast", {eq("block", ClaimField::Block, "window")}, 0};
  c.rhs = {ClaimStatistic::LaunchSpread, "Bcast", {eq("block", ClaimField::Block, "barrier")}, 0};
  c.by = 0.5;
  auto r1 = check_claims(*d, {c}, ClaimOptions{});
  auto r2 = check_claims(*d, {c}, ClaimOptions{});
  const ClaimCheck& ch = only_check(r1[0]);
  CHECK(ch.method == "bootstrap");
  CHECK(ch.paired);
  CHECK(ch.effect < 0.2);
  CHECK(ch.effect_lo <= ch.effect);
  CHECK(ch.effect_hi < 0.5);
  CHECK(r1[0].verdict == ClaimVerdict::Holds);
  CHECK(ch.p_holds == only_check(r2[0]).p_holds);
  CHECK(ch.effect_hi == only_check(r2[0]).effect_hi);
  // The smallest p-value of 4000 resamples: none on the wrong side.
  CHECK(ch.p_holds == doctest::Approx(1.0 / 4001));
  // A spread against a reference: 1.4% is below 5%.
  Claim ref = c;
  ref.rhs = {ClaimStatistic::LaunchSpread, "", {}, 0.05};
  ref.by = 0;
  auto rr = check_claims(*d, {ref}, ClaimOptions{});
  CHECK(only_check(rr[0]).value_a < 0.02);
  CHECK(rr[0].verdict == ClaimVerdict::Holds);
}

TEST_CASE("claims: a side with no partner is counted, not checked") {
  Claim c = less("nothing", {eq("block", ClaimField::Block, "a")},
                 {eq("block", ClaimField::Block, "f")}, 0);
  auto rs = check_claims(data(), {c}, ClaimOptions{});
  // Block "f" runs in other launches with speed levels that do not pair with "a"'s "fast"
  // launches by launch id, but by key they do: the fast level of f pairs with a.
  CHECK(rs[0].checks.size() == 1);
  CHECK_FALSE(rs[0].checks[0].paired);
  Claim none = less("none", {eq("block", ClaimField::Block, "a")},
                    {eq("block", ClaimField::Block, "zzz")}, 0);
  auto rn = check_claims(data(), {none}, ClaimOptions{});
  CHECK(rn[0].checks.empty());
  CHECK(rn[0].unpaired == 1);
  CHECK(rn[0].verdict == ClaimVerdict::Inconclusive);
}

TEST_CASE("claims: the JSON form reads back the same claim") {
  Claim c = unpaired();
  c.at = "x.bench:3:1";
  c.range = {{"n", ClaimField::Var, FilterOp::Ge, "4096"}};
  c.quantifier = ClaimQuantifier::Some;
  std::string error;
  auto back = claim_from_json(claim_to_json(c), error);
  REQUIRE(back);
  CHECK(claim_to_json(*back) == claim_to_json(c));
  auto j = claim_to_json(c);
  j["relation"] = "<<";
  CHECK_FALSE(claim_from_json(j, error));
  CHECK(error == "relation");
  j = claim_to_json(c);
  j["lhs"]["filters"][0]["kind"] = 3;
  CHECK_FALSE(claim_from_json(j, error));
  CHECK(error == "kind");
}
