// SKaMPI's topology helpers at run time: the pure dims_create against the library's
// MPI_Dims_create, and the communicators CommCache makes for topology specs (MPI_Cart_create,
// MPI_Graph_create) with the arguments and members the plan recorded.
#include <doctest/doctest.h>

#include <algorithm>

#include "runtime/exec/comm_cache.h"
#include "runtime/mpi_library.h"
#include "runtime/plan/dims_create.h"

using namespace metron;

TEST_CASE("topology: dims_create gives MPI_Dims_create's grid for nnodes <= 200, ndims <= 4") {
  for (int ndims = 1; ndims <= 4; ++ndims)
    for (int n = 1; n <= 200; ++n) {
      std::vector<int> mpi(static_cast<std::size_t>(ndims), 0);
      MPI_Dims_create(n, ndims, mpi.data());
      auto ours = dims_create(n, std::vector<std::int64_t>(static_cast<std::size_t>(ndims), 0));
      REQUIRE(ours);
      const std::vector<int> grid(ours->begin(), ours->end());
      // Open MPI 4.1.4 (Debian 12) returns a less balanced grid for some sizes (72 on 2
      // dimensions: 12 x 6, where 9 x 8 is closer, as MPI asks): there Metron's, the standard's,
      // must be the closer one.
      if (grid != mpi && rt::mpi_library_family() == MpiFamily::OpenMpi) {
        auto spread = [](const std::vector<int>& g) {
          return *std::max_element(g.begin(), g.end()) - *std::min_element(g.begin(), g.end());
        };
        CHECK_MESSAGE(spread(grid) < spread(mpi), "n ", n, " ndims ", ndims);
        continue;
      }
      CHECK_MESSAGE(grid == mpi, "n ", n, " ndims ", ndims);
    }
  for (int n = 2; n <= 64; n += 2) {  // with a fixed middle dimension
    int mpi[3] = {0, 2, 0};
    MPI_Dims_create(n, 3, mpi);
    auto ours = dims_create(n, {0, 2, 0});
    REQUIRE(ours);
    CHECK(std::vector<int>(ours->begin(), ours->end()) == std::vector<int>(mpi, mpi + 3));
  }
}

namespace {

CommSpec topology(CommSpec::Kind kind, std::vector<int> base, int size) {
  CommSpec s;
  s.kind = kind;
  s.base = std::move(base);
  s.ranks.assign(s.base.begin(), s.base.begin() + size);
  s.size = size;
  return s;
}

}  // namespace

TEST_CASE("topology: a Cartesian spec becomes a Cartesian communicator with its arguments") {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  rt::CommCache cache(MPI_COMM_WORLD);
  CommSpec s = topology(CommSpec::Kind::Cartesian, {1, 0}, 2);  // rank 1 of world is rank 0
  s.dims = {2};
  s.periods = {1};
  std::vector<int> ranks;
  MPI_Comm c = cache.get(s, ranks);
  CHECK(ranks == std::vector<int>{1, 0});
  REQUIRE(c != MPI_COMM_NULL);
  int kind = 0, dims = 0, period = 0, coord = -1, rank = -1;
  MPI_Topo_test(c, &kind);
  CHECK(kind == MPI_CART);
  MPI_Cart_get(c, 1, &dims, &period, &coord);
  CHECK(dims == 2);
  CHECK(period == 1);
  MPI_Comm_rank(c, &rank);
  CHECK(rank == 1 - me);
  CHECK(coord == 1 - me);
  std::vector<int> again;
  CHECK(cache.get(s, again) == c);  // cached: made once
}

TEST_CASE("topology: a grid smaller than its base leaves the other ranks out") {
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  rt::CommCache cache(MPI_COMM_WORLD);
  CommSpec s = topology(CommSpec::Kind::Cartesian, {0, 1}, 1);
  s.dims = {1};
  s.periods = {0};
  std::vector<int> ranks;
  MPI_Comm c = cache.get(s, ranks);
  CHECK(ranks == std::vector<int>{0});
  CHECK((c == MPI_COMM_NULL) == (me == 1));
}

TEST_CASE("topology: a graph spec becomes a graph communicator with its index and edges") {
  rt::CommCache cache(MPI_COMM_WORLD);
  CommSpec s = topology(CommSpec::Kind::Graph, {0, 1}, 2);
  s.index = {1, 2};
  s.edges = {1, 0};
  s.reorder = true;
  std::vector<int> ranks;
  MPI_Comm c = cache.get(s, ranks);
  REQUIRE(c != MPI_COMM_NULL);
  CHECK(ranks.size() == 2);
  int kind = 0, nnodes = 0, nedges = 0;
  MPI_Topo_test(c, &kind);
  CHECK(kind == MPI_GRAPH);
  MPI_Graphdims_get(c, &nnodes, &nedges);
  CHECK(nnodes == 2);
  CHECK(nedges == 2);
}
