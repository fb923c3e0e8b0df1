// Guideline checks (`expect`) on hand-made summary tables: pairing of the two sides by check id
// and launch, the one-sided paired test, the slowdown ratio, Holm across checks, the margin and
// the verdicts. Pure, run in an MPI test binary because the analysis lives in metron_mpi.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/guidelines.h"
#include "runtime/analysis/results_data.h"

using namespace metron;
using namespace metron::analysis;

namespace {

struct Side {
  std::string guideline;
  std::string side;
  double factor;
  std::int64_t check;
  std::int64_t job;
  std::int64_t bytes;
  std::vector<double> medians;  // per launch, seconds
};

// summary.csv as a run writes it for `expect` jobs (only the columns the analysis reads).
CsvTable table(const std::vector<Side>& sides) {
  CsvTable t;
  t.header = {"launch",
              "job",
              "block",
              "op",
              "comm_size",
              "bytes",
              "median_s",
              "stop_reason",
              "guideline",
              "guideline_side",
              "guideline_factor",
              "guideline_check"};
  for (std::size_t l = 0; l < sides.front().medians.size(); ++l)
    for (const Side& s : sides)
      t.rows.push_back({std::to_string(l), std::to_string(s.job), "g", "Synthetic", "2",
                        std::to_string(s.bytes), fmt::format("{}", s.medians[l]), "fixed_reps",
                        s.guideline, s.side, fmt::format("{}", s.factor), std::to_string(s.check)});
  return t;
}

std::vector<double> times(std::size_t n, double base, double step) {
  std::vector<double> v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(base + step * static_cast<double>(i));
  return v;
}

std::vector<GuidelineCheck> run(const std::vector<Side>& sides, GuidelineOptions o = {}) {
  std::string err;
  auto d = results_from_summary(table(sides), err);
  REQUIRE_MESSAGE(d, err);
  return check_guidelines(*d, o);
}

}  // namespace

TEST_CASE("guidelines: a left side 20% slower in every launch is violated, with p = 1/2^n") {
  auto rhs = times(10, 100e-6, 1e-6);  // launches differ; the pairing removes that
  std::vector<double> lhs;
  for (double x : rhs) lhs.push_back(1.2 * x);
  auto cs = run({{"GL", "lhs", 1, 0, 0, 8, lhs}, {"GL", "rhs", 1, 0, 1, 8, rhs}});
  REQUIRE(cs.size() == 1);
  const GuidelineCheck& c = cs[0];
  CHECK(c.guideline == "GL");
  CHECK(c.lhs.size() == 10);
  // Exact signed-rank, all 10 differences positive: p = 1 / 2^10 (R: wilcox.test(..., paired =
  // TRUE, alternative = "greater")$p.value = 0.0009765625).
  CHECK(c.p_value == doctest::Approx(1.0 / 1024).epsilon(1e-12));
  CHECK(c.p_adjusted == doctest::Approx(1.0 / 1024).epsilon(1e-12));
  // Every per-launch ratio is 1.2: the Hodges-Lehmann ratio and its CI are 1.2 (to rounding).
  CHECK(c.ratio == doctest::Approx(1.2).epsilon(1e-9));
  CHECK(c.ratio_lo == doctest::Approx(1.2).epsilon(1e-9));
  CHECK(c.median_lhs == doctest::Approx(1.2 * 104.5e-6).epsilon(1e-12));
  CHECK(c.median_rhs == doctest::Approx(104.5e-6).epsilon(1e-12));
  CHECK(c.verdict == GuidelineVerdict::Violated);
}

TEST_CASE(
    "guidelines: the factor k scales the right side; the margin decides what is a violation") {
  auto rhs = times(10, 50e-6, 1e-6);
  std::vector<double> lhs, lhs3;
  for (double x : rhs) {
    lhs.push_back(2 * 1.04 * x);  // 4% slower than 2 x the right side
    lhs3.push_back(2 * 0.9 * x);  // 10% faster
  }
  auto cs = run({{"split", "lhs", 2, 0, 0, 16, lhs},
                 {"split", "rhs", 2, 0, 1, 8, rhs},
                 {"split", "lhs", 2, 2, 2, 32, lhs3},
                 {"split", "rhs", 2, 2, 3, 16, rhs}});
  REQUIRE(cs.size() == 2);
  CHECK(cs[0].factor == 2);
  CHECK(cs[0].bytes == 16);
  CHECK(cs[0].bytes_rhs == 8);
  CHECK(cs[0].ratio == doctest::Approx(1.04).epsilon(1e-9));
  // Holm over 2 checks: the smaller p doubled.
  CHECK(cs[0].p_adjusted == doctest::Approx(2.0 / 1024).epsilon(1e-12));
  CHECK(cs[0].verdict == GuidelineVerdict::WithinMargin);  // significant, but 4% < 5%
  CHECK(cs[1].ratio == doctest::Approx(0.9).epsilon(1e-9));
  CHECK(cs[1].p_value == doctest::Approx(1.0).epsilon(1e-12));  // all differences negative
  CHECK(cs[1].verdict == GuidelineVerdict::Holds);

  GuidelineOptions tight;
  tight.margin = 0.03;
  CHECK(run({{"split", "lhs", 2, 0, 0, 16, lhs}, {"split", "rhs", 2, 0, 1, 8, rhs}}, tight)[0]
            .verdict == GuidelineVerdict::Violated);
}

