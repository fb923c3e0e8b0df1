// osu_mbw_mr -p on 4 ranks: Multi_bandwidth's `pairs` makes the pairs (r, r + pairs) and leaves
// the further ranks idle, 0 keeps OSU's default of p/2 pairs, the rates count the pairs, every
// variant verifies, and a count of pairs beyond p/2 is refused with the catalogue's message.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_usage.h"

#include <doctest/doctest.h>

#include "op_test_support.h"

using namespace metron;
using metron::test::dt;

namespace {

// Multi_bandwidth(count, datatype, window, iterations, pairs)
std::vector<Value> mbw(std::int64_t pairs) {
  return {Value(std::int64_t{16}), dt("MPI_CHAR"), Value(std::int64_t{4}), Value(std::int64_t{1}),
          Value(pairs)};
}

}  // namespace

TEST_CASE("osu_mbw_mr -p: pairs (r, r + pairs), the further ranks idle") {
  const int rank = test::my_rank();
  struct Case {
    std::int64_t pairs;
    int peers[4];
  };
  for (const Case& c : {Case{1, {1, 0, -1, -1}}, Case{2, {2, 3, 0, 1}}, Case{0, {2, 3, 0, 1}}}) {
    CAPTURE(c.pairs);
    rt::BoundOp op = test::bind("Multi_bandwidth", mbw(c.pairs));
    CHECK(op.peer == c.peers[rank]);
    CHECK(op.participates == (c.peers[rank] >= 0));
    op.prepare();
    const auto err = rt::verify_op(op);
    CHECK_MESSAGE(!err, err.value_or(""));
    op.call();
    CHECK(op.error == MPI_SUCCESS);
    op.release();
  }
}

TEST_CASE("osu_mbw_mr -p: the rates count the pairs that send") {
  const MeasureFunc* f = find_measure_func("Multi_bandwidth");
  REQUIRE(f != nullptr);
  auto rate = [&](std::int64_t pairs) { return buffer_use(*f, mbw(pairs), 4).rate_messages; };
  CHECK(rate(1) == 4);  // one pair, a window of 4 messages
  CHECK(rate(2) == 8);
  CHECK(rate(0) == 8);  // OSU's default: p/2 pairs
}

TEST_CASE("osu_mbw_mr -p: more pairs than p/2 are refused") {
  CHECK(test::bind_error("Multi_bandwidth", mbw(3)) ==
        "'Multi_bandwidth': pairs must be in [0, 2], got 3");
  CHECK(test::bind_error("Multi_bandwidth", mbw(-1)) ==
        "'Multi_bandwidth': pairs must be in [0, 2], got -1");
}
