#include "runtime/plan/dims_create.h"

#include <algorithm>

namespace metron {

namespace {

std::vector<std::int64_t> divisors(std::int64_t n) {
  std::vector<std::int64_t> low, high;
  for (std::int64_t d = 1; d <= n / d; ++d)
    if (n % d == 0) {
      low.push_back(d);
      if (d != n / d) high.push_back(n / d);
    }
  low.insert(low.end(), high.rbegin(), high.rend());
  return low;  // ascending
}

// Fills out[k..] with a non-increasing factorization of n into out.size() - k factors, each at
// most `cap`, lexicographically smallest; false if there is none. Trying the smallest feasible
// first factor first makes the first success the smallest tuple.
bool factor(std::int64_t n, std::int64_t cap, const std::vector<std::int64_t>& divs,
            std::vector<std::int64_t>& out, std::size_t k) {
  std::size_t left = out.size() - k;
  if (left == 1) {
    out[k] = n;
    return n <= cap;
  }
  for (std::int64_t f : divs) {
    if (f > cap) break;
    if (n % f != 0) continue;
    // The remaining left - 1 factors are each at most f: f^left must reach n.
    std::int64_t reach = 1;
    for (std::size_t i = 0; i < left && reach < n; ++i) reach = reach > n / f ? n : reach * f;
    if (reach < n) continue;
    out[k] = f;
    if (factor(n / f, f, divs, out, k + 1)) return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<std::int64_t>> dims_create(std::int64_t nnodes,
                                                     std::vector<std::int64_t> dims) {
  if (nnodes < 1) return std::nullopt;
  std::int64_t fixed = 1;
  std::size_t free = 0;
  for (std::int64_t d : dims) {
    if (d < 0) return std::nullopt;
    if (d == 0)
      ++free;
    else if (fixed > nnodes / d)
      return std::nullopt;
    else
      fixed *= d;
  }
  if (nnodes % fixed != 0) return std::nullopt;
  std::int64_t rest = nnodes / fixed;
  if (free == 0) return rest == 1 ? std::optional(dims) : std::nullopt;
  std::vector<std::int64_t> f(free);
  factor(rest, rest, divisors(rest), f, 0);  // always succeeds: rest, 1, 1, ... is a candidate
  std::size_t next = 0;
  for (std::int64_t& d : dims)
    if (d == 0) d = f[next++];
  return dims;
}

}  // namespace metron
