// OrderedSample: banded, run-length-encoded order statistics over an append-only sample
// (design notes in the header).
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
// A band used within this many queries still serves some region of the current evaluation: a
// miss next to it gets a band of its own rather than taking this one over, or two overlapping
// regions (say the median CI and a nearby quantile CI) would rebuild one band in turn, O(n)
// per evaluation.
constexpr std::uint64_t kHotUses = 256;
// Up to this many new values per band and batch are inserted one by one; more are merged in
// one pass.
constexpr std::size_t kMaxSingleInserts = 4;

}  // namespace

void OrderedSample::reserve(std::size_t n, bool order_statistics) {
  // Growing with resize() writes every element, which faults the pages in now rather than in
  // the middle of a measurement; shrinking back keeps the capacity.
  const auto touch = [n](std::vector<double>& v) {
    if (v.capacity() >= n) return;
    const std::size_t keep = v.size();
    v.resize(n);
    v.resize(keep);
  };
  touch(values_);
  if (order_statistics) touch(scratch_);
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
      const double v = values_[i];
      if (v < band.lo) {
        ++band.below;
        band.below_sum += v;
      } else if (v <= band.hi) {
        hits_.push_back(v);
      }
    }
    if (!hits_.empty()) band.insert(hits_, runs_, run_counts_);
  }
}

void OrderedSample::Band::insert(std::vector<double>& hits, std::vector<double>& hv,
                                 std::vector<std::uint64_t>& hc) {
  std::sort(hits.begin(), hits.end());
  if (hits.size() <= kMaxSingleInserts)
    insert_each(hits);
  else
    merge_runs(hits, hv, hc);
}

void OrderedSample::Band::insert_each(const std::vector<double>& hits) {
  for (double h : hits) {
    const auto it = std::lower_bound(value.begin(), value.end(), h);
    const auto i = static_cast<std::size_t>(it - value.begin());
    if (it != value.end() && *it == h) {
      ++count[i];
    } else {
      value.insert(it, h);
      count.insert(count.begin() + static_cast<std::ptrdiff_t>(i), 1);
    }
    ++total;
    changed_from(i);
  }
}

// Merge the run-length-encoded hits into the band in one backward pass: only the entries above
// the smallest hit move.
void OrderedSample::Band::merge_runs(const std::vector<double>& hits, std::vector<double>& hv,
                                     std::vector<std::uint64_t>& hc) {
  hv.clear();
  hc.clear();
  for (double h : hits) {
    if (!hv.empty() && hv.back() == h) {
      ++hc.back();
    } else {
      hv.push_back(h);
      hc.push_back(1);
    }
  }
  const auto keep = static_cast<std::size_t>(
      std::lower_bound(value.begin(), value.end(), hv.front()) - value.begin());
  std::size_t fresh = 0;  // hit values not yet in the band
  for (std::size_t j = 0, i = keep; j < hv.size(); ++j) {
    while (i < value.size() && value[i] < hv[j]) ++i;
    if (i == value.size() || value[i] != hv[j]) ++fresh;
  }
  std::size_t i = value.size();
  std::size_t j = hv.size();
  std::size_t k = i + fresh;
  value.resize(k);
  count.resize(k);
  while (j > 0) {
    if (i > keep && value[i - 1] > hv[j - 1]) {
      --k;
      --i;
      value[k] = value[i];
      count[k] = count[i];
    } else if (i > keep && value[i - 1] == hv[j - 1]) {
      --k;
      --i;
      --j;
      value[k] = value[i];
      count[k] = count[i] + hc[j];
    } else {
      --k;
      --j;
      value[k] = hv[j];
      count[k] = hc[j];
    }
  }
  total += hits.size();
  changed_from(keep);
}

std::size_t OrderedSample::Band::values_before(std::size_t i) {
  if (tie_free()) return i;
  cum.resize(value.size() + 1);
  cum[0] = 0;
  for (std::size_t j = cum_valid; j < value.size(); ++j) cum[j + 1] = cum[j] + count[j];
  cum_valid = value.size();
  return static_cast<std::size_t>(cum[i]);
}

