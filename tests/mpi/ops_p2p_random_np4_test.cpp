// IMB-P2P's random patterns on 4 ranks, where partners vary: every send in the schedules has its
// receive, Corandom's rounds follow the shuffled ring, and every pattern runs and verifies.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"
#include "tests/mpi/p2p_random_args.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

TEST_CASE("IMB-P2P on 4 ranks: Unirandom's sends match its receives, rank by rank") {
  rt::BoundOp uni = bind("Unirandom", random_args(2));
  CHECK(uni.divisor == 8);
  // sent[r][q]: messages r sends q; received[q][r]: messages q takes from r. Steps (1,3) (2,3)
  // (2,3) (3,0) (0,1) (3,0) ...: rank 3 receives from 1 and 2 at least.
  std::vector<int> sent(16, 0), received(16, 0);
  for (const int e : uni.schedule) {
    if (e >= 0)
      ++sent[static_cast<std::size_t>(uni.rank * 4 + e)];
    else
      ++received[static_cast<std::size_t>((-e - 1) * 4 + uni.rank)];
  }
  MPI_Allreduce(MPI_IN_PLACE, sent.data(), 16, MPI_INT, MPI_SUM, test_comm());
  MPI_Allreduce(MPI_IN_PLACE, received.data(), 16, MPI_INT, MPI_SUM, test_comm());
  CHECK(sent == received);
  int total = 0;
  for (const int n : sent) total += n;
  CHECK(total == 8);  // one message per step
  CHECK(sent[1 * 4 + 3] >= 1);
  CHECK(sent[2 * 4 + 3] >= 2);
}

TEST_CASE("IMB-P2P on 4 ranks: Corandom's rounds, and every pattern verifies") {
  const int rank = my_rank();
  const std::vector<int> ring[] = {
      {3, 2, 2, 1, 3, 1}, {2, 3, 0, 3, 0, 2}, {0, 1, 3, 0, 1, 3}, {1, 0, 1, 2, 2, 0}};
  rt::BoundOp co = bind("Corandom", random_args(3));
  CHECK(co.schedule == ring[rank]);
  for (const char* name : {"Unirandom", "Birandom", "Corandom"}) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, random_args(3));
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.call();
    CHECK(b.error == MPI_SUCCESS);
    const rt::VerifyFault fault{2, 3};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK(err->find("failed on rank 2: receive buffer (the last message, from rank ") !=
          std::string::npos);
  }
}
