// IMB-P2P's stencils on 8 ranks, the fewest with a 3-D grid (2 x 2 x 2; the 2-D one is 4 x 2):
// each rank's neighbours in IMB's order, both run and verify (where a neighbour appears twice its
// two messages match in order), a corrupted byte is found in its block; Sendrecv_replace's ring
// shifts the buffer by the iterations.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"
#include "tests/mpi/p2p_random_args.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

TEST_CASE("IMB-P2P stencils on 8 ranks: IMB's neighbours, verified") {
  const int rank = my_rank();
  rt::BoundOp s2 = bind("Stencil2D", random_args(2));
  const int x = rank % 4, y = rank / 4;
  CHECK(s2.schedule == std::vector<int>{(x + 3) % 4 + 4 * y, (x + 1) % 4 + 4 * y, x + 4 * (1 - y),
                                        x + 4 * (1 - y)});
  rt::BoundOp s3 = bind("Stencil3D", random_args(2));
  CHECK(s3.schedule ==
        std::vector<int>{rank ^ 1, rank ^ 1, rank ^ 2, rank ^ 2, rank ^ 4, rank ^ 4});
  for (rt::BoundOp* b : {&s2, &s3}) {
    CAPTURE(b->name);
    CHECK(b->divisor == 2);
    const auto ok = rt::verify_op(*b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b->call();
    CHECK(b->error == MPI_SUCCESS);
    // Rank 5's third block (20 bytes each) comes from its y - 1 neighbour: 1 (2-D), 7 (3-D).
    const rt::VerifyFault fault{5, 2 * 20 + 3};
    const auto err = rt::verify_op(*b, &fault);
    REQUIRE(err);
    const std::string from = b == &s2 ? "1" : "7";
    CHECK(err->find("failed on rank 5: receive buffer (block from neighbour 2, rank " + from +
                    ") byte 43:") != std::string::npos);
    b->release();
  }
}

TEST_CASE("IMB-P2P Sendrecv_replace on 8 ranks: verified after 3 shifts") {
  rt::BoundOp b = bind("Sendrecv_replace", random_args(3));
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
  const rt::VerifyFault fault{1, 0};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("failed on rank 1: receive buffer (block from rank 6) byte 0:") !=
        std::string::npos);
  b.release();
}