double OrderedSample::Band::sum_before(std::size_t i) {
  cum_sum.resize(value.size() + 1);
  cum_sum[0] = 0.0;
  for (std::size_t j = cum_sum_valid; j < value.size(); ++j) {
    cum_sum[j + 1] = cum_sum[j] + value[j] * static_cast<double>(count[j]);
  }
  cum_sum_valid = value.size();
  return cum_sum[i];
}

void OrderedSample::Band::assign_sorted(std::span<const double> sorted) {
  value.clear();
  count.clear();
  for (double v : sorted) {
    if (!value.empty() && value.back() == v) {
      ++count.back();
    } else {
      value.push_back(v);
      count.push_back(1);
    }
  }
  total = sorted.size();
  cum_valid = 0;
  cum_sum_valid = 0;
}

std::size_t OrderedSample::Band::index_of_rank(std::size_t k) {
  const std::size_t r = k - below;
  if (tie_free()) return r;
  // The entry i with cum[i] <= r < cum[i + 1].
  (void)values_before(0);  // brings cum up to date
  return static_cast<std::size_t>(std::upper_bound(cum.begin(), cum.end(), r) - cum.begin()) - 1;
}

std::size_t OrderedSample::margin() const {
  const auto m = static_cast<std::size_t>(std::ceil(2.0 * std::sqrt(static_cast<double>(size()))));
  return std::max(kMinMargin, m);
}

bool OrderedSample::too_wide(const Band& band, std::size_t span) const {
  // Distinct entries drive the cost (moves on insertion, cumulative counts): a band that is
  // wide only because of a big tie group is cheap and stays.
  return band.value.size() > 2 * (span + 2 * margin()) + kMinBandSlack;
}

void OrderedSample::Band::slice(std::size_t a, std::size_t b, std::size_t n) {
  const std::size_t i0 = index_of_rank(a);
  const std::size_t i1 = index_of_rank(b);
  const std::size_t dropped_below = values_before(i0);
  const std::size_t kept = values_before(i1 + 1) - dropped_below;
  below_sum += sum_before(i0);
  below += dropped_below;
  total = kept;
  lo = a == 0 ? -kInf : value[i0];
  hi = b == n - 1 ? kInf : value[i1];
  const auto cut = [&](auto& v) {
    v.erase(v.begin() + static_cast<std::ptrdiff_t>(i1 + 1), v.end());
    v.erase(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i0));
  };
  cut(value);
  cut(count);
  cum_valid = 0;
  cum_sum_valid = 0;
}

void OrderedSample::rebuild(Band& band, std::size_t k_lo, std::size_t k_hi) {
  const std::size_t n = values_.size();
  const std::size_t m = margin();
  const std::size_t a = n == 0 ? 0 : (k_lo > m ? k_lo - m : 0);
  const std::size_t b = n == 0 ? 0 : std::min(n - 1, k_hi + m);
  if (n > 0 && !band.value.empty() && band.covers_ranks(a, b)) {
    // Shrinking: O(size), no pass over the sample.
    band.slice(a, b, n);
    return;
  }
  ++rebuilds_;
  band.below = 0;
  band.below_sum = 0.0;
  band.lo = -kInf;
  band.hi = kInf;
  if (n == 0) {
    band.assign_sorted({});
    return;
  }
  scratch_.assign(values_.begin(), values_.end());
  if (a > 0) {
    const auto at_a = scratch_.begin() + static_cast<std::ptrdiff_t>(a);
    std::nth_element(scratch_.begin(), at_a, scratch_.end());
    band.lo = *at_a;
  }
  if (b < n - 1) {
    const auto at_b = scratch_.begin() + static_cast<std::ptrdiff_t>(b);
    std::nth_element(scratch_.begin() + static_cast<std::ptrdiff_t>(a), at_b, scratch_.end());
    band.hi = *at_b;
  }
  // Keep every value in [lo, hi], including the parts of the edge tie groups that the
  // selection left outside [a, b]; count and sum the values below lo.
  std::size_t kept = 0;
  for (double v : values_) {
    if (v < band.lo) {
      ++band.below;
      band.below_sum += v;
    } else if (v <= band.hi) {
      scratch_[kept++] = v;
    }
  }
  std::sort(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(kept));
  band.assign_sorted(std::span<const double>(scratch_.data(), kept));
}

