// SKaMPI's count layouts (exact values worked out from SKaMPI 5's formulas) and its name lists:
// "not supported" is computed from them, so every SKaMPI name Metron lacks says so.
#include "runtime/plan/skampi_names.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/skampi_counts.h"

#include <doctest/doctest.h>

#include "interpreter/builtins.h"

using namespace metron;

TEST_CASE("skampi counts: the remainder is spread over ranks i * p / r") {
  CHECK(skampi_split_counts(9, 2) == std::vector<std::int64_t>{5, 4});
  CHECK(skampi_split_counts(11, 3) == std::vector<std::int64_t>{4, 4, 3});
  CHECK(skampi_split_counts(10, 4) == std::vector<std::int64_t>{3, 2, 3, 2});    // r = 2: 0, 2
  CHECK(skampi_split_counts(7, 4) == std::vector<std::int64_t>{2, 2, 2, 1});     // r = 3: 0, 1, 2
  CHECK(skampi_split_counts(2, 5) == std::vector<std::int64_t>{1, 0, 1, 0, 0});  // r = 2: 0, 2
  CHECK(skampi_displs({1, 0, 1, 0, 0}) == std::vector<std::int64_t>{0, 1, 1, 2, 2});
}

TEST_CASE("skampi counts: myalltoallv truncates as C's (int) cast") {
  // 3 ranks, count 10, ratio 0.3: to the charged rank (int)(30 * 0.3) / 3 = 9 / 3 = 3, to the
  // others (int)(30 / 0.3) / 3 = 100 / 3 = 33 (both products are exact in doubles here).
  const SkewedCounts c = myalltoallv_counts(10, 10, 3, 1, 1, 0.3);
  CHECK(c.send == std::vector<std::int64_t>{33, 3, 33});
  CHECK(c.recv == std::vector<std::int64_t>{3, 3, 3});
  const SkewedCounts other = myalltoallv_counts(10, 10, 3, 0, 1, 0.3);
  CHECK(other.recv == std::vector<std::int64_t>{33, 33, 33});
}

TEST_CASE("skampi names: the lists are SKaMPI 5's, and unsupported means listed but missing") {
  // measure_* of coll 24, delayed 2, demo 2, mmisc 1, node2node 1, pt2pt 10, onesided 68,
  // io 25, localio 4, OpenSHMEM 111 (SKaMPI 6's files).
  CHECK(skampi_measurement_names().size() == 248);
  // func_ and iterator_ of helpers 59, datatypes 8, demo 2, onesided 3, io 18, and the 5
  // setters of measurement.c.
  CHECK(skampi_function_names().size() == 95);
  // Every MPI-1 measurement function of SKaMPI is implemented now.
  for (const char* n :
       {"Gather_using_Isend_Irecv_Waitall", "Alltoallv_using_Isend_Irecv", "myalltoallv",
        "Reduce_Scatterv", "delayed_Alltoall", "delayed_Gather", "Pingpong_Bsend_Recv",
        "Pingpong_Sendrecv_replace", "Par_Pingpong_Send_Recv", "Comm_dup", "Comm_split", "Wtime",
        "waitpattern_up", "waitpattern_down"}) {
    CAPTURE(n);
    CHECK(is_skampi_measurement_name(n));
    CHECK(find_measure_func(n));
    CHECK_FALSE(is_unsupported_skampi_measure(n));
  }
  // OpenSHMEM has no implementation: listed, so "not supported".
  CHECK(is_unsupported_skampi_measure("Shmem_Put_Simple"));
  CHECK_FALSE(is_unsupported_skampi_measure("NoSuchThing"));
  // Every listed name is either implemented or unsupported: none is "unknown".
  for (std::string_view n : skampi_measurement_names())
    CHECK((find_measure_func(n) || is_unsupported_skampi_measure(n)));
  // Every SKaMPI helper, setter and iterator is a builtin.
  for (std::string_view n : skampi_function_names()) CHECK_MESSAGE(find_builtin(n), n);
}
