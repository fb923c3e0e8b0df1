// SKaMPI's remaining MPI-1 functions on 2 ranks: each verifies its received data (and reports
// a corrupted byte), lays out SKaMPI's counts, and leaves for finish() exactly what SKaMPI does
// after its second timer read.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

void verifies(rt::BoundOp& b, int rounds = 3) {
  for (int k = 0; k < rounds; ++k) {
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.advance();
  }
}

void finds_fault(rt::BoundOp& b, int bad_rank, std::int64_t offset, const std::string& where) {
  const rt::VerifyFault fault{bad_rank, offset};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of '" + b.name + "' failed on rank " + std::to_string(bad_rank) +
                  ": " + where + " byte " + std::to_string(offset)) == 0);
}

int rank() {
  int r = 0;
  MPI_Comm_rank(test_comm(), &r);
  return r;
}

}  // namespace

TEST_CASE("skampi: Gather_using_Isend_Irecv_Waitall gathers; the senders' wait is finish()'s") {
  for (int root = 0; root < 2; ++root) {
    CAPTURE(root);
    rt::BoundOp b =
        bind("Gather_using_Isend_Irecv_Waitall",
             {std::int64_t{5}, dt("MPI_INT"), std::int64_t{5}, dt("MPI_INT"), std::int64_t{root}});
    verifies(b);
    // The non-root's MPI_Isend is still pending after call(), as after SKaMPI's timed region.
    b.call();
    if (rank() != root) CHECK(b.requests.size() == 1);
    b.advance();
    if (rank() != root) CHECK(b.requests.empty());
    CHECK(b.error == MPI_SUCCESS);
    const int other = 1 - root;
    finds_fault(b, root, other * 20 + 3,
                "receive buffer (block from rank " + std::to_string(other) + ")");
  }
}

TEST_CASE("skampi: Alltoallv_using_Isend_Irecv exchanges send_count elements per pair") {
  rt::BoundOp b = bind("Alltoallv_using_Isend_Irecv", {std::int64_t{7}, dt("MPI_SHORT")});
  CHECK(b.requests.size() == 4);
  verifies(b);
  finds_fault(b, 1, 14 + 1, "receive buffer (block from rank 1)");
}

TEST_CASE("skampi: myalltoallv sends send_count * ratio to the charged rank, / ratio elsewhere") {
  // 2 ranks, count 10: (int)(20 * 1.5) / 2 = 15 to the charged rank 1, (int)(20 / 1.5) / 2 = 6
  // to rank 0; rank 1 receives 15 from each, rank 0 receives 6 from each.
  rt::BoundOp b = bind("myalltoallv", {std::int64_t{10}, dt("MPI_INT"), std::int64_t{10},
                                       dt("MPI_INT"), std::int64_t{1}, 1.5});
  CHECK(b.send_counts == std::vector<int>{6, 15});
  CHECK(b.send_displs == std::vector<int>{0, 6});
  if (rank() == 1) {
    CHECK(b.recv_counts == std::vector<int>{15, 15});
    CHECK(b.recv_displs == std::vector<int>{0, 15});
  } else {
    CHECK(b.recv_counts == std::vector<int>{6, 6});
  }
  CHECK(b.send_need_bytes == 21 * 4);
  verifies(b);
  finds_fault(b, 1, 15 * 4 + 2, "receive buffer (block from rank 1)");
  finds_fault(b, 0, 4 * 4, "receive buffer (block from rank 0)");
}

TEST_CASE("skampi: Reduce_Scatterv reduces count elements and scatters SKaMPI's split") {
  // 9 over 2 ranks: 4 each, the remainder of 1 to rank 0 * 2 / 1 = 0.
  rt::BoundOp b = bind("Reduce_Scatterv", {std::int64_t{9}, dt("MPI_INT"), op("MPI_SUM"), 1});
  CHECK(b.send_counts == std::vector<int>{5, 4});
  CHECK(b.send_displs == std::vector<int>{0, 5});
  verifies(b);
  rt::BoundOp d = bind("Reduce_Scatterv", {std::int64_t{6}, dt("MPI_DOUBLE"), op("MPI_MAX"), 0});
  verifies(d);
}

TEST_CASE("skampi: delayed_Alltoall and delayed_Gather verify, and the late rank delays all") {
  rt::BoundOp a = bind("delayed_Alltoall", {std::int64_t{3}, dt("MPI_INT"), std::int64_t{3},
                                            dt("MPI_INT"), Value(Duration{1e-4}), std::int64_t{1}});
  verifies(a);
  rt::BoundOp g = bind("delayed_Gather", {std::int64_t{3}, dt("MPI_INT"), std::int64_t{3},
                                          dt("MPI_INT"), std::int64_t{0}, 1e-4, std::int64_t{0}});
  CHECK(g.seconds_arg == 1e-4);  // a plain number is seconds, as in SKaMPI
  verifies(g);
  // Causality, not speed: rank 1 starts its wait after every rank entered the barrier, so rank
  // 0 cannot leave the alltoall earlier than `delay` after it entered the barrier itself.
  constexpr double kDelay = 0.02;
  rt::BoundOp late = bind("delayed_Alltoall", {std::int64_t{3}, dt("MPI_INT"), std::int64_t{3},
                                               dt("MPI_INT"), kDelay, std::int64_t{1}});
  const double t0 = MPI_Wtime();
  MPI_Barrier(test_comm());
  late.call();
  const double t1 = MPI_Wtime();
  late.advance();
  CHECK(late.error == MPI_SUCCESS);
  if (rank() == 0) CHECK(t1 - t0 >= kDelay);
}

