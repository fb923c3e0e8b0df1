// The launch deadline derived from a plan (runtime/launcher/launch_deadline.cpp): pure, run in an
// MPI test binary because it links metron_mpi. Expected values follow the documented formula
// (docs/experiments.md, "Deadlines and retries").
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "interpreter/program.h"
#include "runtime/launcher/launch_deadline.h"

using namespace metron;
using namespace metron::launcher;

namespace {

LaunchDeadline deadline_of(const std::string& text, int np = 2) {
  BuildOptions b;
  b.np = np;
  auto p = load_program("t.bench", b,
                        [text](const std::string&, FileUse) -> FileRead { return {text}; });
  REQUIRE_MESSAGE(!p->diags.has_errors(), p->diags.render());
  DeadlineAllowances a;
  a.startup_s = 7;
  return launch_deadline(p->plan, a);
}

}  // namespace

TEST_CASE("launch deadline: start-up limit plus 1.25 x max_time + 1 s per job") {
  LaunchDeadline d = deadline_of(R"(set max_time = 2s
set noisy_job = flag
begin measurement "m"
  for i = 1 to 3 do
    measure MPI_COMM_WORLD : Synthetic(i, time = 1us)
  od
  set reps = 5
  measure MPI_COMM_WORLD : Barrier()
end measurement
)");
  CHECK(d.jobs == 4);
  CHECK(d.startup_s == 7);
  // 4 x (1.25 x 2 s + 1 s); the fixed-count job counts like the others.
  CHECK(d.jobs_s == doctest::Approx(14.0));
  CHECK(d.refine_s == 0);
  CHECK(d.clock_syncs == 0);
  CHECK(d.total_s == doctest::Approx(21.0));
}

TEST_CASE("launch deadline: a job that may be measured again is budgeted for every attempt") {
  const std::string body = R"(set max_time = 2s
begin measurement "m"
  measure MPI_COMM_WORLD : Synthetic(1, time = 1us)
end measurement
)";
  // The default: remeasure, at most 3 measurements of 1.25 x 2 s + 1 s.
  CHECK(deadline_of(body).jobs_s == doctest::Approx(3 * 3.5));
  CHECK(deadline_of("set noisy_job = remeasure(attempts = 2)\n" + body).jobs_s ==
        doctest::Approx(2 * 3.5));
  CHECK(deadline_of("set noisy_job = fail\n" + body).jobs_s == doctest::Approx(3.5));
}

TEST_CASE("launch deadline: an empty plan gets the start-up limit only") {
  LaunchDeadline d = deadline_of("# nothing to measure\n");
  CHECK(d.jobs == 0);
  CHECK(d.total_s == 7);
}

TEST_CASE("launch deadline: one clock synchronization per clock, more with resync") {
  // One measurement per job (no remeasure), so that the budgets below are the jobs'.
  const std::string body = R"(
set noisy_job = flag
begin measurement "w"
  for i = 1 to 4 do
    measure MPI_COMM_WORLD : Synthetic(i, time = 1us)
  od
end measurement
)";
  SUBCASE("one clock for all four jobs, 30 s x ceil(log2 2)") {
    LaunchDeadline d = deadline_of("set max_time = 1s\nset sync = window(size = 1ms)" + body);
    CHECK(d.clock_syncs == 1);
    CHECK(d.clock_sync_s == 30);
    CHECK(d.total_s == doctest::Approx(7 + 4 * 2.25 + 30));
  }
  SUBCASE("resync every 2 jobs: jobs 1 and 3 synchronize") {
    LaunchDeadline d = deadline_of(
        "set max_time = 1s\nset sync = window(size = 1ms)\n"
        "set resync = 2" +
        body);
    CHECK(d.clock_syncs == 2);
  }
  SUBCASE("resync every 2 s of 9 s of budgets: 1 + 4") {
    LaunchDeadline d =
        deadline_of("set max_time = 1s\nset runtime = global\nset resync = 2s" + body);
    CHECK(d.clock_syncs == 5);
  }
  SUBCASE("8 ranks: a tree of 3 levels") {
    LaunchDeadline d = deadline_of("set max_time = 1s\nset sync = window(size = 1ms)" + body, 8);
    CHECK(d.clock_sync_s == 90);
  }
  SUBCASE("barrier sync needs no clock") {
    LaunchDeadline d = deadline_of("set max_time = 1s" + body);
    CHECK(d.clock_syncs == 0);
  }
}

TEST_CASE("launch deadline: autorefine adds its budget of measurements") {
  const std::string loop = R"(
set noisy_job = flag
begin measurement "r"
  autorefine n = 1 to 16 step *2 do
    measure MPI_COMM_WORLD : Synthetic(n, time = 1us)
  od
end measurement
)";
  SUBCASE("skampi(factor = 2): 5 regular values, at most 5 added") {
    LaunchDeadline d = deadline_of("set max_time = 1s\nset refine = skampi(factor = 2)" + loop);
    CHECK(d.jobs == 5);
    CHECK(d.refine_measurements == 5);
    CHECK(d.refine_s == doctest::Approx(5 * 2.25));
  }
  SUBCASE("metron(max_points = 3)") {
    LaunchDeadline d = deadline_of("set max_time = 1s\nset refine = metron(max_points = 3)" + loop);
    CHECK(d.refine_measurements == 3);
  }
  SUBCASE("mpptest: 1024 - 5 added, and 4 smoothing passes over the whole pool") {
    LaunchDeadline d = deadline_of("set max_time = 1s\nset refine = mpptest()" + loop);
    CHECK(d.refine_measurements == 1019 + 4 * 1024);
  }
}
