// OrderedSample: banded order statistics over an append-only sample (design notes in the header).
#include "runtime/stats/ordered_sample.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace metron::stats {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// A rule with more regions of interest than this thrashes (still exact, only slower).
constexpr std::size_t kMaxBands = 16;
constexpr std::size_t kMinMargin = 32;
// Slack before a band counts as too wide, so that small samples never rebuild for size.
constexpr std::size_t kMinBandSlack = 256;
// A band unused for this many queries is dropped at the next rebuild (a region the rule no
// longer asks about, e.g. after the quantile it followed moved away).
constexpr std::uint64_t kStaleUses = std::uint64_t{1} << 16;
// Up to this many new values per band and batch are inserted one by one (memmove); more are
// merged in one backward pass.
constexpr std::size_t kMaxSingleInserts = 4;

}  // namespace

void OrderedSample::append(std::span<const double> values) {
  const std::size_t old_size = values_.size();
  for (double v : values) {
    if (std::isnan(v)) {
      ++nan_count_;
      continue;
    }
    values_.push_back(v);
    total_sum_ += v;
  }
  const std::span<const double> added(values_.data() + old_size, values_.size() - old_size);
  for (Band& band : bands_) {
    scratch_.clear();
    for (double v : added) {
      if (v < band.lo) {
        ++band.below;
        band.below_sum += v;
      } else if (v <= band.hi) {
        scratch_.push_back(v);
      }
    }
    if (!scratch_.empty()) band.insert(scratch_);
  }
}

void OrderedSample::Band::insert(std::vector<double>& hits) {
  std::sort(hits.begin(), hits.end());
  const auto first = std::upper_bound(sorted.begin(), sorted.end(), hits.front());
  prefix_valid = std::min(prefix_valid, static_cast<std::size_t>(first - sorted.begin()));
  if (hits.size() <= kMaxSingleInserts) {
    for (double h : hits) sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), h), h);
    return;
  }
  // Backward merge: only the elements above the smallest hit move, each once.
  const std::size_t keep = static_cast<std::size_t>(first - sorted.begin());
  std::size_t i = sorted.size();
  std::size_t j = hits.size();
  std::size_t k = i + j;
  sorted.resize(k);
  while (j > 0) {
    if (i > keep && sorted[i - 1] > hits[j - 1]) {
      sorted[--k] = sorted[--i];
    } else {
      sorted[--k] = hits[--j];
    }
  }
}

void OrderedSample::Band::refresh_prefix() {
  prefix.resize(sorted.size() + 1);
  prefix[0] = 0.0;
  for (std::size_t i = prefix_valid; i < sorted.size(); ++i) prefix[i + 1] = prefix[i] + sorted[i];
  prefix_valid = sorted.size();
}

std::size_t OrderedSample::margin() const {
  const auto m = static_cast<std::size_t>(std::ceil(2.0 * std::sqrt(static_cast<double>(size()))));
  return std::max(kMinMargin, m);
}

bool OrderedSample::too_wide(const Band& band, std::size_t span) const {
  return band.sorted.size() > 2 * (span + 2 * margin()) + kMinBandSlack;
}

void OrderedSample::rebuild(Band& band, std::size_t k_lo, std::size_t k_hi) {
  ++rebuilds_;
  const std::size_t n = values_.size();
  band.sorted.clear();
  band.prefix.assign(1, 0.0);
  band.prefix_valid = 0;
  band.below = 0;
  band.below_sum = 0.0;
  band.wanted_span = k_hi - k_lo + 1;
  band.lo = -kInf;
  band.hi = kInf;
  if (n == 0) return;
  const std::size_t m = margin();
  const std::size_t a = k_lo > m ? k_lo - m : 0;
  const std::size_t b = std::min(n - 1, k_hi + m);
  if (a > 0 || b < n - 1) {
    scratch_.assign(values_.begin(), values_.end());
    const auto at_a = scratch_.begin() + static_cast<std::ptrdiff_t>(a);
    std::nth_element(scratch_.begin(), at_a, scratch_.end());
    const double va = *at_a;
    double vb = va;
    if (b > a) {
      const auto at_b = scratch_.begin() + static_cast<std::ptrdiff_t>(b);
      std::nth_element(at_a + 1, at_b, scratch_.end());
      vb = *at_b;
    }
    if (a > 0) band.lo = va;
    if (b < n - 1) band.hi = vb;
  }
  // Scan the originals rather than slicing scratch_: values tied with lo or hi outside [a, b]
  // belong in the band too.
  for (double v : values_) {
    if (v < band.lo) {
      ++band.below;
      band.below_sum += v;
    } else if (v <= band.hi) {
      band.sorted.push_back(v);
    }
  }
  std::sort(band.sorted.begin(), band.sorted.end());
}

