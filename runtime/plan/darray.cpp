#include "runtime/plan/darray.h"

#include <climits>
#include <string>

#include "runtime/plan/type_desc.h"

namespace metron {

namespace {

constexpr std::pair<std::string_view, std::int64_t> kConstants[] = {
    {"MPI_DISTRIBUTE_BLOCK", kDistributeBlock},
    {"MPI_DISTRIBUTE_CYCLIC", kDistributeCyclic},
    {"MPI_DISTRIBUTE_NONE", kDistributeNone},
    {"MPI_DISTRIBUTE_DFLT_DARG", kDistributeDfltDarg},
};

TypeError error(std::size_t arg, DiagId id, std::vector<std::string> args = {}) {
  return TypeError{arg, id, std::move(args)};
}

// The blocks of one dimension: block length, process count and this process's coordinate, after
// the defaults: a block distribution is cyclic(ceil(gsize / psize)), none is one block.
struct Dim {
  std::int64_t gsize, darg, psize, coord;
};

std::vector<Dim> dimensions(const DarrayArgs& a) {
  std::vector<Dim> dims;
  std::int64_t rest = a.rank, procs = a.size;
  for (std::size_t d = 0; d < a.gsizes.size(); ++d) {
    procs /= a.psizes[d];  // the process grid is row-major, like the array
    Dim x{a.gsizes[d], a.dargs[d], a.psizes[d], rest / procs};
    rest %= procs;
    if (a.distribs[d] == kDistributeNone) x.darg = x.gsize;
    if (a.distribs[d] == kDistributeBlock && x.darg == kDistributeDfltDarg)
      x.darg = (x.gsize + x.psize - 1) / x.psize;
    if (a.distribs[d] == kDistributeCyclic && x.darg == kDistributeDfltDarg) x.darg = 1;
    dims.push_back(x);
  }
  return dims;
}

// Owned runs [first, first + count) of one dimension, ascending: blocks coord, coord + psize, ...
std::vector<std::pair<std::int64_t, std::int64_t>> owned(const Dim& x) {
  std::vector<std::pair<std::int64_t, std::int64_t>> runs;
  for (std::int64_t b = x.coord; b <= (x.gsize - 1) / x.darg; b += x.psize) {
    std::int64_t first = b * x.darg;
    runs.emplace_back(first, std::min(x.darg, x.gsize - first));
  }
  return runs;
}

std::optional<TypeError> check_dimension(const DarrayArgs& a, std::size_t d) {
  const std::string dim = std::to_string(d + 1);
  const std::int64_t g = a.gsizes[d], dist = a.distribs[d], darg = a.dargs[d], p = a.psizes[d];
  if (g < 1 || g > INT_MAX)
    return error(2, DiagId::bad_arg_dim_size, {std::to_string(g), dim, std::to_string(INT_MAX)});
  if (dist != kDistributeBlock && dist != kDistributeCyclic && dist != kDistributeNone)
    return error(3, DiagId::bad_arg_distribution, {std::to_string(dist), dim});
  if (darg != kDistributeDfltDarg && (darg < 1 || darg > INT_MAX))
    return error(4, DiagId::bad_arg_darg, {std::to_string(darg), dim});
  if (p < 1 || p > INT_MAX) return error(5, DiagId::bad_arg_darray_procs, {std::to_string(p), dim});
  if (dist == kDistributeNone && p != 1)
    return error(5, DiagId::bad_arg_distribute_none, {dim, std::to_string(p)});
  if (dist == kDistributeBlock && darg != kDistributeDfltDarg && darg * p < g)
    return error(4, DiagId::bad_arg_darg_block,
                 {std::to_string(darg), dim, std::to_string(p), std::to_string(g)});
  return std::nullopt;
}

}  // namespace

std::optional<std::int64_t> darray_constant_by_name(std::string_view name) {
  for (const auto& [n, v] : kConstants)
    if (n == name) return v;
  return std::nullopt;
}

const std::vector<std::string_view>& darray_constant_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& [n, v] : kConstants) out.push_back(n);
    return out;
  }();
  return names;
}

std::optional<TypeError> check_darray(const DarrayArgs& a) {
  if (a.size < 1 || a.size > INT_MAX) return error(0, DiagId::bad_arg_positive);
  if (a.rank < 0 || a.rank >= a.size)
    return error(1, DiagId::bad_arg_between, {"rank", "0", std::to_string(a.size - 1)});
  const std::size_t nd = a.gsizes.size();
  if (nd == 0) return error(2, DiagId::bad_arg_no_dimension);
  const std::pair<std::size_t, const std::vector<std::int64_t>*> lists[] = {
      {3, &a.distribs}, {4, &a.dargs}, {5, &a.psizes}};
  for (const auto& [arg, list] : lists)
    if (list->size() != nd)
      return error(arg, DiagId::bad_arg_darray_count,
                   {std::to_string(list->size()), std::to_string(nd)});
  std::int64_t grid = 1;
  for (std::size_t d = 0; d < nd; ++d) {
    if (auto e = check_dimension(a, d)) return e;
    grid = grid > a.size ? grid : grid * a.psizes[d];
  }
  std::int64_t total = 1;
  for (std::int64_t g : a.gsizes)
    if (__builtin_mul_overflow(total, g, &total)) return error(2, DiagId::bad_arg_array_overflow);
  if (grid != a.size)
    return error(5, DiagId::bad_arg_darray_grid, {std::to_string(grid), std::to_string(a.size)});
  return std::nullopt;
}

bool darray_runs(const DarrayArgs& a,
                 const std::function<bool(std::int64_t first, std::int64_t count)>& emit) {
  const std::vector<Dim> dims = dimensions(a);
  const std::size_t nd = dims.size();
  std::vector<std::vector<std::int64_t>> outer(nd - 1);  // owned indices of the outer dimensions
  for (std::size_t d = 0; d + 1 < nd; ++d) {
    for (const auto& [first, count] : owned(dims[d]))
      for (std::int64_t i = 0; i < count; ++i) outer[d].push_back(first + i);
    if (outer[d].empty()) return true;  // owns nothing
  }
  const auto last = owned(dims[nd - 1]);
  std::vector<std::size_t> at(nd - 1, 0);
  while (true) {
    std::int64_t row = 0;
    for (std::size_t d = 0; d + 1 < nd; ++d) row = row * dims[d].gsize + outer[d][at[d]];
    row *= dims[nd - 1].gsize;
    for (const auto& [first, count] : last)
      if (!emit(row + first, count)) return false;
    std::size_t d = nd - 1;  // odometer over the outer dimensions
    while (d-- > 0) {
      if (++at[d] < outer[d].size()) break;
      at[d] = 0;
    }
    if (d == static_cast<std::size_t>(-1)) return true;
  }
}

}  // namespace metron
