// SKaMPI's one-sided functions on 2 ranks: each one's window (or Get's origin buffer) holds the
// origin's data exactly after one verified call, a flipped byte there is found, the timed ranks
// are SKaMPI's, a delayed epoch really waits, and bad arguments are bind errors.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <chrono>

#include "runtime/plan/rma_constants.h"

using namespace metron;
using namespace metron::test;

namespace {

const Value kInfoNull = Value(Spec{"MPI_INFO_NULL", {}});

struct Case {
  const char* name;
  std::vector<Value> args;  // after count, datatype (MPI_INT) and info
  int checked_rank;         // the rank whose window (or origin buffer) verification reads
  std::int64_t fault_byte;  // a byte inside the checked data
  const char* where;        // "window" or "origin buffer"
};

// count = 5 MPI_INT (20 bytes per block) everywhere.
std::vector<Case> data_cases() {
  const std::int64_t excl = rma::kLockExclusive, shared = rma::kLockShared;
  return {
      {"Win_fence_close", {0, 1}, 1, 2, "window"},              // one element put to self
      {"Win_fence_close_collective", {0, 1}, 0, 23, "window"},  // rank 1's block at 20
      {"Win_fence_close_delayed", {3, 0}, 1, 50, "window"},     // 3 blocks from rank 0
      {"Win_fence_openclose", {1}, 0, 0, "window"},
      {"Win_free", {1}, 1, 3, "window"},
      {"Win_complete", {0, 1}, 1, 7, "window"},
      {"Win_startcomplete", {0, 1}, 1, 19, "window"},
      {"Win_complete_n", {0, 3, 0}, 1, 45, "window"},  // block 2 of 3
      {"Win_complete_delayed_wait", {0, 1, 100}, 1, 0, "window"},
      {"Win_wait_early_complete", {0, 1, 0}, 0, 20, "window"},
      {"Win_wait_delayed_complete", {0, 1, 100}, 0, 39, "window"},
      {"Win_test", {0, 1}, 0, 21, "window"},
      {"Win_test_delayed", {0, 1, 100}, 0, 22, "window"},
      {"Win_unlock", {0, excl, 1, 1, 0}, 1, 5, "window"},
      {"Put_passive_concurrent", {shared}, 0, 25, "window"},  // rank 1's block at 20
      {"Pingpong_Put_Put", {3}, 0, 1, "window"},              // back at rank 0 from rank 1
      {"Put_fence_bidirectional", {}, 0, 4, "window"},
      {"Put", {}, 1, 6, "window"},
      {"Put_dedicated", {}, 1, 8, "window"},
      {"Put_passive", {}, 1, 9, "window"},
      {"Put_fence", {}, 1, 10, "window"},
      {"Get_Pingpong", {}, 0, 11, "window"},
      {"Get_callduration", {}, 0, 12, "origin buffer"},
      {"Get_dedicated", {}, 0, 13, "origin buffer"},
      {"Get_passive", {}, 0, 14, "origin buffer"},
      {"Get_fence", {}, 0, 15, "origin buffer"},
      {"Accumulate", {op("MPI_SUM")}, 1, 16, "window"},
      {"Accumulate", {op("MPI_MAX")}, 1, 17, "window"},
      {"Accumulate", {op("MPI_REPLACE")}, 1, 18, "window"},
      {"Accumulate_concurrent", {op("MPI_SUM"), 1}, 0, 1, "window"},
      {"Accumulate_concurrent", {op("MPI_REPLACE"), 0}, 0, 2, "window"},
      {"Caching", {0}, 1, 3, "window"},
      {"Combining_Put_fence", {4}, 1, 70, "window"},  // block 3 of 4
      {"Combining_Put_dedicated", {4}, 1, 79, "window"},
      {"Put_Shift", {1}, 0, 3, "window"},      // from rank 1
      {"Put_Shift", {-3}, 1, 4, "window"},     // -3 = 1 (mod 2)
      {"Put_Exchange", {3}, 1, 41, "window"},  // block 2 from rank (1 - 3) mod 2 = 0
      {"Put_Exchange_passive", {3}, 0, 59, "window"},
      {"onesided_bcast", {3}, 1, 45, "window"},     // block 2 of 3 from rank 0
      {"onesided_alltoall", {2}, 0, 61, "window"},  // round 1, block from rank 1
  };
}

std::vector<Value> with_window(std::vector<Value> rest) {
  std::vector<Value> args{std::int64_t{5}, dt("MPI_INT"), kInfoNull};
  for (Value& v : rest) args.push_back(std::move(v));
  return args;
}

// One observation as the per_call scheme runs it (the process sync left out).
void observe(rt::BoundOp& b) {
  b.setup();
  b.call();
  b.teardown();
  b.advance();
}

}  // namespace

TEST_CASE("onesided: the target's data is exact after a call, and a flipped byte is found") {
  for (const Case& c : data_cases()) {
    CAPTURE(c.name);
    CAPTURE(c.fault_byte);
    rt::BoundOp b = bind(c.name, with_window(c.args));
    observe(b);  // a first observation, then verification on the next buffer slot
    CHECK(b.error == MPI_SUCCESS);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    const rt::VerifyFault fault{c.checked_rank, c.fault_byte};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                    std::to_string(c.checked_rank) + ": " + c.where + " byte " +
                    std::to_string(c.fault_byte) + ": expected ") == 0);  // bytes or values
  }
}