OrderedSample::Band& OrderedSample::band_for_ranks(std::size_t k_lo, std::size_t k_hi) {
  ++clock_;
  for (Band& band : bands_) {
    if (band.covers_ranks(k_lo, k_hi)) {
      band.last_use = clock_;
      return band;
    }
  }
  // Prefer rebuilding a band that overlaps the request: it follows the same quantile, which
  // has drifted out of it.
  Band* slot = nullptr;
  for (Band& band : bands_) {
    if (band.below <= k_hi && k_lo < band.below + band.sorted.size()) {
      slot = &band;
      break;
    }
  }
  if (slot == nullptr) slot = &slot_for_rebuild();
  rebuild(*slot, k_lo, k_hi);
  slot->last_use = clock_;
  return *slot;
}

OrderedSample::Band& OrderedSample::band_for_values(double v_lo, double v_hi) {
  ++clock_;
  for (Band& band : bands_) {
    if (band.covers_values(v_lo, v_hi)) {
      band.last_use = clock_;
      return band;
    }
  }
  Band* slot = nullptr;
  for (Band& band : bands_) {
    if (band.lo <= v_hi && v_lo <= band.hi) {
      slot = &band;
      break;
    }
  }
  if (slot == nullptr) slot = &slot_for_rebuild();
  // Ranks that bracket [v_lo, v_hi]: the largest value below v_lo and the smallest above v_hi.
  std::size_t less = 0;
  std::size_t less_equal = 0;
  for (double v : values_) {
    less += v < v_lo;
    less_equal += v <= v_hi;
  }
  const std::size_t n = values_.size();
  const std::size_t a = less > 0 ? less - 1 : 0;
  const std::size_t b = std::min(less_equal, n - 1);
  rebuild(*slot, a, std::max(a, b));
  slot->last_use = clock_;
  return *slot;
}

OrderedSample::Band& OrderedSample::slot_for_rebuild() {
  std::erase_if(bands_, [&](const Band& band) { return clock_ - band.last_use > kStaleUses; });
  if (bands_.size() < kMaxBands) return bands_.emplace_back();
  return *std::min_element(bands_.begin(), bands_.end(), [](const Band& x, const Band& y) {
    return x.last_use < y.last_use;
  });
}

void OrderedSample::prepare_ranks(std::size_t k_lo, std::size_t k_hi) {
  if (values_.empty()) return;
  const std::size_t n = values_.size();
  k_hi = std::min(k_hi, n - 1);
  k_lo = std::min(k_lo, k_hi);
  Band& band = band_for_ranks(k_lo, k_hi);
  const std::size_t span = k_hi - k_lo + 1;
  band.wanted_span = span;
  if (too_wide(band, span)) rebuild(band, k_lo, k_hi);
}

void OrderedSample::prepare_values(double v_lo, double v_hi) {
  if (values_.empty() || std::isnan(v_lo) || std::isnan(v_hi)) return;
  if (v_hi < v_lo) std::swap(v_lo, v_hi);
  Band& band = band_for_values(v_lo, v_hi);
  const auto lo_it = std::lower_bound(band.sorted.begin(), band.sorted.end(), v_lo);
  const auto hi_it = std::upper_bound(band.sorted.begin(), band.sorted.end(), v_hi);
  const std::size_t span = static_cast<std::size_t>(hi_it - lo_it) + 1;
  band.wanted_span = span;
  if (too_wide(band, span)) {
    const std::size_t a = band.below + static_cast<std::size_t>(lo_it - band.sorted.begin());
    const std::size_t b = band.below + static_cast<std::size_t>(hi_it - band.sorted.begin());
    // a is the rank of the first value >= v_lo, b of the first value > v_hi; widen by one on
    // each side so that lo < v_lo and hi > v_hi (or the band reaches the sample's ends).
    rebuild(band, a > 0 ? a - 1 : 0, std::min(b, values_.size() - 1));
  }
}

double OrderedSample::kth(std::size_t k) {
  if (k >= values_.size()) return kNaN;
  const Band& band = band_for_ranks(k, k);
  return band.sorted[k - band.below];
}

std::size_t OrderedSample::count_less(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  const Band& band = band_for_values(v, v);
  return band.below +
         static_cast<std::size_t>(std::lower_bound(band.sorted.begin(), band.sorted.end(), v) -
                                  band.sorted.begin());
}

std::size_t OrderedSample::count_less_equal(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  const Band& band = band_for_values(v, v);
  return band.below +
         static_cast<std::size_t>(std::upper_bound(band.sorted.begin(), band.sorted.end(), v) -
                                  band.sorted.begin());
}

double OrderedSample::sum_less(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  band.refresh_prefix();
  const auto i = std::lower_bound(band.sorted.begin(), band.sorted.end(), v) - band.sorted.begin();
  return band.below_sum + band.prefix[static_cast<std::size_t>(i)];
}

double OrderedSample::sum_less_equal(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  band.refresh_prefix();
  const auto i = std::upper_bound(band.sorted.begin(), band.sorted.end(), v) - band.sorted.begin();
  return band.below_sum + band.prefix[static_cast<std::size_t>(i)];
}

}  // namespace metron::stats
