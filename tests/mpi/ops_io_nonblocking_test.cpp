// IMB-IO's nonblocking I* variants on 2 ranks: each of the 18 verifies with `verify = on`
// before and after observations (writes: the file holds each rank's block; reads: the buffer
// holds the file's bytes), leaves no file, finds a corrupted byte, has the CPU work of
// `compute` inside its timed call (IMB-IO's 10 ms unless given), and refuses a negative
// `compute`. With `transfers` and aggregate = 1 (IMB-IO's mode for them) every access of a call
// lands at its own block (reads: in their own slice of the buffer) and each brings its CPU work.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/io_job.h"

#include <doctest/doctest.h>

#include <string>

#include "io_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

const char* const kNonblocking[] = {
    "S_IWrite_indv",  "S_IWrite_expl",   "S_IRead_indv",  "S_IRead_expl",  "P_IWrite_indv",
    "P_IWrite_expl",  "P_IWrite_shared", "P_IWrite_priv", "P_IRead_indv",  "P_IRead_expl",
    "P_IRead_shared", "P_IRead_priv",    "C_IWrite_indv", "C_IWrite_expl", "C_IWrite_shared",
    "C_IRead_indv",   "C_IRead_expl",    "C_IRead_shared"};

Value seconds(double s) {
  return Value(Duration{s});
}

}  // namespace

TEST_CASE("io: IMB-IO's nonblocking variants verify around observations") {
  for (const char* n : kNonblocking)
    verify_around_observations(n, {i64(1000), seconds(1e-5)}, io_settings(), 3,
                               [](rt::BoundOp& op) {
                                 op.call();
                                 op.advance();
                               });
  CHECK(files_left() == "");
}

TEST_CASE("io: a nonblocking variant's corrupted byte is found where it lands") {
  for (const char* n : {"P_IRead_expl", "C_IRead_indv"}) {
    CAPTURE(n);
    rt::BoundOp op = bind_io(n, {i64(64), seconds(0)});
    op.prepare();
    const rt::VerifyFault fault{1, 5};
    const auto err = rt::verify_op(op, &fault);
    REQUIRE(err);
    CHECK(err->find("verification of '" + std::string(n) + "' failed on rank 1: receive buffer") ==
          0);
    op.release();
  }
  CHECK(files_left() == "");
}

TEST_CASE("io: the CPU work of `compute` is inside the call, 10 ms unless given") {
  rt::BoundOp dflt = bind_io("P_IWrite_expl", {i64(16)});
  CHECK(dflt.io->overlap_ns == 10000000);  // IMB-IO's TARGET_CPU_SECS
  CHECK(dflt.io->transfers == 1);
  CHECK_FALSE(dflt.io->aggregate);
  dflt.release();
  rt::BoundOp blocking = bind_io("P_Write_expl", {i64(16)});
  CHECK(blocking.io->overlap_ns == -1);
  blocking.release();
  rt::BoundOp op = bind_io("P_IWrite_expl", {i64(16), seconds(0.02)});
  op.prepare();
  const double t0 = MPI_Wtime();
  op.call();
  const double t = MPI_Wtime() - t0;
  CHECK(op.error == MPI_SUCCESS);
  CHECK(t >= 0.02);  // a lower bound only: the busy-wait cannot take less
  op.release();
  CHECK(bind_io_error("C_IRead_expl", {i64(16), seconds(-1)}) ==
        "'C_IRead_expl': compute -1s is outside [0s, 3600s]");
  CHECK(files_left() == "");
}

TEST_CASE("io: the nonblocking variants' transfers, together (aggregate) or one by one") {
  for (const std::int64_t aggregate : {1, 0})
    for (const char* n : kNonblocking) {
      CAPTURE(n);
      CAPTURE(aggregate);
      verify_around_observations(n, {i64(1000), seconds(1e-5), i64(4), i64(aggregate)},
                                 io_settings(), 3, [](rt::BoundOp& op) {
                                   op.call();
                                   op.advance();
                                 });
    }
  CHECK(files_left() == "");
}

TEST_CASE("io: an aggregate nonblocking call does the CPU work of each transfer") {
  rt::BoundOp op = bind_io("P_IRead_expl", {i64(16), seconds(0.005), i64(4), i64(1)});
  CHECK(op.divisor == 4);           // the reported time is one access's
  CHECK(op.recv_need_bytes == 64);  // a slice of the buffer for each read
  op.prepare();
  const double t0 = MPI_Wtime();
  op.call();
  const double t = MPI_Wtime() - t0;
  CHECK(op.error == MPI_SUCCESS);
  CHECK(t >= 0.02);  // four times 5 ms, a lower bound only
  op.release();
  CHECK(bind_io_error("S_IWrite_indv", {i64(16), seconds(0), i64(4), i64(2)}) ==
        "bad argument #4 to 'S_IWrite_indv' (aggregate must be 0 or 1)");
  CHECK(bind_io_error("C_IRead_shared", {i64(16), seconds(0), i64(65), i64(1)}).find("transfers") !=
        std::string::npos);
  CHECK(files_left() == "");
}