TEST_CASE("guidelines: too few launches for the corrected test are undecided, not holding") {
  // 4 pairs: the one-sided exact p is at least 1/16 > 0.05.
  auto rhs = times(4, 10e-6, 0);
  std::vector<double> lhs = {12e-6, 9e-6, 11e-6, 10.5e-6};
  auto cs = run({{"GL", "lhs", 1, 0, 0, 8, lhs}, {"GL", "rhs", 1, 0, 1, 8, rhs}});
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].verdict == GuidelineVerdict::Undecided);
  CHECK(std::string(guideline_verdict_name(cs[0].verdict)) == "undecided");
}

TEST_CASE("guidelines: a check pairs only launches both sides have; no rhs, no check") {
  auto rhs = times(6, 10e-6, 0);
  auto lhs = times(6, 10e-6, 0);
  CsvTable t = table({{"GL", "lhs", 1, 0, 0, 8, lhs}, {"GL", "rhs", 1, 0, 1, 8, rhs}});
  t.rows.erase(t.rows.begin() + 1);  // launch 0's right side is missing
  std::string err;
  auto d = results_from_summary(t, err);
  REQUIRE(d);
  auto cs = check_guidelines(*d, {});
  REQUIRE(cs.size() == 1);
  CHECK(cs[0].lhs.size() == 5);
  CHECK(cs[0].rhs.size() == 5);

  CsvTable only_lhs = table({{"GL", "lhs", 1, 0, 0, 8, lhs}});
  auto d2 = results_from_summary(only_lhs, err);
  REQUIRE(d2);
  CHECK(check_guidelines(*d2, {}).empty());
}

TEST_CASE("guidelines: a damaged factor column is an error naming its line") {
  CsvTable t = table({{"GL", "lhs", 1, 0, 0, 8, {1e-6}}, {"GL", "rhs", -2, 0, 1, 8, {1e-6}}});
  std::string err;
  CHECK_FALSE(results_from_summary(t, err));
  CHECK(err == "line 3: 'guideline_factor' is '-2', not a positive number");
}

TEST_CASE("guidelines: the algorithm variable and the tuning hints of violated checks") {
  CHECK(algorithm_variable("Bcast") == "MPIR_CVAR_BCAST_INTRA_ALGORITHM");
  CHECK(algorithm_variable("Reduce_scatter_block") ==
        "MPIR_CVAR_REDUCE_SCATTER_BLOCK_INTRA_ALGORITHM");
  CHECK(algorithm_variable("Bcast_using_Scatter_Allgather").empty());

  GuidelineCheck bcast;
  bcast.guideline = "GL10";
  bcast.op_lhs = "Bcast";
  bcast.op_rhs = "Bcast_using_Scatter_Allgather";
  bcast.bytes = bcast.bytes_rhs = 4096;
  bcast.comm_size = 16;
  bcast.factors = {{"alg", "binomial"}};
  bcast.ratio = 1.3;
  bcast.ratio_lo = 1.2;
  bcast.ratio_hi = 1.4;
  bcast.verdict = GuidelineVerdict::Violated;
  GuidelineCheck split = bcast;
  split.guideline = "GL2";
  split.op_rhs = "Bcast";
  split.factor = 2;
  split.bytes_rhs = 2048;
  split.factors = {{"alg", "binomial"}};
  GuidelineCheck fine = bcast;
  fine.verdict = GuidelineVerdict::Holds;
  std::vector<GuidelineCheck> cs = {bcast, split, fine};

  // A launch factor that sets the variable wins over the recorded environment.
  nlohmann::json run = {
      {"design",
       {{"factors",
         nlohmann::json::array({{{"name", "alg"}, {"env", "MPIR_CVAR_BCAST_INTRA_ALGORITHM"}}})}}}};
  annotate_algorithms(cs, run, {{"MPIR_CVAR_BCAST_INTRA_ALGORITHM", "ring"}});
  CHECK(cs[0].algorithm == "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial");
  annotate_algorithms(cs, nlohmann::json::object(),
                      {{"MPIR_CVAR_BCAST_INTRA_ALGORITHM", "scatter_ring_allgather"}});
  CHECK(cs[0].algorithm == "MPIR_CVAR_BCAST_INTRA_ALGORITHM=scatter_ring_allgather");
  cs[1].algorithm.clear();

  CHECK(tuning_hints(cs, {}) ==
        "# Tuning hints from the violated guidelines (adjusted p <= 0.05, slower by more than 5%); "
        "ratios: Hodges-Lehmann estimate [CI] over the launches (docs/guidelines.md)\n"
        "GL10: Bcast 4 KiB on 16 ranks, alg=binomial: 1.30x [1.20, 1.40] slower than "
        "Bcast_using_Scatter_Allgather 4 KiB\n"
        "  algorithm: MPIR_CVAR_BCAST_INTRA_ALGORITHM=scatter_ring_allgather\n"
        "  hint: call Bcast_using_Scatter_Allgather instead at this size\n"
        "  or set MPIR_CVAR_BCAST_INTRA_ALGORITHM to scatter_recursive_doubling_allgather or "
        "scatter_ring_allgather\n"
        "GL2: Bcast 4 KiB on 16 ranks, alg=binomial: 1.30x [1.20, 1.40] slower than 2 x Bcast 2 "
        "KiB\n"
        "  algorithm: MPICH's own choice (MPIR_CVAR_BCAST_INTRA_ALGORITHM was not set)\n"
        "  hint: send it as 2 calls of 2 KiB\n");
  cs.pop_back();
  cs.pop_back();
  cs.pop_back();
  CHECK(tuning_hints(cs, {}).empty());
}
