// IMB-P2P's Sendrecv_replace on 2 ranks (the ring shifts one buffer; verify, and a corrupted byte
// is found), its stencils refused on 2 ranks, where IMB's grid has a side of 1, and the rates
// count IMB's messages: those of all ranks.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"
#include "tests/mpi/op_test_support.h"
#include "tests/mpi/p2p_random_args.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

TEST_CASE("IMB-P2P Sendrecv_replace: one buffer around the ring, verified") {
  for (const std::int64_t n : {1, 2, 3}) {
    CAPTURE(n);
    rt::BoundOp b = bind("Sendrecv_replace", random_args(n));
    CHECK(b.divisor == n);
    CHECK(b.send_need_bytes == 0);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.call();
    CHECK(b.error == MPI_SUCCESS);
    // After n shifts the buffer holds the data of the rank n places to the left.
    const rt::VerifyFault fault{1, 7};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    const int from = n % 2 ? 0 : 1;
    CHECK(*err ==
          "verification of 'Sendrecv_replace' failed on rank 1: receive buffer (block "
          "from rank " +
              std::to_string(from) + ") byte 7: expected 0x" + err->substr(err->find("0x") + 2));
    b.release();
  }
}

TEST_CASE("IMB-P2P stencils: no grid of 2 ranks, as IMB says") {
  CHECK(bind_error("Stencil2D", random_args(2)) ==
        "'Stencil2D': IMB-P2P has no 2-D grid of 2 ranks (every side at least 2)");
  CHECK(bind_error("Stencil3D", random_args(2)) ==
        "'Stencil3D': IMB-P2P has no 3-D grid of 2 ranks (every side at least 2)");
}

TEST_CASE("IMB-P2P stencils and Sendrecv_replace: IMB's message counts in the rates") {
  auto use = [](const char* name, int p) {
    const OpCall c = rt::make_op_call(name, {std::int64_t{1000}});
    return std::pair{c.func->time_of, c.func->usage(OpArgs(*c.func, c.args), p)};
  };
  const auto [t2, s2] = use("Stencil2D", 4);
  CHECK(t2 == TimeOf::Iteration);
  CHECK(s2.send_bytes == 4 * 1000);  // a block per neighbour
  CHECK(s2.recv_bytes == 4 * 1000);
  CHECK(s2.reported_bytes == 1000);
  CHECK(s2.rate_messages == 4 * 4);  // every rank sends to 4 neighbours
  CHECK(s2.rate_bytes == 16 * 1000);
  const auto s3 = use("Stencil3D", 8).second;
  CHECK(s3.recv_bytes == 6 * 1000);
  CHECK(s3.rate_messages == 6 * 8);
  const auto [tr, r] = use("Sendrecv_replace", 4);
  CHECK(tr == TimeOf::Iteration);
  CHECK(r.send_bytes == 0);  // one buffer
  CHECK(r.recv_bytes == 1000);
  CHECK(r.rate_messages == 4);  // every rank sends once
  CHECK(r.rate_bytes == 4 * 1000);
}
