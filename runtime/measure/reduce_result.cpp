// reduce_to_job_root (see reduce_result.h).
#include "runtime/measure/reduce_result.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace metron::rt {

namespace {

// Calls f on every summed field of r, in table order.
template <typename F>
void for_each_summed(JobResult& r, F&& f) {
#define METRON_REDUCE_Sum(value)                                                    \
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(value)>, std::int64_t>, \
                "a summed field is a count (std::int64_t)");                        \
  f(value);
#define METRON_REDUCE_Max(value)
#define METRON_REDUCE_Root(value)
#define METRON_REDUCE_Summary(value)
#define METRON_REDUCE_Plan(value)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_REDUCE_##reduction(value)
#include "runtime/results/result_fields.def"
#undef METRON_REDUCE_Sum
#undef METRON_REDUCE_Max
#undef METRON_REDUCE_Root
#undef METRON_REDUCE_Summary
#undef METRON_REDUCE_Plan
}

// Calls f on every field of r that keeps the largest over the ranks, in table order.
template <typename F>
void for_each_largest(JobResult& r, F&& f) {
#define METRON_REDUCE_Max(value)                                                      \
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(value)>, adapt::RankMax>, \
                "a field reduced to its largest is an adapt::RankMax");               \
  f(value);
#define METRON_REDUCE_Sum(value)
#define METRON_REDUCE_Root(value)
#define METRON_REDUCE_Summary(value)
#define METRON_REDUCE_Plan(value)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_REDUCE_##reduction(value)
#include "runtime/results/result_fields.def"
#undef METRON_REDUCE_Sum
#undef METRON_REDUCE_Max
#undef METRON_REDUCE_Root
#undef METRON_REDUCE_Summary
#undef METRON_REDUCE_Plan
}

// MPI_DOUBLE_INT's layout: the value, then the rank.
static_assert(offsetof(adapt::RankMax, max) == 0 && sizeof(adapt::RankMax::rank) == sizeof(int));

void reduce_sums(JobResult& r, int rank, MPI_Comm comm) {
  std::vector<std::int64_t> sums;
  for_each_summed(r, [&](std::int64_t& v) { sums.push_back(v); });
  if (sums.empty()) return;
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : sums.data(), sums.data(), static_cast<int>(sums.size()),
             MPI_INT64_T, MPI_SUM, 0, comm);
  if (rank != 0) return;
  std::size_t k = 0;
  for_each_summed(r, [&](std::int64_t& v) { v = sums[k++]; });
}

// Each rank's value with its rank; MPI_MAXLOC keeps the largest and, on ties, the lowest rank.
// A rank that could not measure has max < 0, so a measure no rank had stays < 0.
void reduce_largest(JobResult& r, int rank, MPI_Comm comm) {
  std::vector<adapt::RankMax> largest;
  for_each_largest(r, [&](adapt::RankMax& v) { largest.push_back(v); });
  if (largest.empty()) return;
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : largest.data(), largest.data(),
             static_cast<int>(largest.size()), MPI_DOUBLE_INT, MPI_MAXLOC, 0, comm);
  if (rank != 0) return;
  std::size_t k = 0;
  for_each_largest(r, [&](adapt::RankMax& v) {
    v = largest[k++];
    if (v.max < 0) v.rank = -1;
  });
}

}  // namespace

void reduce_to_job_root(JobResult& r, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  reduce_sums(r, rank, comm);
  reduce_largest(r, rank, comm);
}

}  // namespace metron::rt
