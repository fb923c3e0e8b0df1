// IMB-IO's blocking writes with several transfers per call, in IMB-IO's aggregate mode (one
// MPI_File_sync after the call's transfers) and its non-aggregate mode (one after each), on 2
// ranks: each of the 9 verifies before and after observations (every transfer's block holds the
// rank's pattern at its own position: the individual pointers see the rank's blocks through a
// view), the reported time is one transfer, a call's transfers never wrap the file's positions,
// and bad transfers or aggregate values are refused. Under `set multi = on` each group writes
// files of its own, as IMB's -multi groups do.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/bound_op.h"
#include "runtime/ops/catalog.h"
#include "runtime/ops/io_job.h"

#include <doctest/doctest.h>

#include <string>

#include "io_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

const char* const kWrites[] = {"S_Write_indv", "S_Write_expl",   "P_Write_indv",
                               "P_Write_expl", "P_Write_shared", "P_Write_priv",
                               "C_Write_indv", "C_Write_expl",   "C_Write_shared"};

}  // namespace

TEST_CASE("io: IMB-IO's writes verify with several transfers per call, in both modes") {
  for (const std::int64_t aggregate : {1, 0}) {
    CAPTURE(aggregate);
    for (const char* n : kWrites)
      verify_around_observations(n, {i64(1000), i64(3), i64(aggregate)}, io_settings(), 3,
                                 [](rt::BoundOp& op) {
                                   op.call();
                                   op.advance();
                                 });
  }
  CHECK(files_left() == "");
}

TEST_CASE("io: aggregate mode's transfers: one reported time each, whole calls per file") {
  rt::BoundOp op = bind_io("P_Write_indv", {i64(1000), i64(5), i64(1)});
  CHECK(op.divisor == 5);
  CHECK(op.io->transfers == 5);
  CHECK(op.io->aggregate);
  CHECK(op.io->positions == 60);  // 64 positions at most, a multiple of 5
  op.release();
  rt::BoundOp one = bind_io("P_Write_indv", {i64(1000)});  // IMB-IO's non-aggregate mode
  CHECK(one.divisor == 1);
  CHECK_FALSE(one.io->aggregate);
  one.release();
  CHECK(bind_io_error("C_Write_expl", {i64(16), i64(65), i64(1)}) ==
        "'C_Write_expl': transfers 65 is outside [1, 64]");
  CHECK(bind_io_error("S_Write_indv", {i64(16), i64(2), i64(2)}) ==
        "bad argument #3 to 'S_Write_indv' (aggregate must be 0 or 1)");
  CHECK(files_left() == "");
}

TEST_CASE("io: under multi, the groups of an IMB-IO job write files of their own") {
  Job j;
  j.op = rt::make_op_call("P_Write_expl", {i64(64)});
  j.comm.size = 1;  // two groups of one rank on 2 ranks
  Settings s = io_settings();
  s.multi = true;
  std::string mine;
  {
    rt::JobRunner runner(j, test_comm(), s);
    REQUIRE(runner.op().io);
    mine = runner.op().io->path;
    rt::Observations obs;
    runner.run_batch(2, obs);
    CHECK(obs.size() == 2);
  }
  std::string other(mine.size(), '\0');
  int rank = 0;
  MPI_Comm_rank(test_comm(), &rank);
  const int peer = 1 - rank;
  REQUIRE(mine.size() < 4096);
  int n = static_cast<int>(mine.size()), peer_n = 0;
  MPI_Sendrecv(&n, 1, MPI_INT, peer, 0, &peer_n, 1, MPI_INT, peer, 0, test_comm(),
               MPI_STATUS_IGNORE);
  other.resize(static_cast<std::size_t>(peer_n));
  MPI_Sendrecv(mine.data(), n, MPI_CHAR, peer, 1, other.data(), peer_n, MPI_CHAR, peer, 1,
               test_comm(), MPI_STATUS_IGNORE);
  CHECK_FALSE(mine.empty());
  CHECK(mine != other);
  CHECK(files_left() == "");
}
