// Alltoallw in its blocking, nonblocking (pure and overlap) and persistent forms on 2 ranks:
// known integers land in the right blocks three calls in a row, `verify = on` agrees and finds a
// corrupted byte, and the byte displacements are packed.
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <string>

using namespace metron;
using namespace metron::test;

TEST_CASE("alltoallw: every form moves block j of rank i to block i of rank j") {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  constexpr int count = 4;
  for (const char* name : {"Alltoallw", "Ialltoallw", "Ialltoallw_overlap", "Alltoallw_init"}) {
    CAPTURE(name);
    if (library_lacks(name)) continue;  // refused when a plan is built
    rt::BoundOp b = bind(name, {std::int64_t{count}, dt("MPI_INT")});
    CHECK(b.send_displs == std::vector<int>{0, 16});  // bytes, not elements
    CHECK(b.recv_displs == std::vector<int>{0, 16});
    b.prepare();  // the overlap calibration, the persistent requests
    REQUIRE(b.error == MPI_SUCCESS);
    for (int round = 0; round < 3; ++round) {
      int* send = reinterpret_cast<int*>(b.buf.send());
      int* recv = reinterpret_cast<int*>(b.buf.recv());
      for (int j = 0; j < size; ++j)
        for (int i = 0; i < count; ++i)
          send[j * count + i] = 10000 * round + 100 * rank + 10 * j + i;
      for (int j = 0; j < size * count; ++j) recv[j] = -1;
      b.call();
      REQUIRE(b.error == MPI_SUCCESS);
      for (int from = 0; from < size; ++from)
        for (int i = 0; i < count; ++i) {
          CAPTURE(round);
          CAPTURE(from);
          CHECK(recv[from * count + i] == 10000 * round + 100 * from + 10 * rank + i);
        }
    }
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    const rt::VerifyFault fault{0, 17};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK(err->find("verification of '" + std::string(name) +
                    "' failed on rank 0: receive buffer (block from rank 1) byte 17: ") == 0);
    b.release();
  }
}
