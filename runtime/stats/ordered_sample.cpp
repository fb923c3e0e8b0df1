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
// Slack before a band counts as too wide, so that small samples never shrink bands.
constexpr std::size_t kMinBandSlack = 256;
// A band unused for this many queries is dropped at the next rebuild (a region the rule no
// longer asks about).
constexpr std::uint64_t kStaleUses = std::uint64_t{1} << 16;
// Up to this many new values per band and batch are inserted one by one (memmove); more are
// merged in one backward pass.
constexpr std::size_t kMaxSingleInserts = 4;

}  // namespace

void OrderedSample::reserve(std::size_t n, bool order_statistics) {
  // Growing with resize() writes every element, which faults the pages in now rather than in
  // the middle of a measurement; shrinking back keeps the capacity.
  if (values_.capacity() < n) {
    const std::size_t keep = values_.size();
    values_.resize(n);
    values_.resize(keep);
  }
  if (order_statistics && scratch_.capacity() < n) {
    const std::size_t keep = scratch_.size();
    scratch_.resize(n);
    scratch_.resize(keep);
  }
}

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
  for (Band& band : bands_) {
    hits_.clear();
    for (std::size_t i = old_size; i < values_.size(); ++i) {
      const Key key{values_[i], i};
      if (key < band.lo) {
        ++band.below;
        band.below_sum += key.v;
        band.below_ties += key.v == band.lo.v;
      } else if (band.hi < key) {
        band.above_ties += key.v == band.hi.v;
      } else {
        hits_.push_back(key);
      }
    }
    if (!hits_.empty()) band.insert(hits_);
  }
}

void OrderedSample::Band::insert(std::vector<Key>& hits) {
  std::sort(hits.begin(), hits.end());
  const auto first = std::upper_bound(sorted.begin(), sorted.end(), hits.front());
  prefix_valid = std::min(prefix_valid, static_cast<std::size_t>(first - sorted.begin()));
  if (hits.size() <= kMaxSingleInserts) {
    for (const Key& h : hits) sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), h), h);
    return;
  }
  // Backward merge: only the elements above the smallest hit move, each once.
  const std::size_t keep = static_cast<std::size_t>(first - sorted.begin());
  std::size_t i = sorted.size();
  std::size_t j = hits.size();
  std::size_t k = i + j;
  sorted.resize(k);
  while (j > 0) {
    if (i > keep && hits[j - 1] < sorted[i - 1]) {
      sorted[--k] = sorted[--i];
    } else {
      sorted[--k] = hits[--j];
    }
  }
}

void OrderedSample::Band::refresh_prefix() {
  prefix.resize(sorted.size() + 1);
  prefix[0] = 0.0;
  for (std::size_t i = prefix_valid; i < sorted.size(); ++i) {
    prefix[i + 1] = prefix[i] + sorted[i].v;
  }
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
  const std::size_t n = values_.size();
  const std::size_t m = margin();
  const std::size_t a = n == 0 ? 0 : (k_lo > m ? k_lo - m : 0);
  const std::size_t b = n == 0 ? 0 : std::min(n - 1, k_hi + m);
  const Key bottom{-kInf, 0};
  const Key top{kInf, kMaxIndex};
  if (n > 0 && band.covers_ranks(a, b)) {
    // Shrinking: the new band is a slice of this one, O(size), no pass over the sample.
    const std::size_t i0 = a - band.below;
    const std::size_t i1 = b - band.below;
    const Key new_lo = a == 0 ? bottom : band.sorted[i0];
    const Key new_hi = b == n - 1 ? top : band.sorted[i1];
    // Values equal to the new edges that the cut leaves outside (plus those already outside).
    std::size_t below_ties = new_lo.v == band.lo.v ? band.below_ties : 0;
    for (std::size_t i = i0; i > 0 && band.sorted[i - 1].v == new_lo.v; --i) ++below_ties;
    std::size_t above_ties = new_hi.v == band.hi.v ? band.above_ties : 0;
    for (std::size_t i = i1 + 1; i < band.sorted.size() && band.sorted[i].v == new_hi.v; ++i) {
      ++above_ties;
    }
    for (std::size_t i = 0; i < i0; ++i) band.below_sum += band.sorted[i].v;
    band.below += i0;
    band.below_ties = below_ties;
    band.above_ties = above_ties;
    band.lo = new_lo;
    band.hi = new_hi;
    band.sorted.erase(band.sorted.begin() + static_cast<std::ptrdiff_t>(i1 + 1), band.sorted.end());
    band.sorted.erase(band.sorted.begin(), band.sorted.begin() + static_cast<std::ptrdiff_t>(i0));
    band.prefix_valid = 0;
    return;
  }
  ++rebuilds_;
  band.sorted.clear();
  band.prefix.assign(1, 0.0);
  band.prefix_valid = 0;
  band.below = 0;
  band.below_sum = 0.0;
  band.below_ties = 0;
  band.above_ties = 0;
  band.lo = bottom;
  band.hi = top;
  if (n == 0) return;
  if (a > 0 || b < n - 1) {
    scratch_.clear();  // keeps the capacity that reserve() faulted in
    for (std::size_t i = 0; i < n; ++i) scratch_.push_back(Key{values_[i], i});
    const auto at_a = scratch_.begin() + static_cast<std::ptrdiff_t>(a);
    std::nth_element(scratch_.begin(), at_a, scratch_.end());
    if (a > 0) band.lo = *at_a;
    if (b < n - 1) {
      const auto at_b = scratch_.begin() + static_cast<std::ptrdiff_t>(b);
      std::nth_element(at_a + 1, at_b, scratch_.end());
      band.hi = *at_b;
    }
    // After the two selections, [a, b] holds exactly the band's keys; below it, the rest.
    band.sorted.assign(at_a, scratch_.begin() + static_cast<std::ptrdiff_t>(b) + 1);
    band.below = a;
    for (std::size_t i = 0; i < a; ++i) {
      band.below_sum += scratch_[i].v;
      band.below_ties += scratch_[i].v == band.lo.v;
    }
    if (b < n - 1) {
      for (std::size_t i = b + 1; i < n; ++i) band.above_ties += scratch_[i].v == band.hi.v;
    }
  } else {
    band.sorted.reserve(n);
    for (std::size_t i = 0; i < n; ++i) band.sorted.push_back(Key{values_[i], i});
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
    if (band.lo.v <= v_hi && v_lo <= band.hi.v) {
      slot = &band;
      break;
    }
  }
  if (slot == nullptr) slot = &slot_for_rebuild();
  // Cover [v_lo, v_hi] with lo.v < v_lo and hi.v > v_hi: from the largest value below v_lo
  // (rank #{x < v_lo} - 1) to the smallest above v_hi (rank #{x <= v_hi}), or the sample's ends.
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
  return *std::min_element(bands_.begin(), bands_.end(),
                           [](const Band& x, const Band& y) { return x.last_use < y.last_use; });
}

