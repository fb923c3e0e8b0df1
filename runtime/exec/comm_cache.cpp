// Communicator creation with MPI_Comm_split, and SKaMPI's max-latency pair (SKaMPI 5 manual §4-5,
// src/measurements/helpers.c).
#include "runtime/exec/comm_cache.h"

#include <algorithm>

namespace metron::rt {

CommCache::CommCache(MPI_Comm world) : world_(world) {}

CommCache::~CommCache() {
  for (auto& e : entries_)
    if (e.comm != MPI_COMM_NULL) MPI_Comm_free(&e.comm);
}

MPI_Comm CommCache::get(const CommSpec& spec, std::vector<int>& ranks) {
  for (const auto& e : entries_)
    if (e.spec == spec) {
      ranks = e.ranks;
      return e.comm;
    }
  bool topology = spec.kind == CommSpec::Kind::Cartesian || spec.kind == CommSpec::Kind::Graph;
  std::vector<int> members = topology ? spec.base : spec.ranks;
  if (spec.kind == CommSpec::Kind::MaxLatencyPair) members = max_latency_pair();
  MPI_Comm comm = split(members);
  if (topology) {
    comm = with_topology(spec, comm);
    members = world_ranks_of(comm);
  }
  if (comm != MPI_COMM_NULL) MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  entries_.push_back({spec, members, comm});
  ranks = members;
  return comm;
}

// The communicator of `members` (world ranks, in the order they get their ranks).
MPI_Comm CommCache::split(const std::vector<int>& members) {
  int me = 0;
  MPI_Comm_rank(world_, &me);
  auto it = std::find(members.begin(), members.end(), me);
  int color = it == members.end() ? MPI_UNDEFINED : 0;
  int key = it == members.end() ? 0 : static_cast<int>(it - members.begin());
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_split(world_, color, key, &comm);
  return comm;
}

// MPI_Cart_create or MPI_Graph_create on the base communicator, which it frees; ranks of the base
// past the topology's size get MPI_COMM_NULL. The front end checked the arguments.
MPI_Comm CommCache::with_topology(const CommSpec& spec, MPI_Comm base) {
  if (base == MPI_COMM_NULL) return MPI_COMM_NULL;
  MPI_Comm comm = MPI_COMM_NULL;
  int reorder = spec.reorder ? 1 : 0;
  if (spec.kind == CommSpec::Kind::Cartesian)
    MPI_Cart_create(base, static_cast<int>(spec.dims.size()), spec.dims.data(), spec.periods.data(),
                    reorder, &comm);
  else
    MPI_Graph_create(base, static_cast<int>(spec.index.size()), spec.index.data(),
                     spec.edges.data(), reorder, &comm);
  MPI_Comm_free(&base);
  return comm;
}

// The world ranks of comm's members in its rank order (MPI may reorder a topology), known to
// every rank of world: collective over world.
std::vector<int> CommCache::world_ranks_of(MPI_Comm comm) {
  int me = 0, p = 1, mine = -1;
  MPI_Comm_rank(world_, &me);
  MPI_Comm_size(world_, &p);
  if (comm != MPI_COMM_NULL) MPI_Comm_rank(comm, &mine);
  // A gather and a broadcast, not an allgather: the same p integers everywhere, in O(p) messages
  // where an allgather may take p^2 (SimGrid's default one does).
  std::vector<int> rank_in(static_cast<std::size_t>(p));
  MPI_Gather(&mine, 1, MPI_INT, rank_in.data(), 1, MPI_INT, 0, world_);
  MPI_Bcast(rank_in.data(), p, MPI_INT, 0, world_);
  std::vector<int> out(static_cast<std::size_t>(
      std::count_if(rank_in.begin(), rank_in.end(), [](int r) { return r >= 0; })));
  for (int w = 0; w < p; ++w)
    if (rank_in[w] >= 0) out[rank_in[w]] = w;
  return out;
}

// The pair (i, j) with the largest sum of minimal round-trip times, measured pairwise with
// ping-pongs (SKaMPI's comm2_max_latency_with_root chooses the same way). i becomes rank 0.
std::vector<int> CommCache::max_latency_pair() {
  int me = 0, p = 1;
  MPI_Comm_rank(world_, &me);
  MPI_Comm_size(world_, &p);
  constexpr int kRounds = 10;
  std::vector<double> rtt(static_cast<std::size_t>(p) * p, 0.0);
  for (int i = 0; i < p; ++i)
    for (int j = i + 1; j < p; ++j) {
      MPI_Barrier(world_);
      if (me != i && me != j) continue;
      int other = me == i ? j : i;
      double best = 1e300;
      char byte = 0;
      for (int r = 0; r < kRounds; ++r) {
        double t0 = MPI_Wtime();
        if (me == i) {
          MPI_Send(&byte, 1, MPI_CHAR, other, 7, world_);
          MPI_Recv(&byte, 1, MPI_CHAR, other, 7, world_, MPI_STATUS_IGNORE);
        } else {
          MPI_Recv(&byte, 1, MPI_CHAR, other, 7, world_, MPI_STATUS_IGNORE);
          MPI_Send(&byte, 1, MPI_CHAR, other, 7, world_);
        }
        best = std::min(best, MPI_Wtime() - t0);
      }
      if (me == i) rtt[static_cast<std::size_t>(i) * p + j] = best;
    }
  MPI_Allreduce(MPI_IN_PLACE, rtt.data(), p * p, MPI_DOUBLE, MPI_MAX, world_);
  int bi = 0, bj = p > 1 ? 1 : 0;
  double worst = -1;
  for (int i = 0; i < p; ++i)
    for (int j = i + 1; j < p; ++j)
      if (rtt[static_cast<std::size_t>(i) * p + j] > worst) {
        worst = rtt[static_cast<std::size_t>(i) * p + j];
        bi = i;
        bj = j;
      }
  return {bi, bj};
}

}  // namespace metron::rt
