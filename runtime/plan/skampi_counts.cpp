// SKaMPI's count layouts (see the header); formulas from SKaMPI 5's coll.c, written anew.
#include "runtime/plan/skampi_counts.h"

namespace metron {

std::vector<std::int64_t> skampi_split_counts(std::int64_t total, int p) {
  std::vector<std::int64_t> counts(static_cast<std::size_t>(p), total / p);
  const std::int64_t r = total % p;
  for (std::int64_t i = 0; i < r; ++i) ++counts[static_cast<std::size_t>(i * p / r)];
  return counts;
}

std::vector<std::int64_t> skampi_displs(const std::vector<std::int64_t>& counts) {
  std::vector<std::int64_t> d(counts.size(), 0);
  for (std::size_t i = 1; i < counts.size(); ++i) d[i] = d[i - 1] + counts[i - 1];
  return d;
}

namespace {
// (int)(total * ratio) / p and (int)(total / ratio) / p: the double truncated towards zero as
// C's cast does (a division, not a product with 1 / ratio, which may round differently).
std::int64_t charged_share(std::int64_t total, double ratio, int p) {
  return static_cast<std::int64_t>(static_cast<double>(total) * ratio) / p;
}
std::int64_t other_share(std::int64_t total, double ratio, int p) {
  return static_cast<std::int64_t>(static_cast<double>(total) / ratio) / p;
}
}  // namespace

SkewedCounts myalltoallv_counts(std::int64_t send_count, std::int64_t recv_count, int p, int rank,
                                std::int64_t charged_rank, double ratio) {
  SkewedCounts c;
  const std::int64_t send_total = send_count * p, recv_total = recv_count * p;
  c.send.resize(static_cast<std::size_t>(p));
  for (int i = 0; i < p; ++i)
    c.send[static_cast<std::size_t>(i)] =
        i == charged_rank ? charged_share(send_total, ratio, p) : other_share(send_total, ratio, p);
  // SKaMPI adds a remainder when total % p != 0; total is count * p here, so there is none.
  const std::int64_t each = rank == charged_rank ? charged_share(recv_total, ratio, p)
                                                 : other_share(recv_total, ratio, p);
  c.recv.assign(static_cast<std::size_t>(p), each);
  return c;
}

}  // namespace metron
