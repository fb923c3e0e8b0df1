// SKaMPI's remaining MPI-1 functions where 2 ranks cannot show the pattern: a root in the middle,
// an uneven split, a skewed all-to-all with a non-charged sender, an idle rank of the pairs.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

void verifies(rt::BoundOp& b) {
  for (int k = 0; k < 3; ++k) {
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.advance();
  }
}

int rank() {
  int r = 0;
  MPI_Comm_rank(test_comm(), &r);
  return r;
}

}  // namespace

TEST_CASE("skampi np3: Gather_using_Isend_Irecv_Waitall to root 1 skips only the root's block") {
  rt::BoundOp b = bind("Gather_using_Isend_Irecv_Waitall",
                       {std::int64_t{4}, dt("MPI_DOUBLE"), std::int64_t{4}, dt("MPI_DOUBLE"), 1});
  verifies(b);
  const rt::VerifyFault fault{1, 2 * 32 + 5};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of 'Gather_using_Isend_Irecv_Waitall' failed on rank 1: receive "
                  "buffer (block from rank 2) byte 69") == 0);
  b.advance();
}

TEST_CASE("skampi np3: Reduce_Scatterv splits 11 as 4, 4, 3 and 10 as 4, 3, 3") {
  rt::BoundOp b = bind("Reduce_Scatterv",
                       {std::int64_t{11}, dt("MPI_INT"), Value(rt::reduce_op_named("MPI_SUM")), 2});
  CHECK(b.send_counts == std::vector<int>{4, 4, 3});
  CHECK(b.send_displs == std::vector<int>{0, 4, 8});
  verifies(b);
  rt::BoundOp c = bind("Reduce_Scatterv", {std::int64_t{10}, dt("MPI_LONG"),
                                           Value(rt::reduce_op_named("MPI_PROD")), 0});
  CHECK(c.send_counts == std::vector<int>{4, 3, 3});
  verifies(c);
}

TEST_CASE("skampi np3: myalltoallv with charged rank 2 and ratio 2") {
  // count 4 on 3 ranks: (int)(12 * 2) / 3 = 8 to rank 2, (int)(12 / 2) / 3 = 2 to the others.
  rt::BoundOp b =
      bind("myalltoallv", {std::int64_t{4}, dt("MPI_INT"), std::int64_t{4}, dt("MPI_INT"), 2, 2.0});
  CHECK(b.send_counts == std::vector<int>{2, 2, 8});
  CHECK(b.recv_counts == (rank() == 2 ? std::vector<int>{8, 8, 8} : std::vector<int>{2, 2, 2}));
  verifies(b);
}

TEST_CASE("skampi np3: Par_Pingpong_Send_Recv leaves the rank outside the pairs idle") {
  rt::BoundOp b = bind("Par_Pingpong_Send_Recv", {std::int64_t{6}, dt("MPI_INT"), 1, 1, 1, 1});
  CHECK(b.peer == (rank() == 0 ? 1 : rank() == 1 ? 0 : -1));
  CHECK(b.participates == (rank() < 2));
  verifies(b);
}

TEST_CASE("skampi np3: Comm_split makes the even and the odd ranks") {
  rt::BoundOp s = bind("Comm_split", {});
  s.call();
  REQUIRE(s.made_comms.size() == 1);
  int size = 0;
  MPI_Comm_size(s.made_comms.front(), &size);
  CHECK(size == (rank() % 2 == 0 ? 2 : 1));
  s.advance();
  CHECK(s.made_comms.empty());
}
