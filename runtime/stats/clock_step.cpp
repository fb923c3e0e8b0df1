// clock_step (see clock_step.h).
#include "runtime/stats/clock_step.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace metron::stats {

namespace {

// Whether step s explains the differences: at least `need` of them within `tol` ticks of a
// multiple of s, on at least 4 distinct multiples. Stops as soon as the answer is known (too many
// misses to reach `need`), so that the many steps that fail cost a few differences each.
bool explains(const std::vector<std::int64_t>& d, std::int64_t s, std::size_t need) {
  const std::int64_t tol = s >= 4 ? 1 : 0;
  const std::size_t allowed_misses = d.size() - need;
  std::size_t misses = 0, on = 0;
  std::int64_t distinct[4];
  std::size_t n_distinct = 0;
  for (std::int64_t x : d) {
    const std::int64_t k = (x + s / 2) / s;  // nearest multiple
    if (std::llabs(x - k * s) > tol) {
      if (++misses > allowed_misses) return false;
      continue;
    }
    ++on;
    if (n_distinct < 4 && std::find(distinct, distinct + n_distinct, k) == distinct + n_distinct)
      distinct[n_distinct++] = k;
  }
  return on >= need && n_distinct >= 4;
}

}  // namespace

std::int64_t clock_step(std::span<const std::int64_t> diffs_ticks) {
  std::vector<std::int64_t> d;
  for (std::int64_t x : diffs_ticks)
    if (x > 0) d.push_back(x);
  if (d.size() < 20) return 1;
  const std::int64_t largest = *std::max_element(d.begin(), d.end());
  const std::size_t need = (d.size() * 99 + 99) / 100;
  for (std::int64_t s = std::min<std::int64_t>(1000, largest / 4); s >= 2; --s)
    if (explains(d, s, need)) return s;
  return 1;
}

}  // namespace metron::stats
