// SKaMPI's process topologies (SKaMPI 5 src/measurements/helpers.c: topology_cartesian,
// dims_create, topology_graph, topology_graph2). A topology is a communicator spec whose
// arguments the runtime passes to MPI_Cart_create or MPI_Graph_create on the base communicator
// (runtime/exec/comm_cache.cpp); here they are checked as MPI would, so a bad grid is an error
// at `check` time with the argument that is wrong.
#include <algorithm>
#include <climits>
#include <string>

#include "interpreter/builtins.h"
#include "runtime/plan/dims_create.h"

namespace metron {

namespace {

using Args = std::vector<Value>;

Param P(const char* n, std::uint32_t t) {
  return Param{n, t, std::nullopt};
}

// The base communicator's world ranks: it must exist and its ranks be known when the plan is
// built (a topology of comm2_max_latency_with_root() would be chosen at run time).
const CommSpec& base_arg(BuiltinCtx& c, const Value& v) {
  const CommSpec& in = v.as_comm();
  if (in.kind == CommSpec::Kind::Null) c.bad_arg(0, DiagId::bad_arg_comm_null);
  if (in.ranks.empty()) c.bad_arg(0, DiagId::bad_arg_ranks_unknown);
  return in;
}

std::vector<int> ints(const std::vector<std::int64_t>& v) {
  return std::vector<int>(v.begin(), v.end());
}

Value make_topology(CommSpec s, const CommSpec& base, int members, std::string label) {
  s.base = base.ranks;
  s.ranks.assign(base.ranks.begin(), base.ranks.begin() + members);
  s.size = members;
  s.label = std::move(label);
  return Value(std::move(s));
}

Value f_dims_create(BuiltinCtx& c, Args& a) {
  std::int64_t n = a[0].as_int();
  if (n < 1) c.bad_arg(0, DiagId::bad_arg_positive);
  std::vector<std::int64_t> dims = int_list_arg(c, 1, a[1]);
  if (dims.empty()) c.bad_arg(1, DiagId::bad_arg_no_dimension);
  for (std::int64_t d : dims)
    if (d < 0) c.bad_arg(1, DiagId::bad_arg_not_negative);
  auto out = dims_create(n, dims);
  if (!out) c.bad_arg(1, DiagId::bad_arg_dims_divide, n, to_display(a[1]));
  ValueList l;
  for (std::int64_t d : *out) l.emplace_back(d);
  return Value(std::move(l));
}

Value f_cartesian(BuiltinCtx& c, Args& a) {
  const CommSpec& base = base_arg(c, a[0]);
  std::vector<std::int64_t> dims = int_list_arg(c, 1, a[1]);
  std::vector<std::int64_t> periods = int_list_arg(c, 2, a[2]);
  if (dims.empty()) c.bad_arg(1, DiagId::bad_arg_no_dimension);
  if (periods.size() != dims.size())
    c.bad_arg(2, DiagId::bad_arg_dims_count, periods.size(), dims.size());
  std::int64_t grid = 1;
  for (std::size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] < 1 || dims[d] > INT_MAX)
      c.bad_arg(1, DiagId::bad_arg_dim_size, dims[d], d, INT_MAX);
    grid = grid > base.size ? grid : grid * dims[d];
  }
  if (grid > base.size) c.bad_arg(1, DiagId::bad_arg_grid_too_big, grid, base.size);
  CommSpec s;
  s.kind = CommSpec::Kind::Cartesian;
  s.dims = ints(dims);
  for (std::int64_t p : periods) s.periods.push_back(p != 0 ? 1 : 0);
  s.reorder = a[3].as_int() != 0;
  return make_topology(std::move(s), base, static_cast<int>(grid),
                       "topology_cartesian(" + base.label + ", " + to_display(a[1]) + ", " +
                           to_display(a[2]) + ", " + std::to_string(s.reorder) + ")");
}

