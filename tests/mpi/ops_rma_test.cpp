// OSU's one-sided operations on 2 ranks: every operation verifies (`verify = on`) with every
// sync mode and window kind, the target window and origin buffers hold exactly the expected
// bytes, a corrupted byte is found, timing calls run without MPI errors, and the window is freed.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/rma_window.h"
#include "runtime/ops/verify_pattern.h"
#include "runtime/plan/measure_funcs.h"

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "op_test_support.h"

using namespace metron;
using metron::test::dt;
using metron::test::test_comm;

TEST_CASE("rma ops: every OSU operation verifies with every sync mode and window kind") {
  const char* latency[] = {"Put_latency",          "Get_latency",
                           "Accumulate_latency",   "Get_accumulate_latency",
                           "Fetch_and_op_latency", "Compare_and_swap_latency",
                           "Put_bandwidth",        "Get_bandwidth"};
  const char* syncs[] = {"fence", "pscw", "lock", "lock_all", "flush", "flush_local"};
  const char* kinds[] = {"create", "allocate", "shared", "dynamic"};
  for (const char* name : latency)
    for (const char* sync : syncs)
      for (const char* kind : kinds) {
        const std::string what = std::string(name) + " sync=" + sync + " win=" + kind;
        CAPTURE(what);
        std::map<std::string, Value> named{{"sync", Value(sync)}, {"win", Value(kind)}};
        if (std::string(name).find("bandwidth") != std::string::npos) named["window"] = Value(3);
        rt::BoundOp op = test::bind_named(name, named);
        op.prepare();
        REQUIRE(op.error == MPI_SUCCESS);
        // A call before the verification, whose operations may still be in flight (flush_local
        // completes them at the origin only): the verification must not see them.
        op.call();
        const auto err = rt::verify_op(op);
        CHECK_MESSAGE(!err, err.value_or(""));
        for (int i = 0; i < 3; ++i) op.call();  // as the timed loop calls it
        CHECK(op.error == MPI_SUCCESS);
        op.release();
        CHECK(op.rma->win == MPI_WIN_NULL);
      }
  for (const char* sync : {"fence", "pscw"})
    for (const char* kind : kinds) {
      CAPTURE(sync);
      CAPTURE(kind);
      rt::BoundOp op = test::bind_named(
          "Put_bibandwidth", {{"sync", Value(sync)}, {"win", Value(kind)}, {"window", Value(4)}});
      op.prepare();
      REQUIRE(op.error == MPI_SUCCESS);
      const auto err = rt::verify_op(op);
      CHECK_MESSAGE(!err, err.value_or(""));
      op.release();
    }
}

TEST_CASE("rma ops: the target window and origin buffers hold exactly the expected bytes") {
  const int rank = test::my_rank();
  SUBCASE("Put_bandwidth: rank 1's window holds rank 0's stream in every block") {
    rt::BoundOp op = test::bind_named("Put_bandwidth", {{"datatype", dt("MPI_INT")},
                                                        {"window", Value(4)},
                                                        {"sync", Value("lock")},
                                                        {"win", Value("create")}});
    CHECK(op.divisor == 1);
    CHECK(op.recv_need_bytes == 4 * 5 * 4);  // the window only: puts fetch nothing
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 1)
      for (int i = 0; i < 4 * 5 * 4; ++i) {
        CAPTURE(i);
        CHECK(static_cast<std::uint8_t>(op.rma->base[i]) == rt::pattern_byte(0, i));
      }
    op.release();
  }
  SUBCASE("Get_latency: rank 0 fetched rank 1's stream") {
    rt::BoundOp op = test::bind_named("Get_latency", {{"sync", Value("flush_local")}});
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 0)
      for (int i = 0; i < 5; ++i)
        CHECK(static_cast<std::uint8_t>(op.buf.recv()[5 + i]) == rt::pattern_byte(1, i));
    op.release();
  }
  SUBCASE("Fetch_and_op_latency: fetched 0, target holds the origin's value") {
    rt::BoundOp op = test::bind_named("Fetch_and_op_latency", {{"datatype", dt("MPI_INT64_T")}});
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 0)
      for (int i = 0; i < 8; ++i) CHECK(op.buf.recv()[8 + i] == 0);
    if (rank == 1)
      for (int i = 0; i < 8; ++i)
        CHECK(static_cast<std::uint8_t>(op.rma->base[i]) == rt::pattern_byte(0, i));
    op.release();
  }
  SUBCASE("fence latency: an exchange of two puts, reported as half") {
    rt::BoundOp op = test::bind_named("Put_latency", {{"sync", Value("fence")}});
    CHECK(op.divisor == 2);
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    for (int i = 0; i < 5; ++i)
      CHECK(static_cast<std::uint8_t>(op.rma->base[i]) == rt::pattern_byte(1 - rank, i));
    op.release();
  }
}

TEST_CASE("rma ops: verification finds a corrupted byte of the target window") {
  rt::BoundOp op =
      test::bind_named("Put_latency", {{"sync", Value("flush")}, {"win", Value("create")}});
  op.prepare();
  // With `create` the window is the start of the receive slot, the buffer a fault flips.
  const rt::VerifyFault fault{1, 3};
  const auto err = rt::verify_op(op, &fault);
  REQUIRE(err);
  CHECK(err->rfind("verification of 'Put_latency' failed on rank 1: target window byte 3: ", 0) ==
        0);
  op.release();
}

