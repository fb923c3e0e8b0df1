// clock_step (see clock_step.h).
#include "runtime/stats/clock_step.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <vector>

namespace metron::stats {

std::int64_t clock_step(std::span<const std::int64_t> diffs_ticks) {
  std::vector<std::int64_t> d;
  for (std::int64_t x : diffs_ticks)
    if (x > 0) d.push_back(x);
  if (d.size() < 20) return 1;
  const std::int64_t largest = *std::max_element(d.begin(), d.end());
  const std::size_t need = (d.size() * 99 + 99) / 100;
  for (std::int64_t s = std::min<std::int64_t>(1000, largest / 4); s >= 2; --s) {
    const std::int64_t tol = s >= 4 ? 1 : 0;
    std::size_t on = 0;
    std::set<std::int64_t> multiples;
    for (std::int64_t x : d) {
      const std::int64_t k = (x + s / 2) / s;  // nearest multiple
      if (std::llabs(x - k * s) <= tol) {
        ++on;
        multiples.insert(k);
      }
    }
    if (on >= need && multiples.size() >= 4) return s;
  }
  return 1;
}

}  // namespace metron::stats
