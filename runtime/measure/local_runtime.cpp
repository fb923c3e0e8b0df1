// Gathering per-rank durations and the max-over-ranks local run-time (see local_runtime.h).
#include "runtime/measure/local_runtime.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "runtime/plan/message_error.h"

namespace metron::rt {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// How a rank's batch is laid out for the exchange: n durations, n validity flags, [n global
// starts, n global ends,] and a status slot last. The gather keeps every rank's row (an idle
// rank's times NaN, valid = 1, failed = NaN); the reduce encodes each field so that MPI_MAX
// combines it (idle: -inf, invalid = 1, starts negated, failed = 1).
struct Packing {
  double idle;
  double valid, invalid;
  double start_sign;
  double ok, failed;
};
constexpr Packing kGatherPacking{kNaN, 1.0, 0.0, 1.0, 0.0, kNaN};
constexpr Packing kMaxPacking{-kInf, 0.0, 1.0, -1.0, 0.0, 1.0};

std::vector<double> pack_batch(const LocalBatch& mine, std::size_t n, bool stamps,
                               const Packing& p) {
  const std::size_t w = (stamps ? 4 : 2) * n + 1;
  std::vector<double> buf(w, p.idle);
  buf.back() = mine.failed ? p.failed : p.ok;
  if (mine.failed) return buf;
  const bool idle = !mine.participates;
  for (std::size_t i = 0; i < n; ++i) {
    buf[i] = idle ? p.idle : mine.end_s[i] - mine.start_s[i];
    buf[n + i] = mine.valid.empty() || mine.valid[i] ? p.valid : p.invalid;
    if (stamps) {
      buf[2 * n + i] = idle ? p.idle : p.start_sign * mine.global_start_s[i];
      buf[3 * n + i] = idle ? p.idle : mine.global_end_s[i];
    }
  }
  return buf;
}

// The result's shape, and this rank's rank in comm.
GatheredDurations empty_result(MPI_Comm comm, std::int64_t n_obs, int& rank) {
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  GatheredDurations g;
  g.ranks = size;
  g.n = n_obs;
  return g;
}

}  // namespace

GatheredDurations gather_local_durations(MPI_Comm comm, std::int64_t n_obs, bool stamps,
                                         const LocalBatch& mine, int root) {
  int rank = 0;
  GatheredDurations g = empty_result(comm, n_obs, rank);
  const int size = g.ranks;
  const std::size_t n = static_cast<std::size_t>(n_obs);
  const std::vector<double> buf = pack_batch(mine, n, stamps, kGatherPacking);
  const std::size_t w = buf.size();
  std::vector<double> all;
  if (rank == root) all.resize(static_cast<std::size_t>(size) * w);
  MPI_Gather(buf.data(), static_cast<int>(w), MPI_DOUBLE, all.data(), static_cast<int>(w),
             MPI_DOUBLE, root, comm);
  if (rank != root) return g;

  for (int r = 0; r < size; ++r)
    g.failed |= std::isnan(all[static_cast<std::size_t>(r) * w + w - 1]);
  if (g.failed) return g;
  g.per_rank.resize(static_cast<std::size_t>(size) * n);
  g.max_per_obs.assign(n, kNaN);
  g.valid.assign(n, 1);
  if (stamps) {
    g.global_start_s.assign(n, kInf);
    g.global_end_s.assign(n, -kInf);
  }
  for (int r = 0; r < size; ++r) {
    const double* row = all.data() + static_cast<std::size_t>(r) * w;
    for (std::size_t i = 0; i < n; ++i) {
      const double d = row[i];
      g.per_rank[static_cast<std::size_t>(r) * n + i] = d;
      double& m = g.max_per_obs[i];
      if (!std::isnan(d) && (std::isnan(m) || d > m)) m = d;
      if (row[n + i] == 0.0) g.valid[i] = 0;
      if (stamps && !std::isnan(row[2 * n + i])) {
        g.global_start_s[i] = std::min(g.global_start_s[i], row[2 * n + i]);
        g.global_end_s[i] = std::max(g.global_end_s[i], row[3 * n + i]);
      }
    }
  }
  return g;
}

GatheredDurations reduce_local_durations(MPI_Comm comm, std::int64_t n_obs, bool stamps,
                                         const LocalBatch& mine, int root) {
  int rank = 0;
  GatheredDurations g = empty_result(comm, n_obs, rank);
  const std::size_t n = static_cast<std::size_t>(n_obs);
  const std::vector<double> buf = pack_batch(mine, n, stamps, kMaxPacking);
  const std::size_t w = buf.size();
  std::vector<double> all(rank == root ? w : 0);
  MPI_Reduce(buf.data(), all.data(), static_cast<int>(w), MPI_DOUBLE, MPI_MAX, root, comm);
  if (rank != root) return g;

  g.failed = all.back() > 0;
  if (g.failed) return g;
  g.max_per_obs.resize(n);
  g.valid.resize(n);
  if (stamps) {
    g.global_start_s.resize(n);
    g.global_end_s.resize(n);
  }
  for (std::size_t i = 0; i < n; ++i) {
    g.max_per_obs[i] = all[i] == -kInf ? kNaN : all[i];
    g.valid[i] = all[n + i] > 0 ? 0 : 1;
    if (stamps) {
      g.global_start_s[i] = -all[2 * n + i];  // +inf when no rank participates
      g.global_end_s[i] = all[3 * n + i];
    }
  }
  return g;
}

GatheredDurations gather_local_durations(MPI_Comm comm, std::span<const double> start_s,
                                         std::span<const double> end_s,
                                         std::span<const std::uint8_t> valid, bool participates,
                                         int root) {
  if (start_s.size() != end_s.size() || (!valid.empty() && valid.size() != start_s.size()))
    throw_message(DiagId::bug_durations_differ);
  LocalBatch b;
  b.start_s = start_s;
  b.end_s = end_s;
  b.valid = valid;
  b.participates = participates;
  return gather_local_durations(comm, static_cast<std::int64_t>(start_s.size()), false, b, root);
}

}  // namespace metron::rt
