// IMB-P2P's random patterns on 2 ranks: the generator reproduces IMB's sequence (values computed
// independently from IMB's published constants), each rank's schedule is its share of IMB's
// steps, the divisor is a step (Unirandom, Birandom) or a round (Corandom), the rates count
// IMB's messages, every pattern verifies and finds a corrupted byte where it is received, and
// iterations beyond the bound are refused with the catalogue's message.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/imb_p2p_schedule.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"
#include "tests/mpi/op_test_support.h"
#include "tests/mpi/p2p_random_args.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

TEST_CASE("IMB-P2P schedule: IMB's generator from seed 0, its pairs and its shuffled ring") {
  rt::ops::ImbRandomPairs four(4);
  const std::pair<int, int> want4[] = {{1, 3}, {2, 3}, {2, 3}, {3, 0}, {0, 1}, {3, 0}};
  for (const auto& w : want4) CHECK(four.next() == w);
  rt::ops::ImbRandomPairs two(2);
  const std::pair<int, int> want2[] = {{1, 0}, {0, 1}, {0, 1}, {1, 0}, {0, 1}, {1, 0}};
  for (const auto& w : want2) CHECK(two.next() == w);
  // Corandom on 4 ranks, 3 rounds: (left, right) of each rank.
  const std::vector<std::pair<int, int>> ring[] = {{{3, 2}, {2, 1}, {3, 1}},
                                                   {{2, 3}, {0, 3}, {0, 2}},
                                                   {{0, 1}, {3, 0}, {1, 3}},
                                                   {{1, 0}, {1, 2}, {2, 0}}};
  for (int r = 0; r < 4; ++r) {
    CAPTURE(r);
    CHECK(rt::ops::imb_corandom_neighbours(4, r, 3) == ring[r]);
  }
}

TEST_CASE("IMB-P2P random patterns: each rank's share of the steps, one step per reported time") {
  const int rank = my_rank();
  rt::BoundOp uni = bind("Unirandom", random_args(3));
  CHECK(uni.divisor == 6);  // p * iterations steps
  // Steps (1,0) (0,1) (0,1) (1,0) (0,1) (1,0): a send is the partner, a receive -(source + 1).
  const std::vector<int> uni_want[] = {{-2, 1, 1, -2, 1, -2}, {0, -1, -1, 0, -1, 0}};
  CHECK(uni.schedule == uni_want[rank]);
  rt::BoundOp bi = bind("Birandom", random_args(3));
  CHECK(bi.divisor == 6);
  CHECK(bi.schedule == std::vector<int>(6, 1 - rank));  // two ranks: every step is the pair
  rt::BoundOp co = bind("Corandom", random_args(3));
  CHECK(co.divisor == 3);
  CHECK(co.schedule == std::vector<int>(6, 1 - rank));  // left and right are the other rank
  for (rt::BoundOp* b : {&uni, &bi, &co}) {
    b->call();
    CHECK(b->error == MPI_SUCCESS);
  }
}

TEST_CASE("IMB-P2P random patterns: verify, and a corrupted byte is found where it is received") {
  for (const char* name : {"Unirandom", "Birandom", "Corandom"}) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, random_args(3));
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    for (int bad = 0; bad < 2; ++bad) {
      CAPTURE(bad);
      const rt::VerifyFault fault{bad, 7};
      const auto err = rt::verify_op(b, &fault);
      REQUIRE(err);
      CHECK(*err == "verification of '" + std::string(name) + "' failed on rank " +
                        std::to_string(bad) + ": receive buffer (the last message, from rank " +
                        std::to_string(1 - bad) + ") byte 7: expected 0x" +
                        err->substr(err->find("0x") + 2));
    }
  }
}

TEST_CASE("IMB-P2P random patterns: IMB's message counts in the rates, iterations bounded") {
  auto use = [](const char* name, int p) {
    const OpCall c = rt::make_op_call(name, {std::int64_t{1000}});
    return std::pair{c.func->time_of, c.func->usage(OpArgs(*c.func, c.args), p)};
  };
  const auto [uni_t, uni] = use("Unirandom", 4);
  CHECK(uni_t == TimeOf::Iteration);
  CHECK(uni.rate_bytes == 1000);  // one message per step
  CHECK(uni.rate_messages == 1);
  CHECK(use("Birandom", 4).second.rate_bytes == 2 * 1000);  // the pair exchanges
  const auto [co_t, co] = use("Corandom", 4);
  CHECK(co_t == TimeOf::Iteration);
  CHECK(co.rate_bytes == 4 * 1000);  // every rank sends once per round
  CHECK(co.rate_messages == 4);
  // 2^24 steps at most: 2^23 iterations on 2 ranks.
  CHECK(bind_error("Corandom", random_args((std::int64_t{1} << 23) + 1)) ==
        "'Corandom': iterations must be in [1, 8388608], got 8388609");
  CHECK(bind_error("Birandom", random_args(0)) ==
        "bad argument #3 to 'Birandom' (iterations must be at least 1)");
}