OrderedSample::Band& OrderedSample::band_for_ranks(std::size_t k_lo, std::size_t k_hi) {
  ++clock_;
  for (Band& band : bands_) {
    if (band.covers_ranks(k_lo, k_hi)) {
      band.last_use = clock_;
      return band;
    }
  }
  // Prefer rebuilding a band that overlaps the request and is idle: it followed the same
  // quantile, which has drifted out of it.
  Band* slot = nullptr;
  for (Band& band : bands_) {
    const bool idle = clock_ - band.last_use > kHotUses;
    if (idle && band.below <= k_hi && k_lo < band.below + band.total) {
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
    const bool idle = clock_ - band.last_use > kHotUses;
    if (idle && band.lo <= v_hi && v_lo <= band.hi) {
      slot = &band;
      break;
    }
  }
  if (slot == nullptr) slot = &slot_for_rebuild();
  // Cover [v_lo, v_hi] with lo < v_lo and hi > v_hi: from the largest value below v_lo
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
  const auto lo_it = std::lower_bound(band.value.begin(), band.value.end(), v_lo);
  const auto hi_it = std::upper_bound(band.value.begin(), band.value.end(), v_hi);
  const auto i_lo = static_cast<std::size_t>(lo_it - band.value.begin());
  const auto i_hi = static_cast<std::size_t>(hi_it - band.value.begin());
  const std::size_t before_lo = band.values_before(i_lo);
  const std::size_t before_hi = band.values_before(i_hi);
  if (too_wide(band, before_hi - before_lo + 1)) {
    // Ranks of the last value below v_lo and of the first above v_hi, so that the slice keeps
    // lo < v_lo and hi > v_hi (or reaches the sample's ends).
    const std::size_t a = band.below + before_lo;
    const std::size_t b = band.below + before_hi;
    rebuild(band, a > 0 ? a - 1 : 0, std::min(b, values_.size() - 1));
  }
}

std::size_t OrderedSample::band_entries() const {
  std::size_t total = 0;
  for (const Band& band : bands_) total += band.value.size();
  return total;
}

double OrderedSample::kth(std::size_t k) {
  if (k >= values_.size()) return kNaN;
  Band& band = band_for_ranks(k, k);
  return band.value[band.index_of_rank(k)];
}

OrderedSample::RankedValue OrderedSample::kth_with_count(std::size_t k) {
  Band& band = band_for_ranks(k, k);
  const std::size_t i = band.index_of_rank(k);
  return RankedValue{band.value[i], band.below + band.values_before(i + 1)};
}

namespace {

std::size_t entries_below(const std::vector<double>& value, double v) {
  return static_cast<std::size_t>(std::lower_bound(value.begin(), value.end(), v) - value.begin());
}
std::size_t entries_up_to(const std::vector<double>& value, double v) {
  return static_cast<std::size_t>(std::upper_bound(value.begin(), value.end(), v) - value.begin());
}

}  // namespace

std::size_t OrderedSample::count_less(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  Band& band = band_for_values(v, v);
  return band.below + band.values_before(entries_below(band.value, v));
}

std::size_t OrderedSample::count_less_equal(double v) {
  if (values_.empty() || std::isnan(v)) return 0;
  Band& band = band_for_values(v, v);
  return band.below + band.values_before(entries_up_to(band.value, v));
}

double OrderedSample::sum_less(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  return band.below_sum + band.sum_before(entries_below(band.value, v));
}

double OrderedSample::sum_less_equal(double v) {
  if (std::isnan(v)) return kNaN;
  if (values_.empty()) return 0.0;
  Band& band = band_for_values(v, v);
  return band.below_sum + band.sum_before(entries_up_to(band.value, v));
}

}  // namespace metron::stats
