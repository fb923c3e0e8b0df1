// Reductions (Reduce, Allreduce, Reduce_scatter, Reduce_scatter_block, Scan, Exscan,
// Allreduce_using_Reduce_Bcast): verification on every datatype and reduction MPI defines, and
// a corrupted result byte is found and reported with its rank and offset.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

TEST_CASE("reductions: Allreduce verifies on every datatype and reduction MPI defines") {
  int checked = 0;
  for (int d = 0; d <= static_cast<int>(rt::datatype_named("MPI_LONG_DOUBLE_INT")); ++d)
    for (int o = 0; o <= static_cast<int>(rt::reduce_op_named("MPI_MINLOC")); ++o) {
      const auto dtype = static_cast<Datatype>(d);
      const auto rop = static_cast<ReduceOp>(o);
      if (!reduction_allowed(rop, dtype)) continue;
      CAPTURE(datatype_name(dtype));
      CAPTURE(reduce_op_name(rop));
      rt::BoundOp b = bind("Allreduce", {std::int64_t{13}, Value(dtype), Value(rop)});
      const auto err = rt::verify_op(b);
      CHECK_MESSAGE(!err, err.value_or(""));
      ++checked;
    }
  CHECK(checked > 100);
}

TEST_CASE("reductions: every reduction family verifies and reports a corrupted byte") {
  struct Case {
    const char* name;
    std::vector<Value> args;
    int bad_rank;  // a rank that holds a result
  };
  const std::vector<Case> cases = {
      {"Reduce", {std::int64_t{5}, dt("MPI_INT"), op("MPI_SUM"), 1}, 1},
      {"Allreduce", {std::int64_t{5}, dt("MPI_DOUBLE"), op("MPI_MAX")}, 0},
      {"Reduce_scatter", {std::int64_t{5}, dt("MPI_INT"), op("MPI_PROD")}, 1},
      {"Reduce_scatter_block", {std::int64_t{5}, dt("MPI_FLOAT"), op("MPI_SUM")}, 1},
      {"Scan", {std::int64_t{5}, dt("MPI_LONG"), op("MPI_MIN")}, 1},
      {"Exscan", {std::int64_t{5}, dt("MPI_UNSIGNED"), op("MPI_BXOR")}, 1},
      {"Allreduce_using_Reduce_Bcast", {std::int64_t{5}, dt("MPI_2INT"), op("MPI_MAXLOC"), 1}, 0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    rt::BoundOp b = bind(c.name, c.args);
    auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));

    const rt::VerifyFault fault{c.bad_rank, 9};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                    std::to_string(c.bad_rank) + ": receive buffer byte 9: expected ") == 0);
  }
}

TEST_CASE("reductions: the expected value is named in the message") {
  rt::BoundOp b = bind("Allreduce", {std::int64_t{3}, dt("MPI_INT"), op("MPI_SUM")});
  // Element 0: rank 0 contributes 1, rank 1 contributes 32: 33 = 0x21; flipping byte 0 gives
  // 0xde | 0xffffff00 pattern of 0x00000021 ^ 0xff = 0xde.
  const rt::VerifyFault fault{1, 0};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(*err ==
        "verification of 'Allreduce' failed on rank 1: receive buffer byte 0: expected 33, "
        "got 222");
  (void)my_rank;
}
