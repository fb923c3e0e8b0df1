// Neighbourhood collectives on 3 ranks: a ring whose two neighbours differ, so a block that went
// to the wrong neighbour, or came from the wrong direction, shows.
#include "tests/mpi/neighbourhood_cases.h"

using namespace metron;

TEST_CASE("neighbourhood np3: every form on a ring of 3 ranks") {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (const test::NeighbourForm& f : test::neighbour_forms())
    test::check_neighbour_form(f, 1, {(rank + 2) % 3, (rank + 1) % 3});
}