void OrderedSample::prepare_ranks(std::size_t k_lo, std::size_t k_hi) {
  if (values_.empty()) return;
  const std::size_t n = values_.size();
  k_hi = std::min(k_hi, n - 1);
  k_lo = std::min(k_lo, k_hi);
  Band& band = band_for_ranks(k_lo, k_hi);
  if (too_wide(band, k_hi - k_lo + 1)) rebuild(band, k_lo, k_hi);
}

void OrderedSample::prepare_values(double v_lo, double v_hi) {
  if (values_.empty() || std::isnan(v_lo) || std::isnan(v_hi)) return;
  if (v_hi < v_lo) std::swap(v_lo, v_hi);
  Band& band = band_for_values(v_lo, v_hi);
  const auto lo_it = std::lower_bound(band.sorted.begin(), band.sorted.end(), Key{v_lo, 0});
  const auto hi_it = std::upper_bound(band.sorted.begin(), band.sorted.end(), Key{v_hi, kMaxIndex});
  const std::size_t span = static_cast<std::size_t>(hi_it - lo_it) + 1;
  if (too_wide(band, span)) {
    // lo_it is the first key >= (v_lo, 0), hi_it the first > (v_hi, max): keep one more on
    // each side so that both query keys stay strictly inside.
    const std::size_t a = band.below + static_cast<std::size_t>(lo_it - band.sorted.begin());
    const std::size_t b = band.below + static_cast<std::size_t>(hi_it - band.sorted.begin());
    rebuild(band, a > 0 ? a - 1 : 0, std::min(b, values_.size() - 1));
  }
}

std::size_t OrderedSample::band_elements() const {
  std::size_t total = 0;
  for (const Band& band : bands_) total += band.sorted.size();
  return total;
}

double OrderedSample::kth(std::size_t k) {
  if (k >= values_.size()) return kNaN;
  const Band& band = band_for_ranks(k, k);
  return band.sorted[k - band.below].v;
}

OrderedSample::Entry OrderedSample::kth_entry(std::size_t k) {
  const Band& band = band_for_ranks(k, k);
  const Key& key = band.sorted[k - band.below];
  return Entry{key.v, key.i};
}

// In the four value queries, keys (v, 0) and (v, max) bracket v's tie group inside the band;
// below_ties / above_ties add the members of the group that lie outside it.
std::size_t OrderedSample::count_less(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  const Band& band = band_for_values(v, v);
  const auto it = std::lower_bound(band.sorted.begin(), band.sorted.end(), Key{v, 0});
  return band.below - (v == band.lo.v ? band.below_ties : 0) +
         static_cast<std::size_t>(it - band.sorted.begin());
}

std::size_t OrderedSample::count_less_equal(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  const Band& band = band_for_values(v, v);
  const auto it = std::upper_bound(band.sorted.begin(), band.sorted.end(), Key{v, kMaxIndex});
  return band.below + static_cast<std::size_t>(it - band.sorted.begin()) +
         (v == band.hi.v ? band.above_ties : 0);
}

double OrderedSample::sum_less(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  band.refresh_prefix();
  const auto it = std::lower_bound(band.sorted.begin(), band.sorted.end(), Key{v, 0});
  const double ties = v == band.lo.v ? static_cast<double>(band.below_ties) * v : 0.0;
  return band.below_sum - ties + band.prefix[static_cast<std::size_t>(it - band.sorted.begin())];
}

double OrderedSample::sum_less_equal(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  band.refresh_prefix();
  const auto it = std::upper_bound(band.sorted.begin(), band.sorted.end(), Key{v, kMaxIndex});
  const double ties = v == band.hi.v ? static_cast<double>(band.above_ties) * v : 0.0;
  return band.below_sum + band.prefix[static_cast<std::size_t>(it - band.sorted.begin())] + ties;
}

}  // namespace metron::stats