TEST_CASE("onesided: the synchronization-only functions run and verify (nothing to compare)") {
  const std::int64_t excl = rma::kLockExclusive, shared = rma::kLockShared;
  const std::pair<const char*, std::vector<Value>> calls[] = {
      {"Win_fence_open", {rma::kModeNoStore}},
      {"Win_start", {0}},
      {"Win_start", {rma::kModeNoCheck}},
      {"Win_start_delayed_post", {0, 100, 1}},
      {"Win_post", {rma::kModeNoStore + rma::kModeNoPut}},
      {"Win_create", {}},
      {"Win_lock", {rma::kModeNoCheck, shared, 1}},
      {"Win_lock", {0, excl, 0}},
      {"Win_lock_desync", {0, excl, 1, 100}},
      {"Win_fence_close", {0, 0}},  // without the put
      {"Accumulate_concurrent_multi", {3, op("MPI_SUM"), 1}},
      {"Accumulate_concurrent_multi", {3, op("MPI_MAX"), 0}},
      {"onesided_reduce", {op("MPI_SUM")}},
      {"onesided_allreduce", {op("MPI_PROD")}},
  };
  for (const auto& [name, rest] : calls) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, with_window(rest));
    for (int i = 0; i < 3; ++i) observe(b);
    CHECK(b.error == MPI_SUCCESS);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
  }
}

TEST_CASE("onesided: the timed ranks are SKaMPI's (the others return -1 there)") {
  const std::pair<const char*, std::vector<Value>> rank0[] = {
      {"Win_start", {0}},
      {"Win_complete", {0, 1}},
      {"Win_test", {0, 1}},
      {"Win_lock", {0, 234, 1}},
      {"Win_unlock", {0, 234, 1, 1, 0}},
      {"Put", {}},
      {"Put_passive", {}},
      {"Get_callduration", {}},
      {"Caching", {0}},
      {"Accumulate_concurrent", {op("MPI_SUM"), 1}}};
  for (const auto& [name, rest] : rank0) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, with_window(rest));
    CHECK(b.participates == (b.rank == 0));
  }
  const std::pair<const char*, std::vector<Value>> all[] = {
      {"Win_fence_open", {0}},  {"Win_post", {0}},     {"Win_create", {}},
      {"Put_fence", {}},        {"Put_dedicated", {}}, {"Accumulate", {op("MPI_SUM")}},
      {"Pingpong_Put_Put", {2}}};
  for (const auto& [name, rest] : all) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, with_window(rest));
    CHECK(b.participates);  // on 2 ranks: all, or both of the pair
  }
  rt::BoundOp pp = bind("Pingpong_Put_Put", with_window({7}));
  CHECK(pp.divisor == 7);             // one reported time is one round trip
  CHECK(pp.per_observation_setup());  // the window is opened outside the timed region
}

TEST_CASE("onesided: Win_wait_delayed_complete's wait ends only after the late complete") {
  // Rank 1 busy-waits 20 ms after the barrier before its MPI_Win_complete; rank 0's MPI_Win_wait
  // cannot return before that complete began. Both ranks read the same steady clock (one node),
  // so the order is exact, with no tolerance.
  rt::BoundOp b = bind("Win_wait_delayed_complete", with_window({0, 1, 20000}));
  using Clock = std::chrono::steady_clock;
  b.setup();
  MPI_Barrier(test_comm());
  const double released = std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
  b.call();
  const double done = std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
  b.teardown();
  CHECK(b.error == MPI_SUCCESS);
  double rank1_released = released;
  MPI_Bcast(&rank1_released, 1, MPI_DOUBLE, 1, test_comm());
  if (b.rank == 0) CHECK(done >= rank1_released + 0.020);
}

TEST_CASE("onesided: bad arguments are bind errors with the front end's messages") {
  CHECK(bind_error("Win_lock", with_window({0, 1, 1})) ==
        "'Win_lock': lock type 1 is neither MPI_LOCK_EXCLUSIVE nor MPI_LOCK_SHARED");
  CHECK(bind_error("Win_start", with_window({3})) ==
        "'Win_start': assertion 3 is not a sum of distinct MPI_MODE_* flags (MPI_MODE_NOCHECK, "
        "MPI_MODE_NOSTORE, MPI_MODE_NOPUT, MPI_MODE_NOPRECEDE, MPI_MODE_NOSUCCEED)");
  CHECK(bind_error("Win_unlock", with_window({0, 234, 2, 1, 0})) ==
        "'Win_unlock': root 2 is not a rank of a communicator of 2 ranks");
  CHECK(bind_error("Win_complete_delayed_wait", with_window({0, 1, -5})) ==
        "'Win_complete_delayed_wait': negative delay_us (-5)");
  CHECK(bind_error("Put", {std::int64_t{5}, dt("MPI_INT"), Value("hints")}) ==
        "'Put': \"hints\" is not an info object (MPI_INFO_NULL or the result of info_create)");
  // A window of 1 MiB plus its 1 MiB origin does not fit the tests' 1 MiB buffer.
  const std::string big = bind_error("Put", {std::int64_t{1 << 18}, dt("MPI_INT"), kInfoNull});
  CHECK(big.find("'Put' needs 2097152 bytes of buffer per rank (send 1048576 + receive 1048576") ==
        0);
}

TEST_CASE("onesided: an info object reaches MPI_Win_create") {
  Spec info{"info", {{"no_locks", Value("true")}, {"accumulate_ordering", Value("none")}}};
  rt::BoundOp b = bind("Put_fence", {std::int64_t{5}, dt("MPI_INT"), Value(info)});
  observe(b);
  CHECK(b.error == MPI_SUCCESS);
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
}
