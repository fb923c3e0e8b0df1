// Ping-pongs: every variant verifies in both directions, reports a corrupted byte, divides by
// `iterations`, and Pingpong_Sendrecv matches its tags and sides whatever they are.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

const char* const kVariants[] = {"Pingpong_Send_Recv",       "Pingpong_Isend_Recv",
                                 "Pingpong_Send_Irecv",      "Pingpong_Ssend_Recv",
                                 "Pingpong_Issend_Recv",     "Pingpong_Send_Recv_AT",
                                 "Pingpong_Send_Iprobe_Recv"};

}  // namespace

TEST_CASE("pingpong: every variant verifies and finds a corrupted byte on either rank") {
  for (const char* name : kVariants) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, {std::int64_t{33}, dt("MPI_INT"), 7, 3});
    CHECK(b.participates);
    CHECK(b.divisor == 3);  // 3 round trips per call(); the runner divides by 3
    CHECK(b.peer == 1 - b.rank);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    for (int bad = 0; bad < 2; ++bad) {
      const rt::VerifyFault fault{bad, 4 * 32 + 1};
      const auto err = rt::verify_op(b, &fault);
      REQUIRE(err);
      CHECK(err->find("verification of '" + std::string(name) + "' failed on rank " +
                      std::to_string(bad) + ": receive buffer byte 129: expected 0x") == 0);
    }
  }
}

TEST_CASE("pingpong: one call is exactly `iterations` round trips, for every variant") {
  // Rank 0 runs the bound ping; rank 1 answers by hand and counts the messages until rank 0
  // says stop with another tag. Exact: each round trip is one message each way.
  constexpr int kStopTag = 77;
  for (const char* name : kVariants) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, {std::int64_t{16}, dt("MPI_CHAR"), 0, 50});
    CHECK(b.divisor == 50);
    char byte[16] = {};
    if (b.rank == 0) {
      for (int i = 0; i < 3; ++i) {
        b.call();
        b.advance();
      }
      CHECK(b.error == MPI_SUCCESS);
      MPI_Send(byte, 1, MPI_CHAR, 1, kStopTag, test_comm());
    } else if (b.rank == 1) {
      int received = 0;
      for (;;) {
        MPI_Status st;
        MPI_Recv(byte, 16, MPI_CHAR, 0, MPI_ANY_TAG, test_comm(), &st);
        if (st.MPI_TAG == kStopTag) break;
        ++received;
        MPI_Send(byte, 16, MPI_CHAR, 0, 0, test_comm());
      }
      CHECK(received == 3 * 50);
    }
    MPI_Barrier(test_comm());
  }
}

TEST_CASE("pingpong: Sendrecv with different sides and tags") {
  // Rank 0 sends 5 ints with tag 3 and receives 2 doubles with tag 4; rank 1 mirrors it.
  rt::BoundOp b = bind("Pingpong_Sendrecv", {std::int64_t{5}, dt("MPI_INT"), 3, std::int64_t{2},
                                             dt("MPI_DOUBLE"), 4, 2});
  CHECK(b.divisor == 2);
  CHECK(b.send_need_bytes == 20);  // the larger side, on both sides
  CHECK(b.recv_need_bytes == 20);
  CHECK(b.tag == (b.rank == 0 ? 3 : 4));
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
  const rt::VerifyFault fault{1, 6};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of 'Pingpong_Sendrecv' failed on rank 1: receive buffer byte 6") ==
        0);
}

TEST_CASE("pingpong: iterations must be at least 1") {
  CHECK_THROWS_WITH_AS(bind("Pingpong_Send_Recv", {std::int64_t{1}, dt("MPI_INT"), 0, 0}),
                       "bad argument #4 to 'Pingpong_Send_Recv' (iterations must be at least 1)",
                       std::runtime_error);
}
