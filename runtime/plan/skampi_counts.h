// SKaMPI 5's per-rank element counts for its v-variants (measurements/coll.c), shared by the
// buffer-use functions and the runtime's bind functions so that both see the same layout.
#pragma once

#include <cstdint>
#include <vector>

namespace metron {

// `total` elements split over p ranks as SKaMPI splits them: total / p each, and the remainder
// r = total % p spread one each over the ranks i * p / r, i < r (so not all on the first ranks).
std::vector<std::int64_t> skampi_split_counts(std::int64_t total, int p);

// Exclusive prefix sums: displacement of each block.
std::vector<std::int64_t> skampi_displs(const std::vector<std::int64_t>& counts);

// myalltoallv's counts on rank `rank` of p: every rank sends floor(count * p * ratio) / p
// elements to charged_rank and floor(count * p / ratio) / p to every other rank; charged_rank
// receives the first amount from each rank, the others the second. C's (int) truncation of the
// product, as SKaMPI computes it.
struct SkewedCounts {
  std::vector<std::int64_t> send, recv;
};
SkewedCounts myalltoallv_counts(std::int64_t send_count, std::int64_t recv_count, int p, int rank,
                                std::int64_t charged_rank, double ratio);

}  // namespace metron
