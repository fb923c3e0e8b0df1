// BatchSchedule: fixed and doubling checkpoint sequences (definitions in batch_schedule.h).
#include "runtime/adapt/batch_schedule.h"

#include <algorithm>
#include <limits>

namespace metron::adapt {
namespace {

constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();

// a + b and a * b, saturating at kMax.
std::size_t sat_add(std::size_t a, std::size_t b) {
  return a > kMax - b ? kMax : a + b;
}
std::size_t sat_mul(std::size_t a, std::size_t b) {
  return (b != 0 && a > kMax / b) ? kMax : a * b;
}

}  // namespace

BatchSchedule BatchSchedule::fixed(std::size_t batch, std::size_t max_total,
                                   std::size_t first_batch) {
  batch = std::max<std::size_t>(batch, 1);
  const std::size_t first = first_batch == 0 ? batch : first_batch;
  return BatchSchedule(Kind::Fixed, first, batch, max_total);
}

BatchSchedule BatchSchedule::growing(std::size_t min, std::size_t step, std::size_t max_total) {
  return BatchSchedule(Kind::Growing, std::max<std::size_t>(min, 1), std::max<std::size_t>(step, 1),
                       max_total);
}

std::size_t BatchSchedule::checkpoint(std::size_t i) const {
  std::size_t c = 0;
  if (kind_ == Kind::Fixed) {
    c = sat_add(first_, sat_mul(i, step_));
  } else {
    // min + step (2^i - 1)
    const std::size_t pow =
        i >= std::numeric_limits<std::size_t>::digits ? kMax : (std::size_t{1} << i);
    c = sat_add(first_, sat_mul(step_, pow - 1));
  }
  return std::min(c, max_total_);
}

std::size_t BatchSchedule::batch_size(std::size_t i) const {
  return i == 0 ? checkpoint(0) : checkpoint(i) - checkpoint(i - 1);
}

std::size_t BatchSchedule::next_batch(std::size_t done) const {
  if (done >= max_total_) return 0;
  std::size_t i = 0;
  if (kind_ == Kind::Fixed) {
    // The first i with first + i step > done.
    i = done < first_ ? 0 : (done - first_) / step_ + 1;
  } else {
    while (checkpoint(i) <= done) ++i;  // at most ~64 steps
  }
  return checkpoint(i) - done;
}

std::vector<std::size_t> BatchSchedule::checkpoints() const {
  std::vector<std::size_t> out;
  for (std::size_t i = 0;; ++i) {
    const std::size_t c = checkpoint(i);
    if (out.empty() || c > out.back()) out.push_back(c);
    if (c >= max_total_) break;
  }
  return out;
}

}  // namespace metron::adapt
