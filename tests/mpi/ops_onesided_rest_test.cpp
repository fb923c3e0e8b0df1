// The rest of SKaMPI's one-sided file on 2 ranks (the references, the active-wait, datatype and
// border-exchange functions) and IMB-RMA's Truly_passive_put: after one verified call the
// checked rank's buffer holds exactly the data the pattern says, a flipped byte there is found,
// the timed ranks are SKaMPI's, and bad arguments are bind errors.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <chrono>

using namespace metron;
using namespace metron::test;

namespace {

const Value kInfoNull = Value(Spec{"MPI_INFO_NULL", {}});
struct Case {
  const char* name;
  std::vector<Value> args;
  int checked_rank;         // the rank whose buffer verification reads
  std::int64_t fault_byte;  // a byte inside the checked data
  std::string where;        // how the message names that buffer
};

// count 5 MPI_INT (20 bytes) unless said; the Datatype_* functions one element of 4800 bytes;
// the border exchanges a grid of 4 rows of 8 doubles (count 32: 64-byte rows, rows 0 and 5 are
// the halos).
std::vector<Case> data_cases() {
  return {
      {"Isend_callduration", {i64(5), dt("MPI_INT")}, 1, 7, "receive buffer"},
      {"Send", {i64(5), dt("MPI_INT"), i64(3)}, 1, 19, "receive buffer"},
      // Block m of the receive buffer comes from rank (rank - m - 1) mod 2: block 2 from 1.
      {"Exchange_Isend_Irecv",
       {i64(5), dt("MPI_INT"), i64(3)},
       0,
       45,
       "receive buffer (block from rank 1)"},
      {"multi_Alltoall",
       {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT"), i64(3)},
       1,
       70,
       "receive buffer (round 1, block from rank 1)"},
      {"Put_activewait_get", {i64(5), kInfoNull}, 1, 3, "window"},
      {"Put_activewait_get", {i64(5), kInfoNull}, 1, 17, "window"},  // the flag
      {"Put_activewait_get", {i64(1), kInfoNull}, 1, 0, "window"},   // the flag alone
      {"Put_activewait_twosided", {i64(5), kInfoNull}, 1, 5, "window"},
      {"Put_activewait_twosided_sleep", {i64(5), kInfoNull, i64(10)}, 1, 19, "window"},
      {"Accumulate_activewait_twosided", {i64(5), kInfoNull}, 1, 9, "window"},
      {"Get_activewait", {i64(5), kInfoNull}, 0, 2, "origin buffer"},
      {"Get_activewait_sleep", {i64(5), kInfoNull, i64(10)}, 0, 16, "origin buffer"},
      {"Datatype_complex_everytime", {i64(1), kInfoNull}, 1, 4799, "window"},
      {"Datatype_complex_once", {i64(2), kInfoNull}, 1, 4800, "window"},
      {"Datatype_complex_mixed_everytime", {i64(1), kInfoNull}, 1, 8, "window"},  // a double
      {"Datatype_complex_mixed_once", {i64(1), kInfoNull}, 1, 31, "window"},
      {"Datatype_complex_Get", {i64(1), kInfoNull}, 0, 100, "origin buffer"},
      {"Datatype_int", {i64(1), kInfoNull}, 1, 2000, "window"},
      {"Datatype_simple", {i64(1), kInfoNull}, 1, 0, "window"},
      {"Datatype_simple_Get", {i64(1), kInfoNull}, 0, 4000, "origin buffer"},
      // One iteration: the last halos went into the receive buffer.
      {"onesided_borderexchange", {i64(32), kInfoNull, i64(1), i64(0)}, 0, 10, "receive buffer"},
      {"onesided_borderexchange_fence",
       {i64(32), kInfoNull, i64(3), i64(0)},
       1,
       330,
       "receive buffer"},
      {"twosided_borderexchange", {i64(32), i64(1), i64(0)}, 1, 63, "receive buffer"},
      {"Rma_truly_passive_put", {i64(5), dt("MPI_INT"), Value(Duration{0})}, 1, 6, "window"},
      {"Rma_truly_passive_put",
       {i64(64), dt("MPI_BYTE"), Value(Duration{200e-6})},
       1,
       63,
       "window"},
  };
}

// One observation as the per_call scheme runs it (the process sync left out).
void observe(rt::BoundOp& b) {
  b.setup();
  b.call();
  b.teardown();
  b.finish();
  b.advance();
}

}  // namespace

TEST_CASE("onesided rest: the checked data is exact after a call, and a flipped byte is found") {
  for (const Case& c : data_cases()) {
    CAPTURE(c.name);
    CAPTURE(c.fault_byte);
    rt::BoundOp b = bind(c.name, c.args);
    observe(b);  // a first observation, then verification on the next buffer slot
    observe(b);
    CHECK(b.error == MPI_SUCCESS);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    const rt::VerifyFault fault{c.checked_rank, c.fault_byte};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK_MESSAGE(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                            std::to_string(c.checked_rank) + ": " + c.where + " byte " +
                            std::to_string(c.fault_byte) + ": expected ") == 0,
                  *err);
    b.release();
  }
}

