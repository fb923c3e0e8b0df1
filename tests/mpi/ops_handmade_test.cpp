// SKaMPI's hand-made collectives: each computes what the collective it imitates computes
// (verified the same way), and a corrupted byte is reported.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

void check(const char* name, std::vector<Value> args, int bad_rank, std::int64_t offset,
           const std::string& where) {
  CAPTURE(name);
  rt::BoundOp b = bind(name, std::move(args));
  for (int k = 0; k < 3; ++k) {
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.advance();
  }
  const rt::VerifyFault fault{bad_rank, offset};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of '" + std::string(name) + "' failed on rank " +
                  std::to_string(bad_rank) + ": " + where + " byte " + std::to_string(offset)) ==
        0);
}

}  // namespace

TEST_CASE("handmade: Bcast_using_Send_Recv broadcasts from any root") {
  check("Bcast_using_Send_Recv", {std::int64_t{64}, dt("MPI_INT"), 0}, 1, 100, "buffer");
  check("Bcast_using_Send_Recv", {std::int64_t{64}, dt("MPI_INT"), 1}, 0, 0, "buffer");
}

TEST_CASE("handmade: Allreduce_using_Reduce_Bcast reduces to every rank") {
  check("Allreduce_using_Reduce_Bcast", {std::int64_t{9}, dt("MPI_DOUBLE"), op("MPI_SUM"), 1}, 0, 8,
        "receive buffer");
  check("Allreduce_using_Reduce_Bcast", {std::int64_t{9}, dt("MPI_INT"), op("MPI_LXOR"), 0}, 1, 4,
        "receive buffer");
}

TEST_CASE("handmade: Alltoall_using_Isend_Irecv exchanges like Alltoall") {
  check("Alltoall_using_Isend_Irecv", {std::int64_t{7}, dt("MPI_SHORT")}, 0, 15,
        "receive buffer (block from rank 1)");
}

TEST_CASE("handmade: Gather_using_Send_Recv gathers like Gather, own block included") {
  check("Gather_using_Send_Recv",
        {std::int64_t{4}, dt("MPI_FLOAT"), std::int64_t{4}, dt("MPI_FLOAT"), 1}, 1, 17,
        "receive buffer (block from rank 1)");
  // Different type maps on the two sides: the root's own block goes through MPI.
  check("Gather_using_Send_Recv",
        {std::int64_t{8}, dt("MPI_BYTE"), std::int64_t{2}, dt("MPI_INT"), 0}, 0, 2,
        "receive buffer (block from rank 0)");
}
