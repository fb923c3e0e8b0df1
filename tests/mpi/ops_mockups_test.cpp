// PGMPI's mock-ups (runtime/ops/mockups.cpp): each delivers what its original delivers, checked
// by the original's verification, with counts that do and do not divide by the process count,
// several roots and datatypes; a corrupted result byte is reported. Runs on 2 ranks and, through
// ops_mockups_np3_test.cpp, on 3.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

int world_size() {
  int p = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  return p;
}

// Verifies `name` three times (buffer cycling moves the slots), then with one result byte of
// rank `bad_rank` flipped, which must be reported for that rank.
void check(const char* name, std::vector<Value> args, int bad_rank = 0) {
  CAPTURE(name);
  Settings s = small_settings();
  s.buffer_cycling = true;
  rt::BoundOp b = rt::bind_op(rt::make_op_call(name, std::move(args)), test_comm(), s);
  for (int k = 0; k < 3; ++k) {
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    b.advance();
  }
  const rt::VerifyFault fault{bad_rank, 0};
  const auto err = rt::verify_op(b, &fault);
  REQUIRE(err);
  CHECK(err->find("verification of '" + std::string(name) + "' failed on rank " +
                  std::to_string(bad_rank) + ": ") == 0);
}

}  // namespace

TEST_CASE("mockups: GL4 Gather_using_Reduce gathers like Gather, to any root") {
  check("Gather_using_Reduce", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT"), i64(0)}, 0);
  check("Gather_using_Reduce", {i64(3), dt("MPI_DOUBLE"), i64(3), dt("MPI_DOUBLE"), i64(1)}, 1);
}

TEST_CASE("mockups: GL5 and GL6, Allgather from Alltoall and from Allreduce") {
  check("Allgather_using_Alltoall", {i64(7), dt("MPI_SHORT"), i64(7), dt("MPI_SHORT")}, 1);
  check("Allgather_using_Allreduce", {i64(6), dt("MPI_FLOAT"), i64(6), dt("MPI_FLOAT")}, 0);
}

TEST_CASE("mockups: GL7 Scatter_using_Bcast scatters like Scatter") {
  check("Scatter_using_Bcast", {i64(4), dt("MPI_INT"), i64(4), dt("MPI_INT"), i64(0)}, 1);
  check("Scatter_using_Bcast", {i64(9), dt("MPI_CHAR"), i64(9), dt("MPI_CHAR"), i64(1)}, 0);
}

TEST_CASE("mockups: GL9 and GL17, Reduce_scatter from Allreduce and from Reduce + Scatterv") {
  check("Reduce_scatter_using_Allreduce", {i64(5), dt("MPI_INT"), op("MPI_SUM"), i64(0)}, 1);
  check("Reduce_scatter_using_Reduce_Scatterv", {i64(3), dt("MPI_DOUBLE"), op("MPI_MAX"), i64(1)},
        0);
}

TEST_CASE("mockups: GL10 Bcast_using_Scatter_Allgather, counts that do not divide by p") {
  const std::int64_t p = world_size();
  check("Bcast_using_Scatter_Allgather", {i64(8 * p), dt("MPI_INT"), i64(0)}, 1);
  check("Bcast_using_Scatter_Allgather", {i64(8 * p + 1), dt("MPI_DOUBLE"), i64(1)}, 0);
  check("Bcast_using_Scatter_Allgather", {i64(1), dt("MPI_CHAR"), i64(0)}, 1);
}

TEST_CASE("mockups: GL11 Allgather_using_Gather_Bcast") {
  check("Allgather_using_Gather_Bcast", {i64(6), dt("MPI_INT"), i64(6), dt("MPI_INT")}, 1);
}

TEST_CASE("mockups: GL13 and GL14, Allreduce and Reduce through Reduce_scatter_block") {
  const std::int64_t p = world_size();
  for (std::int64_t n : {4 * p, 4 * p + 1, std::int64_t{1}}) {
    CAPTURE(n);
    check("Allreduce_using_Reduce_scatter_block_Allgather", {i64(n), dt("MPI_INT"), op("MPI_SUM")},
          1);
    check("Reduce_using_Reduce_scatter_block_Gather",
          {i64(n), dt("MPI_DOUBLE"), op("MPI_SUM"), i64(0)}, 0);
  }
  check("Reduce_using_Reduce_scatter_block_Gather", {i64(5), dt("MPI_INT"), op("MPI_BXOR"), i64(1)},
        1);
}

TEST_CASE("mockups: GL15 Reduce_scatter_block_using_Reduce_Scatter") {
  check("Reduce_scatter_block_using_Reduce_Scatter", {i64(5), dt("MPI_LONG"), op("MPI_MIN")}, 1);
}

TEST_CASE("mockups: GL16 Scan_using_Exscan_Reduce_local scans like Scan") {
  check("Scan_using_Exscan_Reduce_local", {i64(7), dt("MPI_INT"), op("MPI_SUM")}, 1);
  check("Scan_using_Exscan_Reduce_local", {i64(3), dt("MPI_DOUBLE"), op("MPI_PROD")}, 0);
}

TEST_CASE("mockups: the block-copying mock-ups refuse different type maps on the two sides") {
  for (const char* name : {"Gather_using_Reduce", "Scatter_using_Bcast"}) {
    CAPTURE(name);
    auto call = rt::make_op_call(name, {i64(8), dt("MPI_BYTE"), i64(2), dt("MPI_INT"), i64(0)});
    try {
      rt::bind_op(call, test_comm(), small_settings());
      FAIL("no error");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) == "'" + std::string(name) +
                                         "': needs the same count and datatype on the send and "
                                         "the receive side");
    }
  }
}