TEST_CASE("rma ops: bad arguments are refused with the catalogue's messages") {
  auto error_of = [](const char* name, const std::map<std::string, Value>& named) {
    try {
      test::bind_named(name, named);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of("Put_latency", {{"sync", Value("flsh")}}) ==
        "'Put_latency': 'flsh' is not a sync mode (expected fence | pscw | lock | lock_all | "
        "flush | flush_local)");
  CHECK(error_of("Get_bandwidth", {{"win", Value("heap")}}) ==
        "'Get_bandwidth': 'heap' is not a window kind (expected create | allocate | shared | "
        "dynamic)");
  CHECK(error_of("Put_latency", {{"lock", Value("read")}}) ==
        "'Put_latency': 'read' is not a lock type (expected shared | exclusive)");
  CHECK(error_of("Put_bibandwidth", {{"sync", Value("flush")}}) ==
        "'flush' is not a sync mode of 'Put_bibandwidth' (expected fence | pscw)");
  CHECK(error_of("Compare_and_swap_latency", {{"datatype", dt("MPI_DOUBLE")}}) ==
        "'Compare_and_swap_latency': MPI_Compare_and_swap is not defined for datatype "
        "'MPI_DOUBLE'");
  CHECK(error_of("Put_bandwidth", {{"window", Value(0)}}) ==
        "'Put_bandwidth': window must be in [1, 1073741823], got 0");
}

TEST_CASE("rma ops: every IMB-RMA operation verifies, non-aggregate and aggregate") {
  const char* names[] = {
      "Rma_unidir_put",  "Rma_unidir_get",     "Rma_bidir_put",    "Rma_bidir_get",
      "Rma_put_local",   "Rma_get_local",      "Rma_one_put_all",  "Rma_one_get_all",
      "Rma_all_put_all", "Rma_all_get_all",    "Rma_exchange_put", "Rma_exchange_get",
      "Rma_accumulate",  "Rma_get_accumulate", "Rma_fetch_and_op", "Rma_compare_and_swap"};
  for (const char* name : names)
    for (const char* kind : {"create", "allocate", "dynamic"})
      for (int aggregate : {0, 1}) {
        CAPTURE(name);
        CAPTURE(kind);
        CAPTURE(aggregate);
        std::map<std::string, Value> named{{"win", Value(kind)}};
        if (find_measure_func(name)->param_index("aggregate") >= 0)
          named["aggregate"] = Value(aggregate);
        if (find_measure_func(name)->param_index("op") >= 0 ||
            std::string(name) == "Rma_compare_and_swap")
          named["datatype"] = dt("MPI_INT");  // integers: the target is checked exactly
        rt::BoundOp op = test::bind_named(name, named);
        op.prepare();
        REQUIRE(op.error == MPI_SUCCESS);
        const auto err = rt::verify_op(op);
        CHECK_MESSAGE(!err, err.value_or(""));
        op.release();
        // Several rounds per call, as a timed loop: no MPI error, one round reported.
        rt::BoundOp many = test::bind_named(name, [&] {
          auto m = named;
          m["ops"] = Value(4);
          return m;
        }());
        CHECK(many.divisor == 4);
        many.prepare();
        many.call();
        many.call();
        CHECK(many.error == MPI_SUCCESS);
        many.release();
      }
}

TEST_CASE("rma ops: IMB-RMA exchange and all-to-all put each origin's blocks where expected") {
  const int rank = test::my_rank();
  SUBCASE("Rma_exchange_put: block 0 from the right neighbour, block 1 from the left") {
    rt::BoundOp op = test::bind_named("Rma_exchange_put", {{"count", Value(6)}});
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    const int other = 1 - rank;  // on 2 ranks both neighbours are the other rank
    for (int i = 0; i < 6; ++i) {
      CHECK(static_cast<std::uint8_t>(op.rma->base[i]) == rt::pattern_byte(other, i));
      CHECK(static_cast<std::uint8_t>(op.rma->base[6 + i]) == rt::pattern_byte(other, 6 + i));
    }
    op.release();
  }
  SUBCASE("Rma_all_put_all: block o of every window holds origin o's block for this target") {
    rt::BoundOp op = test::bind_named("Rma_all_put_all", {{"count", Value(3)}});
    CHECK(op.rma->accesses.size() == 1);
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    const int origin = 1 - rank;
    // Origin o sends its block t (stream from 3 t on) into block o of target t.
    for (int i = 0; i < 3; ++i)
      CHECK(static_cast<std::uint8_t>(op.rma->base[3 * origin + i]) ==
            rt::pattern_byte(origin, 3 * rank + i));
    op.release();
  }
  SUBCASE("Rma_compare_and_swap: swapped once, the old value fetched") {
    rt::BoundOp op = test::bind_named("Rma_compare_and_swap", {});
    op.prepare();
    REQUIRE(!rt::verify_op(op));
    if (rank == 1)
      for (int i = 0; i < 4; ++i)
        CHECK(static_cast<std::uint8_t>(op.rma->base[i]) == rt::pattern_byte(0, i));
    if (rank == 0)
      for (int i = 0; i < 4; ++i)
        CHECK(static_cast<std::uint8_t>(op.buf.recv()[4 + i]) == rt::pattern_byte(7, i));
    op.release();
  }
}
