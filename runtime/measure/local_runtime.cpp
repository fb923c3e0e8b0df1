// Gathering per-rank durations and the max-over-ranks local run-time.
#include "runtime/measure/local_runtime.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace metron::rt {

GatheredDurations gather_local_durations(MPI_Comm comm, std::span<const double> start_s,
                                         std::span<const double> end_s,
                                         std::span<const std::uint8_t> valid, bool participates,
                                         int root) {
  if (start_s.size() != end_s.size() || (!valid.empty() && valid.size() != start_s.size()))
    throw std::invalid_argument("gather_local_durations: start, end and valid differ in length");
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  GatheredDurations g;
  g.ranks = size;
  g.n = static_cast<std::int64_t>(start_s.size());
  const int n = static_cast<int>(g.n);

  // One buffer per rank: n durations followed by n validity flags (as doubles), one gather.
  std::vector<double> mine(2 * static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    mine[static_cast<std::size_t>(i)] =
        participates ? end_s[static_cast<std::size_t>(i)] - start_s[static_cast<std::size_t>(i)]
                     : std::numeric_limits<double>::quiet_NaN();
    mine[static_cast<std::size_t>(n + i)] =
        valid.empty() ? 1.0 : (valid[static_cast<std::size_t>(i)] ? 1.0 : 0.0);
  }
  std::vector<double> all;
  if (rank == root) all.resize(static_cast<std::size_t>(size) * 2 * n);
  MPI_Gather(mine.data(), 2 * n, MPI_DOUBLE, all.data(), 2 * n, MPI_DOUBLE, root, comm);
  if (rank != root) return g;

  g.per_rank.resize(static_cast<std::size_t>(size) * n);
  g.max_per_obs.assign(static_cast<std::size_t>(n), std::numeric_limits<double>::quiet_NaN());
  g.valid.assign(static_cast<std::size_t>(n), 1);
  for (int r = 0; r < size; ++r) {
    const double* row = all.data() + static_cast<std::size_t>(r) * 2 * n;
    for (int i = 0; i < n; ++i) {
      const double d = row[i];
      g.per_rank[static_cast<std::size_t>(r) * n + i] = d;
      double& m = g.max_per_obs[static_cast<std::size_t>(i)];
      if (!std::isnan(d) && (std::isnan(m) || d > m)) m = d;
      if (row[n + i] == 0.0) g.valid[static_cast<std::size_t>(i)] = 0;
    }
  }
  return g;
}

}  // namespace metron::rt
