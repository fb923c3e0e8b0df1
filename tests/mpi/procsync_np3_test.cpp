// Three ranks (tiny: 3 ranks oversubscribe the 2-core CI machine): the dissemination barrier on
// a size that is not a power of two, roots other than 0, Reduce_scatter and Scan with 3
// contributions, and a ping-pong whose third rank watches.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/measure/local_runtime.h"
#include "runtime/ops/catalog.h"
#include "runtime/procsync/dissemination.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace metron;
using namespace metron::test;

namespace {

// Smaller buffers than test::bind's: these operations need only a few elements.
rt::BoundOp bind_small(const char* name, std::vector<Value> args) {
  Settings s;
  s.buffer_bytes = 1 << 16;
  s.cache_bytes = 1 << 12;
  return rt::bind_op(rt::make_op_call(name, std::move(args)), test_comm(), s);
}

}  // namespace

TEST_CASE("np3: dissemination barrier takes 2 rounds and holds everyone") {
  rt::DisseminationBarrier b(test_comm());
  CHECK(b.rounds() == 2);
  if (my_rank() == 2) {
    const double t = MPI_Wtime();
    while (MPI_Wtime() - t < 0.03) {
    }
  }
  const double before = MPI_Wtime();
  b.wait();
  if (my_rank() != 2) CHECK(MPI_Wtime() - before > 0.02);
  CHECK(b.error() == MPI_SUCCESS);
}

TEST_CASE("np3: collectives and reductions verify with 3 ranks and root 2") {
  struct Case {
    const char* name;
    std::vector<Value> args;
  };
  const std::vector<Case> cases = {
      {"Bcast", {std::int64_t{5}, dt("MPI_INT"), 2}},
      {"Gather", {std::int64_t{3}, dt("MPI_INT"), std::int64_t{3}, dt("MPI_INT"), 2}},
      {"Alltoall", {std::int64_t{2}, dt("MPI_DOUBLE")}},
      {"Reduce_scatter", {std::int64_t{2}, dt("MPI_INT"), op("MPI_SUM")}},
      {"Scan", {std::int64_t{2}, dt("MPI_FLOAT"), op("MPI_PROD")}},
      {"Exscan", {std::int64_t{2}, dt("MPI_INT"), op("MPI_MAX")}},
      {"Gather_using_Send_Recv",
       {std::int64_t{3}, dt("MPI_INT"), std::int64_t{3}, dt("MPI_INT"), 2}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    rt::BoundOp b = bind_small(c.name, c.args);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
  }
  rt::BoundOp b = bind_small("Scan", {std::int64_t{2}, dt("MPI_INT"), op("MPI_SUM")});
  const rt::VerifyFault fault{2, 5};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of 'Scan' failed on rank 2: receive buffer byte 5") == 0);
}

TEST_CASE("np3: a ping-pong's third rank watches and reports NaN") {
  Settings s;
  s.sync.kind = ProcSyncKind::Dissemination;
  Job job;
  job.op = rt::make_op_call("Pingpong_Send_Recv", {std::int64_t{8}});
  rt::JobRunner runner(job, test_comm(), s);
  CHECK(runner.participates() == (my_rank() < 2));
  rt::Observations obs;
  runner.run_batch(3, obs);
  CHECK(!runner.verify());
  const rt::GatheredDurations g = rt::gather_local_durations(test_comm(), obs.start_s, obs.end_s,
                                                             obs.valid, runner.participates());
  if (my_rank() == 0) {
    REQUIRE(g.per_rank.size() == 9);
    for (int i = 0; i < 3; ++i) {
      CHECK(std::isnan(g.per_rank[6 + static_cast<std::size_t>(i)]));
      CHECK(!std::isnan(g.max_per_obs[static_cast<std::size_t>(i)]));
    }
  }
}
