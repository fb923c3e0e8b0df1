// IMB-EXT's benchmarks and IMB-RMA's *_all_local on 2 ranks: every operation verifies
// (`verify = on`) in both modes, the data lands where IMB puts it (Unidir_Get's origin is rank
// 1, Accumulate sums every rank into rank 0), a corrupted byte is found, calls of several
// samples run without MPI errors and report one sample, and the window is freed.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/rma_window.h"
#include "runtime/ops/verify_pattern.h"
#include "runtime/ops/verify_reduce.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/message_error.h"

#include <doctest/doctest.h>

#include <cstring>
#include <map>
#include <string>

#include "op_test_support.h"

using namespace metron;
using metron::test::dt;
using metron::test::test_comm;

namespace {

const char* const kTransfers[] = {"Ext_unidir_put", "Ext_unidir_get", "Ext_bidir_put",
                                  "Ext_bidir_get", "Ext_accumulate"};

}  // namespace

TEST_CASE("imb-ext ops: every transfer verifies, non-aggregate and aggregate") {
  for (const char* name : kTransfers)
    for (int aggregate : {0, 1})
      for (int ops : {1, 4}) {
        CAPTURE(name);
        CAPTURE(aggregate);
        CAPTURE(ops);
        std::map<std::string, Value> named{{"aggregate", Value(aggregate)}, {"ops", Value(ops)}};
        if (std::string(name) == "Ext_accumulate") named["datatype"] = dt("MPI_INT");
        rt::BoundOp op = test::bind_named(name, named);
        CHECK(op.divisor == ops);
        op.prepare();
        REQUIRE(op.error == MPI_SUCCESS);
        op.call();  // a call before the verification, as the warm-up
        const auto err = rt::verify_op(op);
        CHECK_MESSAGE(!err, err.value_or(""));
        for (int i = 0; i < 3; ++i) op.call();  // as the timed loop calls it
        CHECK(op.error == MPI_SUCCESS);
        op.release();
        CHECK(op.rma->win == MPI_WIN_NULL);
      }
}

TEST_CASE("imb-ext ops: Window makes and frees a window per sample and its put lands") {
  for (int count : {0, 1, 64}) {
    CAPTURE(count);
    rt::BoundOp op = test::bind_named("Ext_window", {{"count", Value(count)}, {"ops", Value(3)}});
    CHECK(op.divisor == 3);
    op.prepare();
    const auto err = rt::verify_op(op);
    CHECK_MESSAGE(!err, err.value_or(""));
    if (count > 0)
      CHECK(static_cast<std::uint8_t>(op.buf.recv()[0]) == rt::pattern_byte(test::my_rank(), 0));
    op.call();
    CHECK(op.error == MPI_SUCCESS);
    op.release();
  }
}

TEST_CASE("imb-ext ops: the data goes where IMB sends it") {
  const int rank = test::my_rank();
  SUBCASE("Ext_unidir_get: rank 1 gets rank 0's window, rank 0 fetches nothing") {
    rt::BoundOp op = test::bind_named("Ext_unidir_get", {{"count", Value(6)}});
    CHECK(op.rma->accesses.size() == (rank == 1 ? 1u : 0u));
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 1)
      for (int i = 0; i < 6; ++i)
        CHECK(static_cast<std::uint8_t>(op.buf.recv()[6 + i]) == rt::pattern_byte(0, i));
    op.release();
  }
  SUBCASE("Ext_accumulate: rank 0's window holds the sum of both ranks' data") {
    rt::BoundOp op =
        test::bind_named("Ext_accumulate", {{"count", Value(3)}, {"datatype", dt("MPI_INT")}});
    CHECK(op.rma->accesses.size() == 1u);  // every rank is an origin, rank 0 the target
    CHECK(op.rma->accesses.front().target == 0);
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 0) {
      std::vector<char> one(12), other(12);
      // The op's own datatype and op: after <mpi.h> their enumerator names are MPI's macros.
      rt::fill_reduce_input(one.data(), op.send_dt.basic(), op.reduce_op, 3, 0, 0);
      rt::fill_reduce_input(other.data(), op.send_dt.basic(), op.reduce_op, 3, 1, 0);
      for (int i = 0; i < 3; ++i) {
        int a = 0, b = 0, got = 0;
        std::memcpy(&a, one.data() + 4 * i, 4);
        std::memcpy(&b, other.data() + 4 * i, 4);
        std::memcpy(&got, op.rma->base + 4 * i, 4);
        CHECK(got == a + b);
      }
    }
    op.release();
  }
}

TEST_CASE("imb-ext ops: verification finds a corrupted byte of the target window") {
  rt::BoundOp op = test::bind_named("Ext_unidir_put", {{"count", Value(8)}});
  op.prepare();
  const rt::VerifyFault fault{1, 3};
  const auto err = rt::verify_op(op, &fault);
  REQUIRE(err);
  CHECK(err->rfind("verification of 'Ext_unidir_put' failed on rank 1: target window byte 3: ",
                   0) == 0);
  op.release();
}

TEST_CASE("imb-ext ops: aggregate other than 0 or 1 is refused with the catalogue's message") {
  try {
    test::bind_named("Ext_bidir_put", {{"aggregate", Value(2)}});
    FAIL("no refusal");
  } catch (const MessageError& e) {
    CHECK(std::string(e.what()) == "bad argument #4 to 'Ext_bidir_put' (aggregate must be 0 or 1)");
  }
}

TEST_CASE("imb-rma ops: Put_all_local and Get_all_local verify and complete locally") {
  for (const char* name : {"Rma_put_all_local", "Rma_get_all_local"})
    for (const char* kind : {"create", "allocate", "dynamic"}) {
      CAPTURE(name);
      CAPTURE(kind);
      rt::BoundOp op = test::bind_named(name, {{"win", Value(kind)}});
      CHECK(op.rma_sync == RmaSync::FlushLocal);
      CHECK(op.rma->accesses.size() == (test::my_rank() == 0 ? 1u : 0u));  // rank 0 the only origin
      op.prepare();
      REQUIRE(op.error == MPI_SUCCESS);
      op.call();
      const auto err = rt::verify_op(op);
      CHECK_MESSAGE(!err, err.value_or(""));
      op.release();
      rt::BoundOp many = test::bind_named(name, {{"win", Value(kind)}, {"ops", Value(4)}});
      CHECK(many.divisor == 4);
      many.prepare();
      many.call();
      many.call();
      CHECK(many.error == MPI_SUCCESS);
      many.release();
    }
}
