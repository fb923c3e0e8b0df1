// The library's data-movement collectives (Barrier, Bcast, Gather(v), Allgather(v), Scatter(v),
// Alltoall(v)): each verifies, on several datatypes including ones with padding, and a
// corrupted byte is reported with the rank, the buffer and the byte offset.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

struct Case {
  const char* name;
  std::vector<Value> args;
  int bad_rank;
  std::int64_t bad_offset;
  std::string where;  // how the message names the buffer
};

void check_case(const Case& c) {
  CAPTURE(c.name);
  rt::BoundOp b = bind(c.name, c.args);
  // Several slots: verification must hold wherever the cycle stands.
  for (int k = 0; k < 3; ++k) {
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.advance();
  }
  const rt::VerifyFault fault{c.bad_rank, c.bad_offset};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                  std::to_string(c.bad_rank) + ": " + c.where + " byte " +
                  std::to_string(c.bad_offset) + ": expected 0x") == 0);
}

}  // namespace

TEST_CASE("collectives: Barrier runs and has nothing to verify") {
  rt::BoundOp b = bind("Barrier", {});
  b.call();
  CHECK(b.error == MPI_SUCCESS);
  CHECK(!rt::verify_op(b));
  CHECK(b.send_need_bytes == 0);
}

TEST_CASE("collectives: Bcast from either root, in place") {
  check_case({"Bcast", {std::int64_t{100}, dt("MPI_CHAR"), 0}, 1, 37, "buffer"});
  check_case({"Bcast", {std::int64_t{10}, dt("MPI_DOUBLE"), 1}, 0, 79, "buffer"});
  // long double: 10 value bytes in 16; byte 10..15 is padding and not checked.
  check_case({"Bcast", {std::int64_t{3}, dt("MPI_LONG_DOUBLE"), 0}, 1, 16, "buffer"});
}

TEST_CASE("collectives: Gather and Gatherv put block i at rank i's place") {
  // 4 ints per rank: block from rank 1 starts at byte 16 of the root's receive buffer.
  check_case({"Gather",
              {std::int64_t{4}, dt("MPI_INT"), std::int64_t{4}, dt("MPI_INT"), 1},
              1,
              18,
              "receive buffer (block from rank 1)"});
  check_case({"Gatherv",
              {std::int64_t{4}, dt("MPI_INT"), std::int64_t{4}, dt("MPI_INT"), 0},
              0,
              3,
              "receive buffer (block from rank 0)"});
  // Send as bytes, receive as ints: the type signatures match, the check follows the bytes.
  check_case({"Gather",
              {std::int64_t{8}, dt("MPI_BYTE"), std::int64_t{2}, dt("MPI_INT"), 0},
              0,
              9,
              "receive buffer (block from rank 1)"});
}

TEST_CASE("collectives: Allgather and Allgatherv on every rank") {
  check_case({"Allgather",
              {std::int64_t{5}, dt("MPI_SHORT")},
              1,
              1,
              "receive buffer (block from rank 0)"});
  // MPI_DOUBLE_INT: extent 16, bytes 12..15 are padding; byte 24 is the second element's value.
  check_case({"Allgatherv",
              {std::int64_t{2}, dt("MPI_DOUBLE_INT")},
              0,
              40,
              "receive buffer (block from rank 1)"});
}

TEST_CASE("collectives: Scatter and Scatterv give rank i block i of the root") {
  check_case({"Scatter",
              {std::int64_t{6}, dt("MPI_FLOAT"), std::int64_t{6}, dt("MPI_FLOAT"), 0},
              1,
              23,
              "receive buffer"});
  check_case(
      {"Scatterv",
       {std::int64_t{6}, dt("MPI_UNSIGNED_CHAR"), std::int64_t{6}, dt("MPI_UNSIGNED_CHAR"), 1},
       0,
       5,
       "receive buffer"});
}

TEST_CASE("collectives: Alltoall and Alltoallv exchange block j of rank i with block i of rank j") {
  check_case(
      {"Alltoall", {std::int64_t{3}, dt("MPI_LONG")}, 0, 30, "receive buffer (block from rank 1)"});
  check_case({"Alltoallv",
              {std::int64_t{3}, dt("MPI_C_DOUBLE_COMPLEX")},
              1,
              0,
              "receive buffer (block from rank 0)"});
}

TEST_CASE("collectives: padding bytes of pair types are not checked") {
  rt::BoundOp b = bind("Bcast", {std::int64_t{2}, dt("MPI_SHORT_INT"), 0});
  // SHORT_INT = {short; int}: bytes 2..3 are padding, a flip there is no error.
  const rt::VerifyFault pad{1, 2};
  CHECK(!rt::verify_op(b, &pad));
  const rt::VerifyFault value{1, 4};
  CHECK(rt::verify_op(b, &value));
}

TEST_CASE("collectives: zero-count operations run and verify") {
  for (const char* name : {"Bcast", "Gather", "Allgather", "Scatter", "Alltoall", "Allreduce"}) {
    CAPTURE(name);
    rt::BoundOp b = bind(name, {std::int64_t{0}});
    b.call();
    CHECK(b.error == MPI_SUCCESS);
    CHECK(!rt::verify_op(b));
  }
}
