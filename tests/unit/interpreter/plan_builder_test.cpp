// The plan builder through the whole pipeline (text -> parse -> plan): SKaMPI's loop sequences as
// jobs, '...' bounded by the buffer (halved with buffer cycling), scoping, limits.
#include "interpreter/plan_builder.h"

#include <doctest/doctest.h>

#include <sstream>
#include <vector>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/plan_dump.h"
#include "tests/unit/interpreter/load_text.h"

using metron::test::diag_ids;
using metron::test::load_files;
using metron::test::load_text;
namespace adapt = metron::adapt;
using metron::BuildOptions;
using metron::Settings;

namespace {

// The value of loop variable `var` in every job, in plan order.
std::vector<std::int64_t> factor_values(const metron::Plan& plan, const std::string& var) {
  std::vector<std::int64_t> out;
  for (const auto& j : plan.jobs)
    for (const auto& [k, v] : j.factors)
      if (k == var) out.push_back(v.as_int());
  return out;
}
using V = std::vector<std::int64_t>;

}  // namespace

TEST_SUITE("plan_builder") {
  TEST_CASE("plan_builder: SKaMPI's documented sqrt(2) sequence becomes one job per value") {
    auto p = load_text(R"(
begin measurement "len"
   for count = 1 to 64 step *sqrt(2) do
      measure comm(2) : Bcast(count, MPI_INT, 0)
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    CHECK(factor_values(p->plan, "count") == V{1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64});
    CHECK(p->plan.jobs[3].bytes == 16);  // 4 MPI_INTs
  }

  TEST_CASE("plan_builder: '...' ends at the last message that fits, halved by cycling") {
    // Bcast uses count*4 bytes; with cycling it needs twice that: 8 KiB buffer -> count <= 1024.
    const char* script = R"(
set_skampi_buffer(8kb)
%s
begin measurement "len"
   for count = 1 to ... step *2 do
      measure comm(2) : Bcast(count, MPI_INT, 0)
   od
end measurement
)";
    char buf[512];
    std::snprintf(buf, sizeof buf, script, "switch_buffer_cycling_on()");
    auto on = load_text(buf);
    REQUIRE(diag_ids(*on) == "");
    CHECK(factor_values(on->plan, "count").back() == 1024);
    std::snprintf(buf, sizeof buf, script, "");  // off by default
    auto off = load_text(buf);
    REQUIRE(diag_ids(*off) == "");
    CHECK(factor_values(off->plan, "count").back() == 2048);
  }

  TEST_CASE("plan_builder: the SKaMPI pt2pt suite's head stops at 4096 ints") {
    // Pingpong_Send_Recv sends and receives count ints: 8 * count bytes, 16 * count with
    // cycling; 64kb holds count <= 4096. Cycling is SKaMPI's default (Metron's is off), so the
    // excerpt switches it on to reproduce SKaMPI's range.
    auto p = load_text(R"(
switch_buffer_cycling_on()
set_min_repetitions(8)
set_max_repetitions(16)
set_max_relative_standard_error(0.03)
set_skampi_buffer(64kb)
datatype = MPI_INT
comm_pt2pt = comm2_max_latency_with_root()

begin measurement "Pingpong_Send_Recv"
   for count = 1 to ... step *sqrt(2) do
      measure comm_pt2pt : Pingpong_Send_Recv(count, datatype, 0, 1)
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    auto v = factor_values(p->plan, "count");
    CHECK(v.front() == 1);
    CHECK(v.back() == 4096);
    CHECK(v.size() == 24);  // 1 2 3 4 6 8 11 16 23 32 45 64 91 ... 2048 2896 4096
    CHECK(p->plan.jobs[0].settings->max_reps == 16);
  }

  TEST_CASE("plan_builder: '...' overflow inside an inner loop ends the outer '...' loop") {
    auto p = load_text(R"(
set_skampi_buffer(1kb)
begin measurement "nested"
   for count = 1 to ... step *2 do
      for root = 0 to 1 do
         measure comm(2) : Bcast(count, MPI_INT, root)
      od
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    CHECK(factor_values(p->plan, "count").back() == 256);  // 4 * 256 = 1 KiB (no cycling)
    CHECK(p->plan.jobs.size() == 18);                      // 9 counts x 2 roots
  }

  TEST_CASE("plan_builder: process-count scans with comm(procs)") {
    auto p = load_text(R"(
num_procs = get_np()
begin measurement "MPI_Bcast-procs"
   for procs = 2 to num_procs do
      measure comm(procs) : Bcast(256, MPI_INT, 0)
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 3);  // np = 4
    CHECK(p->plan.jobs[2].comm.size == 4);
    CHECK(p->plan.jobs[0].comm.ranks == std::vector<int>{0, 1});
  }

  TEST_CASE("plan_builder: multipleof through the pipeline") {
    auto p = load_text(R"(
begin measurement "m"
   for tasks = 2 to 32 step *sqrt(2) multipleof 2 do
      measure comm(2) : Bcast(tasks, MPI_INT, 0)
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    CHECK(factor_values(p->plan, "tasks") == V{2, 4, 6, 8, 12, 16, 22, 32});
  }

  TEST_CASE("plan_builder: locals are cleared and settings restored at 'end measurement'") {
    auto p = load_text(R"(
x = 1
begin measurement "a"
   x = 2
   set_max_repetitions(5)
   measure comm(2) : Bcast(x, MPI_INT, 0)
end measurement
begin measurement "b"
   measure comm(2) : Bcast(x, MPI_INT, 0)
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 2);
    CHECK(p->plan.jobs[0].op.args[0].as_int() == 2);
    CHECK(p->plan.jobs[1].op.args[0].as_int() == 1);
    CHECK(p->plan.jobs[0].settings->max_reps == 5);
    CHECK(p->plan.jobs[1].settings->max_reps == 1000);  // a .bench script's default
  }

  TEST_CASE("plan_builder: the default stop rule: CI of the median in .bench, SKaMPI's in .ski") {
    const std::string text = "measure comm(2) : Bcast(8, MPI_CHAR, 0)\n";
    auto bench = load_files({{"main.bench", text}});
    REQUIRE(diag_ids(*bench) == "");
    const Settings& b = *bench->plan.jobs.at(0).settings;
    REQUIRE(b.stop);
    CHECK(b.stop_rule_text == "ci(median, 95%) within 1%");
    const auto* within = std::get_if<adapt::Within>(&b.stop->node);
    REQUIRE(within);
    CHECK(within->statistic == adapt::CiStatistic::Median);
    CHECK(within->level == 0.95);
    CHECK(within->max_rel_half_width == 0.01);
    CHECK(b.min_reps == 100);   // OSU's iteration counts: large messages ...
    CHECK(b.max_reps == 1000);  // ... and small ones
    CHECK(b.max_time_s == 10);

    BuildOptions four;
    four.np = 4;
    auto ski =
        metron::load_program("main.ski", four, [&](const std::string& p, FileUse) -> FileRead {
          if (p == "main.ski") return {text};
          return {};
        });
    REQUIRE(diag_ids(*ski) == "");
    const Settings& s = *ski->plan.jobs.at(0).settings;
    CHECK_FALSE(s.stop);  // SKaMPI's RSE rule, as in SKaMPI
    CHECK(s.min_reps == 8);
    CHECK(s.max_reps == 33);
    CHECK(s.max_rse == 0.10);

    // SKaMPI's setter selects SKaMPI's rule in a .bench script too, within the bounds in force.
    auto setter = load_text("set_max_relative_standard_error(0.05)\n" + text);
    const Settings& r = *setter->plan.jobs.at(0).settings;
    CHECK_FALSE(r.stop);
    CHECK(r.max_rse == 0.05);
    CHECK(r.max_reps == 1000);
    // A fixed count and a rule of the script's own replace the default.
    CHECK(load_text("set reps = 7\n" + text)->plan.jobs.at(0).settings->reps == 7);
    auto own = load_text("stop when reps >= 20\n" + text);
    CHECK(own->plan.jobs.at(0).settings->stop_rule_text == "(reps >= 20)");
  }

  TEST_CASE("plan_builder: an error in a loop body is reported once and stops the loop") {
    auto p = load_text(R"(
begin measurement "m"
   for i = 1 to 1000 do
      measure comm(2) : Bcast(i, MPI_INT, undefined_root)
   od
end measurement
)");
    CHECK(diag_ids(*p) == "unknown_variable");
    CHECK(p->plan.jobs.empty());
  }

  TEST_CASE("plan_builder: too many jobs is an error with the limit") {
    metron::BuildOptions o;
    o.np = 2;
    o.max_jobs = 10;
    auto p = load_text(R"(
begin measurement "m"
   for i = 1 to 20 do
      measure comm(2) : Bcast(i, MPI_INT, 0)
   od
end measurement
)",
                       o);
    CHECK(diag_ids(*p) == "too_many_jobs");
    CHECK(p->plan.jobs.size() == 10);
    CHECK(p->diags.all()[0].message ==
          "the plan has more than 10 jobs (set the environment variable METRON_MAX_JOBS to raise "
          "the limit)");
  }

  TEST_CASE("plan_builder: an operation the plan's MPI library lacks is refused by name") {
    metron::BuildOptions o;
    o.np = 2;
    o.mpi_library = "Open MPI 4.1.4";
    o.mpi_lacks = {metron::MpiFeature::PersistentCollectives};
    const char* text = R"(
begin measurement "m"
   measure comm(2) : Bcast(8, MPI_INT, 0)
   measure comm(2) : Bcast_init(8, MPI_INT, 0)
   expect comm(2) : Allreduce_init(8, MPI_INT, MPI_SUM) <= Allreduce(8, MPI_INT, MPI_SUM)
end measurement
)";
    auto p = load_text(text, o);
    CHECK(diag_ids(*p) == "mpi_library_lacks_operation mpi_library_lacks_operation");
    CHECK(p->diags.all()[0].message ==
          "'Bcast_init' needs MPI-4's persistent collectives (MPI_<name>_init), which this "
          "build's MPI library (Open MPI 4.1.4) does not declare");
    // --skip-unsupported: a warning per statement, and the rest of the plan.
    o.skip_unsupported = true;
    p = load_text(text, o);
    CHECK(diag_ids(*p) ==
          "skipped_mpi_library_lacks_operation skipped_mpi_library_lacks_operation");
    CHECK(p->plan.jobs.size() == 1);
    REQUIRE(p->plan.skipped.size() == 2);
    CHECK(p->plan.skipped[0].function == "Bcast_init");
    // A library that lacks nothing runs all of it.
    o.skip_unsupported = false;
    o.mpi_lacks.clear();
    CHECK(load_text(text, o)->plan.jobs.size() == 4);
  }

  TEST_CASE("plan_builder: the same text, size and seed give the same plan") {
    const char* text = R"(
c = comm_rand(3)
r = get_random_int(1, 1000)
begin measurement "m"
   measure c : Bcast(r, MPI_INT, 0)
end measurement
)";
    metron::BuildOptions o;
    o.np = 8;
    o.seed = 42;
    auto a = load_text(text, o), b = load_text(text, o);
    REQUIRE(diag_ids(*a) == "");
    CHECK(a->plan.jobs[0].comm.ranks == b->plan.jobs[0].comm.ranks);
    CHECK(a->plan.jobs[0].op.args[0].as_int() == b->plan.jobs[0].op.args[0].as_int());
    o.seed = 43;
    auto c = load_text(text, o);
    CHECK((c->plan.jobs[0].comm.ranks != a->plan.jobs[0].comm.ranks ||
           c->plan.jobs[0].op.args[0].as_int() != a->plan.jobs[0].op.args[0].as_int()));
  }

  TEST_CASE("plan_builder: a procs factor picks the level equal to --np") {
    metron::BuildOptions o;
    o.np = 4;
    auto p = load_text(R"(
factor procs in [2, 4]
begin measurement "m"
   measure comm(procs) : Barrier()
end measurement
)",
                       o);
    REQUIRE(diag_ids(*p) == "");
    CHECK(p->plan.jobs[0].comm.size == 4);
  }

  TEST_CASE("plan_builder: list loops over operations") {
    auto p = load_text(R"(
begin measurement "ops"
   for op in [Bcast, Reduce] do
      measure comm(2) : op(8, MPI_INT)
   od
end measurement
)");
    REQUIRE(diag_ids(*p) == "");
    REQUIRE(p->plan.jobs.size() == 2);
    CHECK(p->plan.jobs[1].op.func->name == "Reduce");
  }
}

TEST_CASE("plan_dump: write_plan_json writes exactly plan_json(plan).dump(1)") {
  for (const char* text : {"", R"(
replicate 2
factor alg in ["a", "b"] as env "X"
print "top"
set outliers = tukey(2)
begin measurement "m \"quoted\" jobs"
   print "in block"
   for count = 1 to 64 step *4 do
      measure comm(2) : Bcast(count, MPI_INT, 0)
   od
   set reps = 5
   measure comm_rand(2) : Allreduce(3, MPI_DOUBLE, MPI_MAX)
end measurement
)"}) {
    auto p = load_text(text);
    REQUIRE(diag_ids(*p) == "");
    std::ostringstream streamed;
    metron::write_plan_json(streamed, p->plan);
    CHECK(streamed.str() == metron::plan_json(p->plan).dump(1));
  }
}
