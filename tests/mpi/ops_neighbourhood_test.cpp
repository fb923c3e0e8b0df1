// Neighbourhood collectives on 2 ranks: the ring of 2 (both neighbours are the other rank) and a
// 2 x 1 grid (the second dimension's neighbours are the rank itself), with known data.
#include "tests/mpi/neighbourhood_cases.h"

using namespace metron;

TEST_CASE("neighbourhood: every form on a ring of 2 ranks") {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (const test::NeighbourForm& f : test::neighbour_forms())
    test::check_neighbour_form(f, 1, {1 - rank, 1 - rank});
}

TEST_CASE("neighbourhood: every form on a 2 x 1 grid") {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // MPI_Dims_create(2, 2) gives 2 x 1: dimension 1 has one rank, its own neighbour both ways.
  for (const test::NeighbourForm& f : test::neighbour_forms())
    test::check_neighbour_form(f, 2, {1 - rank, 1 - rank, rank, rank});
}

TEST_CASE("neighbourhood: buffers count one block per neighbour") {
  const Value ints = test::dt("MPI_INT");
  rt::BoundOp g = test::bind("Neighbor_allgather",
                             {std::int64_t{5}, ints, std::int64_t{5}, ints, std::int64_t{3}});
  CHECK(g.send_need_bytes == 20);
  CHECK(g.recv_need_bytes == 6 * 20);
  rt::BoundOp a = test::bind("Ineighbor_alltoallv",
                             {std::int64_t{5}, ints, std::int64_t{5}, ints, std::int64_t{3}});
  CHECK(a.send_need_bytes == 6 * 20);
  CHECK(a.recv_need_bytes == 6 * 20);
  CHECK(a.send_displs == std::vector<int>{0, 5, 10, 15, 20, 25});
}
