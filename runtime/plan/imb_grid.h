// IMB-P2P's grids for Stencil2D and Stencil3D (Intel MPI Benchmarks 2021, src_c/P2P): pure
// logic, shared by the front end (which skips a stencil on a rank count IMB refuses, as IMB
// does) and the operations. IMB's factorisation is its own, not MPI_Dims_create's:
// - 2-D: start at 2 x 2 and grow both sides until the grid holds p ranks; if it then holds more,
//   lower y until it divides p (or reaches 1) and set x = p / y.
// - 3-D: start at 2 x 2 x 2 and grow all sides until the grid holds p; while it holds more,
//   lower z to the next divisor of p (or 1), factor n = p / z as the 2-D rule does, and take
//   that (x, y) only where y >= z.
// IMB calls the benchmark invalid for p unless every side is at least 2 and the product is p.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace metron {

namespace imb_grid_detail {
// The 2-D rule's (x, y) for n (x * y may differ from n only for n < 4).
inline std::pair<std::int64_t, std::int64_t> factor_2d(std::int64_t n) {
  std::int64_t x = 2, y = 2;
  while (x * y < n) {
    ++x;
    ++y;
  }
  if (x * y > n) {
    while (y > 1 && n % y != 0) --y;
    x = n / y;
  }
  return {x, y};
}
}  // namespace imb_grid_detail

// The sides {x, y} (ndims 2) or {x, y, z} (ndims 3) of IMB's grid of p ranks, x varying
// fastest in the rank (rank = x + lx * (y + ly * z)); nullopt where IMB refuses p.
inline std::optional<std::vector<int>> imb_stencil_grid(int ndims, int p) {
  using imb_grid_detail::factor_2d;
  std::vector<std::int64_t> side;
  if (ndims == 2) {
    const auto [x, y] = factor_2d(p);
    side = {x, y};
  } else if (ndims == 3) {
    std::int64_t x = 2, y = 2, z = 2;
    while (x * y * z < p) {
      ++x;
      ++y;
      ++z;
    }
    while (x * y * z > p) {  // each pass lowers z: it ends
      --z;
      while (z > 1 && p % z != 0) --z;
      const auto [lx, ly] = factor_2d(z != 0 ? p / z : 0);
      if (ly >= z) {
        x = lx;
        y = ly;
      }
    }
    side = {x, y, z};
  } else {
    return std::nullopt;
  }
  std::int64_t product = 1;
  for (const std::int64_t s : side) {
    if (s < 2) return std::nullopt;
    product *= s;
  }
  if (product != p) return std::nullopt;
  return std::vector<int>(side.begin(), side.end());
}

// The 2 * ndims neighbours of `rank` on the periodic grid, in IMB's order: x - 1, x + 1, y - 1,
// y + 1 (, z - 1, z + 1).
inline std::vector<int> imb_stencil_neighbours(const std::vector<int>& side, int rank) {
  const std::size_t d = side.size();
  std::vector<int> coord(d);
  int rest = rank;
  for (std::size_t i = 0; i < d; ++i) {
    coord[i] = rest % side[i];
    rest /= side[i];
  }
  std::vector<int> out;
  for (std::size_t i = 0; i < d; ++i) {
    for (const int step : {-1, 1}) {
      std::vector<int> c = coord;
      c[i] = (c[i] + step + side[i]) % side[i];
      int r = 0;
      for (std::size_t j = d; j-- > 0;) r = r * side[j] + c[j];
      out.push_back(r);
    }
  }
  return out;
}

}  // namespace metron
