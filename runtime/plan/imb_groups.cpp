// IMB's -map and -multi as rank lists (see imb_groups.h).
#include "runtime/plan/imb_groups.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace metron {

std::vector<int> imb_map_order(int p, int q, int np) {
  std::vector<int> order(static_cast<std::size_t>(std::max(np, 0)));
  std::iota(order.begin(), order.end(), 0);
  if (p <= 1 || q <= 1) return order;
  const std::int64_t modulus = std::int64_t{p} * q - 1;
  auto key = [&](int r) {
    const std::int64_t k = (std::int64_t{q} * r) % modulus;
    return k == 0 ? std::int64_t{r} : k;
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
  return order;
}

bool multi_accepts(const CommSpec& comm) {
  return comm.kind == CommSpec::Kind::World || comm.kind == CommSpec::Kind::First ||
         comm.kind == CommSpec::Kind::Mapped;
}

std::vector<int> multi_group_ranks(const CommSpec& comm, int np) {
  if (!multi_accepts(comm) || comm.size < 1) return {};
  std::vector<int> order = comm.kind == CommSpec::Kind::Mapped && comm.dims.size() == 2
                               ? imb_map_order(comm.dims[0], comm.dims[1], np)
                               : imb_map_order(1, 1, np);
  order.resize(static_cast<std::size_t>(np / comm.size * comm.size));
  return order;
}

}  // namespace metron
