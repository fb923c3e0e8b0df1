// IMB's -map PxQ order and -multi's groups as rank lists (runtime/plan/imb_groups.h).
#include <doctest/doctest.h>

#include "runtime/plan/imb_groups.h"

using metron::CommSpec;
using metron::imb_map_order;
using metron::multi_group_ranks;

namespace {
CommSpec spec(CommSpec::Kind kind, int size, std::vector<int> dims = {}) {
  CommSpec c;
  c.kind = kind;
  c.size = size;
  c.dims = std::move(dims);
  return c;
}
}  // namespace

TEST_CASE("imb map: IMB's key (q * r) mod (p * q - 1) puts one rank per node first") {
  CHECK(imb_map_order(2, 2, 4) == std::vector<int>{0, 2, 1, 3});
  // 3 ranks per node on 2 nodes (0-2, 3-5): mapped ranks 0 and 1 are on different nodes.
  CHECK(imb_map_order(3, 2, 6) == std::vector<int>{0, 3, 1, 4, 2, 5});
  // A run smaller than the grid keeps IMB's keys: 0, 3, 1, 4, 2 for ranks 0 .. 4.
  CHECK(imb_map_order(2, 3, 5) == std::vector<int>{0, 2, 4, 1, 3});
  // Q = 1 (IMB's default) or P = 1: the world's order.
  CHECK(imb_map_order(4, 1, 4) == std::vector<int>{0, 1, 2, 3});
  CHECK(imb_map_order(1, 3, 3) == std::vector<int>{0, 1, 2});
}

TEST_CASE("imb multi: floor(np / n) groups of n consecutive ranks of the world or the map") {
  CHECK(multi_group_ranks(spec(CommSpec::Kind::First, 2), 5) == std::vector<int>{0, 1, 2, 3});
  CHECK(multi_group_ranks(spec(CommSpec::Kind::First, 3), 4) == std::vector<int>{0, 1, 2});
  CHECK(multi_group_ranks(spec(CommSpec::Kind::World, 4), 4) == std::vector<int>{0, 1, 2, 3});
  CHECK(multi_group_ranks(spec(CommSpec::Kind::Mapped, 2, {2, 2}), 4) ==
        std::vector<int>{0, 2, 1, 3});
  CHECK(multi_group_ranks(spec(CommSpec::Kind::Random, 2), 4).empty());
  CHECK(multi_group_ranks(spec(CommSpec::Kind::Ranks, 2), 4).empty());
  CHECK_FALSE(metron::multi_accepts(spec(CommSpec::Kind::FromTo, 2)));
}