TEST_CASE("onesided rest: the halos land in the buffer of the last step for any iteration count") {
  // 0 and 2 iterations: the last halos are in the send buffer (the fault test flips the receive
  // buffer, so these are checked for success only); compute = 1: MPI errors only.
  const std::pair<const char*, std::vector<Value>> calls[] = {
      {"onesided_borderexchange", {i64(32), kInfoNull, i64(0), i64(0)}},
      {"onesided_borderexchange", {i64(50), kInfoNull, i64(2), i64(0)}},
      {"onesided_borderexchange_fence", {i64(32), kInfoNull, i64(2), i64(0)}},
      {"twosided_borderexchange", {i64(32), i64(0), i64(0)}},
      {"twosided_borderexchange", {i64(72), i64(4), i64(1)}},
      {"onesided_borderexchange", {i64(72), kInfoNull, i64(3), i64(1)}},
      {"onesided_borderexchange_fence", {i64(18), kInfoNull, i64(2), i64(1)}},
  };
  for (const auto& [name, args] : calls) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, args);
    observe(b);
    CHECK(b.error == MPI_SUCCESS);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
  }
}

TEST_CASE("onesided rest: the timed ranks are SKaMPI's") {
  const std::pair<const char*, std::vector<Value>> rank0[] = {
      {"onesided_dummy", {i64(5), dt("MPI_INT"), kInfoNull}},
      {"Isend_callduration", {i64(5), dt("MPI_INT")}},
      {"Send", {i64(5), dt("MPI_INT"), i64(0)}},
      {"Put_activewait_get", {i64(5), kInfoNull}},
      {"Get_activewait", {i64(5), kInfoNull}},
      {"Datatype_int", {i64(1), kInfoNull}},
      {"Rma_truly_passive_put", {i64(5), dt("MPI_BYTE"), Value(Duration{0})}}};
  for (const auto& [name, args] : rank0) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, args);
    CHECK(b.participates == (b.rank == 0));
  }
  const std::pair<const char*, std::vector<Value>> all[] = {
      {"Exchange_Isend_Irecv", {i64(5), dt("MPI_INT"), i64(1)}},
      {"multi_Alltoall", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT"), i64(1)}},
      {"twosided_borderexchange", {i64(32), i64(1), i64(0)}}};
  for (const auto& [name, args] : all) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, args);
    CHECK(b.participates);
  }
  rt::BoundOp dummy = bind("onesided_dummy", {i64(5), dt("MPI_INT"), kInfoNull});
  observe(dummy);
  CHECK(dummy.error == MPI_SUCCESS);
}

TEST_CASE("onesided rest: the truly passive put's target computes without MPI for `compute`") {
  // Rank 1's call is the busy-wait of 20 ms and nothing else (no MPI call), so it takes at least
  // that long on the steady clock.
  rt::BoundOp b = bind("Rma_truly_passive_put", {i64(8), dt("MPI_BYTE"), Value(Duration{0.02})});
  b.setup();
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  b.call();
  const double took = std::chrono::duration<double>(Clock::now() - t0).count();
  b.teardown();
  CHECK(b.error == MPI_SUCCESS);
  if (b.rank == 1) CHECK(took >= 0.02);
}

TEST_CASE("onesided rest: bad arguments are bind errors with the front end's messages") {
  CHECK(bind_error("Put_activewait_twosided", {i64(0), kInfoNull}) ==
        "bad argument #1 to 'Put_activewait_twosided' (count must be "
        "at least 1: the last element is the polled flag)");
  CHECK(bind_error("twosided_borderexchange", {i64(17), i64(1), i64(0)}) ==
        "bad argument #1 to 'twosided_borderexchange' (count must be "
        "at least 18 for a grid of at least 3 rows)");
  CHECK(bind_error("Exchange_Isend_Irecv", {i64(5), dt("MPI_INT"), i64(0)}) ==
        "bad argument #3 to 'Exchange_Isend_Irecv' (msg_count must be "
        "between 1 and 1000000)");
  // 300 elements of 4800 bytes on each side do not fit the tests' 1 MiB buffer.
  const std::string big = bind_error("Datatype_simple", {i64(300), kInfoNull});
  CHECK(big.find("'Datatype_simple' needs 2880000 bytes of buffer per rank (send 1440000 + "
                 "receive 1440000") == 0);
}