TEST_CASE("skampi: Pingpong_Bsend_Recv attaches its buffer in prepare() and verifies") {
  rt::BoundOp b = bind("Pingpong_Bsend_Recv", {std::int64_t{100}, dt("MPI_INT"), 3, 4});
  CHECK(b.divisor == 4);
  b.prepare();
  CHECK(b.error == MPI_SUCCESS);
  CHECK(b.scratch.size() >= 400);  // one message and MPI_BSEND_OVERHEAD
  verifies(b);
  finds_fault(b, 0, 4 * 99, "receive buffer");
  b.release();
  CHECK(b.scratch.empty());
  // Detached: a new buffer can be attached (MPI allows one at a time).
  std::vector<char> other(1024);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  CHECK(MPI_Buffer_attach(other.data(), 1024) == MPI_SUCCESS);
  void* addr = nullptr;
  int size = 0;
  CHECK(MPI_Buffer_detach(&addr, &size) == MPI_SUCCESS);
  CHECK(size == 1024);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

TEST_CASE("skampi: Pingpong_Sendrecv_replace matches its tags and replaces in place") {
  rt::BoundOp b = bind("Pingpong_Sendrecv_replace", {std::int64_t{17}, dt("MPI_DOUBLE"), 3, 5, 2});
  CHECK(b.tag == (rank() == 0 ? 3 : 5));
  CHECK(b.tag_back == (rank() == 0 ? 5 : 3));
  CHECK(b.divisor == 2);
  CHECK(b.send_need_bytes == 0);
  // An even number of exchanges brings each rank's own data back; an odd one the peer's.
  verifies(b);
  finds_fault(b, 1, 8 * 16, "receive buffer");
  rt::BoundOp odd =
      bind("Pingpong_Sendrecv_replace", {std::int64_t{17}, dt("MPI_DOUBLE"), 3, 5, 3});
  verifies(odd);
  finds_fault(odd, 0, 0, "receive buffer");
}

TEST_CASE("skampi: Par_Pingpong_Send_Recv pairs r with nodesize + r") {
  rt::BoundOp b = bind("Par_Pingpong_Send_Recv", {std::int64_t{8}, dt("MPI_CHAR"), 0, 2});
  CHECK(b.peer == 1 - rank());
  CHECK(b.divisor == 2);
  verifies(b);
  finds_fault(b, 1, 7, "receive buffer");
}

TEST_CASE("skampi: Comm_split and Comm_dup make a communicator, freed by finish()") {
  rt::BoundOp s = bind("Comm_split", {});
  s.call();
  REQUIRE(s.made_comms.size() == 1);
  int size = 0;
  MPI_Comm_size(s.made_comms.front(), &size);
  CHECK(size == 1);  // even and odd ranks of 2
  s.advance();
  CHECK(s.made_comms.empty());
  CHECK(s.error == MPI_SUCCESS);

  rt::BoundOp d = bind("Comm_dup", {});
  d.call();
  REQUIRE(d.made_comms.size() == 1);
  int result = MPI_UNEQUAL;
  MPI_Comm_compare(d.made_comms.front(), test_comm(), &result);
  CHECK(result == MPI_CONGRUENT);
  d.advance();
  CHECK(d.made_comms.empty());
  verifies(d);
}

TEST_CASE("skampi: the loop schemes' calls before one finish() fit the reserved capacity") {
  Settings s = small_settings();
  s.scheme = SchemeKind::LoopMean;
  s.loop_iterations = 5;
  rt::BoundOp b = rt::bind_op(rt::make_op_call("Comm_dup", {}), test_comm(), s);
  CHECK(b.calls_per_observation == 5);
  CHECK(b.made_comms.capacity() >= 5);
  for (int i = 0; i < 5; ++i) b.call();
  CHECK(b.made_comms.size() == 5);
  b.advance();
  CHECK(b.made_comms.empty());
}

TEST_CASE("skampi: Wtime divides by iterations; waitpattern waits (r + 1) or (p - r) scales") {
  rt::BoundOp w = bind("Wtime", {std::int64_t{10}});
  CHECK(w.divisor == 10);
  w.call();
  CHECK(w.error == MPI_SUCCESS);

  constexpr double kScale = 0.002;
  rt::BoundOp up = bind("waitpattern_up", {Value(Duration{kScale})});
  CHECK(up.seconds_arg == doctest::Approx((rank() + 1) * kScale));
  rt::BoundOp down = bind("waitpattern_down", {kScale});
  CHECK(down.seconds_arg == doctest::Approx((2 - rank()) * kScale));
  // A busy-wait lasts at least its time on the same clock (causality, not speed).
  const double t0 = MPI_Wtime();
  up.call();
  CHECK(MPI_Wtime() - t0 >= up.seconds_arg);
}
