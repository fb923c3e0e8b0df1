// reduce_to_job_root (see reduce_result.h).
#include "runtime/exec/reduce_result.h"

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
#define METRON_REDUCE_Root(value)
#define METRON_REDUCE_Summary(value)
#define METRON_REDUCE_Plan(value)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_REDUCE_##reduction(value)
#include "runtime/results/result_fields.def"
#undef METRON_REDUCE_Sum
#undef METRON_REDUCE_Root
#undef METRON_REDUCE_Summary
#undef METRON_REDUCE_Plan
}

}  // namespace

void reduce_to_job_root(JobResult& r, MPI_Comm comm) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::vector<std::int64_t> sums;
  for_each_summed(r, [&](std::int64_t& v) { sums.push_back(v); });
  if (sums.empty()) return;
  MPI_Reduce(rank == 0 ? MPI_IN_PLACE : sums.data(), sums.data(), static_cast<int>(sums.size()),
             MPI_INT64_T, MPI_SUM, 0, comm);
  if (rank != 0) return;
  std::size_t k = 0;
  for_each_summed(r, [&](std::int64_t& v) { v = sums[k++]; });
}

}  // namespace metron::rt
