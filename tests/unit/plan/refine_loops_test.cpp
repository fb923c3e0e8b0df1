// Tests for interpreter/refine_loops and what `metron plan` shows of them: one loop per
// execution of an autorefine statement (per outer value when nested), the algorithms' own
// defaults, the budgets, refinement rebuilds of several loops at once, and bad refine settings.
#include "runtime/plan/refine_loops.h"

#include <doctest/doctest.h>

#include <string>

#include "interpreter/plan_builder.h"
#include "runtime/plan/plan_dump.h"
#include "tests/unit/interpreter/load_text.h"

using metron::test::diag_ids;
using metron::test::load_text;
namespace ad = metron::adapt;

namespace {

const char* kNested = R"(
begin measurement "nested"
  for s in [1000, 3000] do
    autorefine count = 1 to 4096 step *2 do
      measure comm(2) : Synthetic(count, time = 10us + (count > s) * 20us)
    od
  od
end measurement
begin measurement "time"
  set refine = mpptest()
  autorefine t = 0.5 to 8.0 step 0.5 do
    measure comm(2) : Synthetic(1, time = t * 1us)
  od
end measurement
)";

}  // namespace

TEST_SUITE("refine_loops") {
  TEST_CASE("refine_loops: a nested autorefine loop refines once per outer value") {
    auto p = load_text(kNested);
    REQUIRE(diag_ids(*p) == "");
    auto loops = metron::refine_loops(p->plan);
    REQUIRE(loops.size() == 3);
    CHECK(loops[0].group == 0);
    CHECK(loops[1].group == 1);
    CHECK(loops[0].var == "count");
    REQUIRE(loops[0].outer.size() == 1);
    CHECK(loops[0].outer[0].first == "s");
    CHECK(loops[0].outer[0].second.as_int() == 1000);
    CHECK(loops[1].outer[0].second.as_int() == 3000);
    CHECK(loops[0].values == 13);
    CHECK(loops[0].jobs == 13);
    CHECK(loops[1].first_job == 13);
    CHECK(loops[0].config.algorithm == ad::RefineAlgorithm::Metron);
    CHECK(loops[0].config.multiplicative);
    CHECK(loops[0].config.integer);
    CHECK(loops[0].budget.max_added_points == 64);
    CHECK(loops[0].budget.max_time_s == 60);
  }

  TEST_CASE(
      "refine_loops: a non-integer loop over a time-like parameter, with mpptest's defaults") {
    auto p = load_text(kNested);
    REQUIRE(diag_ids(*p) == "");
    auto loops = metron::refine_loops(p->plan);
    REQUIRE(loops.size() == 3);
    const auto& l = loops[2];
    CHECK(l.var == "t");
    CHECK(l.outer.empty());
    CHECK(l.values == 16);
    CHECK_FALSE(l.config.integer);
    CHECK_FALSE(l.config.multiplicative);
    CHECK(l.config.algorithm == ad::RefineAlgorithm::Mpptest);
    // mpptest's own -autorel 0.02 and -autodx 4, not Metron's 5 % and 1.
    CHECK(l.config.rel_tolerance == doctest::Approx(0.02));
    CHECK(l.config.min_gap == 4);
    CHECK(l.budget.max_levels == 6);
  }

  TEST_CASE("refine_loops: each refine spec starts from its own defaults") {
    auto p = load_text(R"(
set refine = mpptest(autorel = 10%)
set refine = metron(max_points = 3)
begin measurement "a"
  autorefine count = 1 to 64 step *2 do
    measure comm(2) : Bcast(count, MPI_INT, 0)
  od
end measurement
begin measurement "b"
  set refine = mpptest(autodx = 16)
  autorefine count = 1 to 64 step *2 do
    measure comm(2) : Bcast(count, MPI_INT, 0)
  od
end measurement
begin measurement "c"
  set_autorefine_factor(3)
  set refine = skampi()
  autorefine count = 1 to 64 step *2 do
    measure comm(2) : Bcast(count, MPI_INT, 0)
  od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    auto loops = metron::refine_loops(p->plan);
    REQUIRE(loops.size() == 3);
    CHECK(loops[0].config.algorithm == ad::RefineAlgorithm::Metron);
    CHECK(loops[0].config.rel_tolerance == doctest::Approx(0.05));
    CHECK(loops[0].config.min_gap == 1);
    CHECK(loops[0].config.max_points == 3);
    CHECK(loops[1].config.rel_tolerance == doctest::Approx(0.02));
    CHECK(loops[1].config.min_gap == 16);
    CHECK(loops[2].config.algorithm == ad::RefineAlgorithm::Skampi);
    CHECK(loops[2].config.factor == 3);
    CHECK(loops[2].budget.max_measurements == 21);
  }

  TEST_CASE("refine_loops: the plan table and JSON show each loop with its budget") {
    auto p = load_text(kNested);
    REQUIRE(diag_ids(*p) == "");
    std::string table = metron::plan_table(p->plan);
    CHECK(table.find("autorefine count at s=1000 (13 values): metron(tolerance = 5%, "
                     "max_points = 64, max_time = 60s, min_gap = 1); at most 64 added values, "
                     "60s") != std::string::npos);
    CHECK(table.find("autorefine count at s=3000 (13 values)") != std::string::npos);
    CHECK(table.find("autorefine t (16 values): mpptest(autorel = 2%, autodx = 4); at most 6 "
                     "levels, 4 smoothing passes, 1008 added values") != std::string::npos);
    auto j = metron::plan_json(p->plan);
    REQUIRE(j["refinements"].size() == 3);
    const auto& r = j["refinements"][1];
    CHECK(r["group"] == 1);
    CHECK(r["block"] == "nested");
    CHECK(r["var"] == "count");
    CHECK(r["outer"]["s"] == 3000);
    CHECK(r["first_job"] == 13);
    CHECK(r["values"] == 13);
    CHECK(r["algorithm"] == "metron");
    CHECK(r["parameters"]["tolerance"] == 0.05);
    CHECK(r["parameters"]["max_points"] == 64);
    CHECK(r["grid"]["multiplicative"] == true);
    CHECK(r["budget"]["max_added_points"] == 64);
    CHECK(r["budget"]["max_levels"].is_null());
    const auto& m = j["refinements"][2];
    CHECK(m["parameters"]["autorel"] == 0.02);
    CHECK(m["parameters"]["autodx"] == 4);
    CHECK(m["grid"]["integer"] == false);
    CHECK(m["budget"]["max_smoothing_passes"] == 4);
    CHECK(m["budget"]["max_time_s"].is_null());
  }

  TEST_CASE("refine_loops: a rebuild emits exactly the refined loops' jobs at the given values") {
    metron::BuildOptions b;
    b.np = 4;
    b.only_refined = true;
    b.refine_values[1] = {2500, 2900};
    b.refine_values[2] = {2.25};
    auto p = load_text(kNested, b);
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 3);
    CHECK(p->plan.jobs[0].refine_group == 1);
    CHECK(p->plan.jobs[0].factors[0].second.as_int() == 3000);
    CHECK(p->plan.jobs[0].factors[1].second.as_int() == 2500);
    CHECK(p->plan.jobs[1].factors[1].second.as_int() == 2900);
    CHECK(p->plan.jobs[2].refine_group == 2);
    CHECK(p->plan.jobs[2].factors[0].second.as_double() == 2.25);
  }

  TEST_CASE("refine_loops: bad refine settings are errors, not crashes") {
    auto p = load_text(R"(
set refine = mpptest(autodx = 0)
)");
    CHECK(diag_ids(*p) == "bad_setting_positive_int");
    CHECK(p->diags.all()[0].message ==
          "bad value for setting 'refine' (autodx must be a positive integer, got 0)");
    auto q = load_text(R"(
set refine = bisect()
)");
    CHECK(diag_ids(*q) == "bad_setting");
    // Every argument error of `set refine` is golden-tested in tests/golden/diag/refine_settings.
  }
}