// MPI_Graph_create's rules: index non-decreasing, its last entry the number of edges, every
// edge a node of the graph, at most as many nodes as the base communicator has ranks.
void check_graph(BuiltinCtx& c, const CommSpec& base, const std::vector<std::int64_t>& index,
                 const std::vector<std::int64_t>& edges, std::size_t index_arg,
                 std::size_t edges_arg) {
  std::int64_t nnodes = static_cast<std::int64_t>(index.size());
  if (nnodes < 1) c.bad_arg(index_arg, DiagId::bad_arg_no_dimension);
  if (nnodes > base.size) c.bad_arg(index_arg, DiagId::bad_arg_grid_too_big, nnodes, base.size);
  std::int64_t prev = 0, m = static_cast<std::int64_t>(edges.size());
  for (std::int64_t i = 0; i < nnodes; ++i) {
    bool last_wrong = i == nnodes - 1 && index[i] != m;
    if (index[i] < prev || index[i] > m || last_wrong)
      c.bad_arg(index_arg, DiagId::bad_arg_graph_index, m, i, index[i]);
    prev = index[i];
  }
  for (std::int64_t e = 0; e < m; ++e)
    if (edges[e] < 0 || edges[e] >= nnodes)
      c.bad_arg(edges_arg, DiagId::bad_arg_graph_edge, e, edges[e], nnodes - 1);
}

Value graph(const CommSpec& base, std::vector<std::int64_t> index, std::vector<std::int64_t> edges,
            bool reorder, std::string label) {
  CommSpec s;
  s.kind = CommSpec::Kind::Graph;
  s.index = ints(index);
  s.edges = ints(edges);
  s.reorder = reorder;
  return make_topology(std::move(s), base, static_cast<int>(index.size()), std::move(label));
}

Value f_graph(BuiltinCtx& c, Args& a) {
  const CommSpec& base = base_arg(c, a[0]);
  std::vector<std::int64_t> index = int_list_arg(c, 1, a[1]), edges = int_list_arg(c, 2, a[2]);
  check_graph(c, base, index, edges, 1, 2);
  bool reorder = a[3].as_int() != 0;
  return graph(base, std::move(index), std::move(edges), reorder,
               "topology_graph(" + base.label + ", " + to_display(a[1]) + ", " + to_display(a[2]) +
                   ", " + std::to_string(reorder) + ")");
}

// SKaMPI's topology_graph2: an undirected graph as a list of node pairs {a0, b0, a1, b1, ...};
// the nodes are 0 .. the largest named, and each pair is an edge in both directions.
Value f_graph2(BuiltinCtx& c, Args& a) {
  const CommSpec& base = base_arg(c, a[0]);
  std::vector<std::int64_t> pairs = int_list_arg(c, 1, a[1]);
  if (pairs.empty() || pairs.size() % 2 != 0)
    c.bad_arg(1, DiagId::bad_arg_graph_pairs, pairs.size());
  std::int64_t top = *std::max_element(pairs.begin(), pairs.end());
  for (std::size_t e = 0; e < pairs.size(); ++e)
    if (pairs[e] < 0 || pairs[e] >= base.size)
      c.bad_arg(1, DiagId::bad_arg_graph_edge, e, pairs[e], base.size - 1);
  std::vector<std::int64_t> index, edges;
  for (std::int64_t node = 0; node <= top; ++node) {
    for (std::size_t j = 0; j < pairs.size(); j += 2) {
      if (pairs[j] == node)
        edges.push_back(pairs[j + 1]);
      else if (pairs[j + 1] == node)
        edges.push_back(pairs[j]);
    }
    index.push_back(static_cast<std::int64_t>(edges.size()));
  }
  check_graph(c, base, index, edges, 1, 1);
  bool reorder = a[2].as_int() != 0;
  return graph(base, std::move(index), std::move(edges), reorder,
               "topology_graph2(" + base.label + ", " + to_display(a[1]) + ", " +
                   std::to_string(reorder) + ")");
}

}  // namespace

std::vector<Builtin> topology_builtins() {
  return {
      {"dims_create",
       {P("nnodes", kInt), P("dims", kList)},
       "list",
       "dims with its 0 entries filled in as MPI_Dims_create does (balanced, non-increasing)",
       f_dims_create},
      {"topology_cartesian",
       {P("c", kComm), P("dims", kList), P("periodic", kList), P("reorder", kInt)},
       "communicator",
       "a Cartesian grid on c (MPI_Cart_create); ranks of c past the grid are not members",
       f_cartesian},
      {"topology_graph",
       {P("c", kComm), P("index", kList), P("edges", kList), P("reorder", kInt)},
       "communicator",
       "a graph topology on c (MPI_Graph_create with index and edges)",
       f_graph},
      {"topology_graph2",
       {P("c", kComm), P("graph", kList), P("reorder", kInt)},
       "communicator",
       "an undirected graph on c given as node pairs {a0, b0, a1, b1, ...} (MPI_Graph_create)",
       f_graph2},
  };
}

}  // namespace metron
