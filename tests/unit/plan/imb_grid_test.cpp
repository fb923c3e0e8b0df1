// IMB-P2P's stencil grids without MPI. The expected sides were worked out by hand from IMB 2021's
// rule (src_c/P2P/imb_p2p_stencil2d.c and _stencil3d.c), not by running this code.
#include <doctest/doctest.h>

#include "runtime/plan/imb_grid.h"

using namespace metron;
using Sides = std::vector<int>;

TEST_CASE("IMB-P2P's 2-D grid: the rule's sides, x first, and the counts IMB refuses") {
  CHECK(*imb_stencil_grid(2, 4) == Sides{2, 2});
  CHECK(*imb_stencil_grid(2, 6) == Sides{2, 3});
  CHECK(*imb_stencil_grid(2, 8) == Sides{4, 2});
  CHECK(*imb_stencil_grid(2, 9) == Sides{3, 3});
  CHECK(*imb_stencil_grid(2, 10) == Sides{5, 2});
  CHECK(*imb_stencil_grid(2, 12) == Sides{3, 4});
  for (const int p : {1, 2, 3, 5, 7, 13}) {
    CAPTURE(p);
    CHECK_FALSE(imb_stencil_grid(2, p));  // a side of 1
  }
}

TEST_CASE("IMB-P2P's 3-D grid: not MPI_Dims_create's balance, and the counts IMB refuses") {
  CHECK(*imb_stencil_grid(3, 8) == Sides{2, 2, 2});
  CHECK(*imb_stencil_grid(3, 12) == Sides{2, 3, 2});
  CHECK(*imb_stencil_grid(3, 16) == Sides{4, 2, 2});
  CHECK(*imb_stencil_grid(3, 18) == Sides{3, 3, 2});
  CHECK(*imb_stencil_grid(3, 28) == Sides{7, 2, 2});
  CHECK(*imb_stencil_grid(3, 30) == Sides{5, 3, 2});  // (4, 4, 3) is passed over: 48 ranks
  CHECK(*imb_stencil_grid(3, 36) == Sides{3, 4, 3});
  CHECK(*imb_stencil_grid(3, 60) == Sides{4, 5, 3});
  CHECK(*imb_stencil_grid(3, 64) == Sides{4, 4, 4});
  for (const int p : {1, 2, 4, 6, 7, 9, 10}) {
    CAPTURE(p);
    CHECK_FALSE(imb_stencil_grid(3, p));
  }
  CHECK_FALSE(imb_stencil_grid(1, 8));
  CHECK_FALSE(imb_stencil_grid(4, 16));
}

TEST_CASE("IMB-P2P's neighbours: x - 1, x + 1, y - 1, y + 1 (, z - 1, z + 1), periodic") {
  CHECK(imb_stencil_neighbours({4, 2}, 5) == Sides{4, 6, 1, 1});
  CHECK(imb_stencil_neighbours({4, 2}, 0) == Sides{3, 1, 4, 4});
  CHECK(imb_stencil_neighbours({2, 2, 2}, 0) == Sides{1, 1, 2, 2, 4, 4});
  CHECK(imb_stencil_neighbours({5, 3, 2}, 7) == Sides{6, 8, 2, 12, 22, 22});
}
