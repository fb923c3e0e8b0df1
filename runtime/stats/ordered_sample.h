// OrderedSample: an append-only sample with cheap order statistics, counts and sums below a
// value, for statistics that are re-evaluated after every batch (stopping rules).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace metron::stats {

// Why: a stopping rule such as "ci(median, 95%) within 1%" needs a few order statistics of
// the whole sample after every batch. Sorting (or even nth_element on a copy) after each batch
// costs O(n) per evaluation, i.e. O(n^2 / batch) per job, which dominates a 10^6-observation job
// of a 2 us operation. The statistics that stopping rules use look at ranks that move slowly
// (n q ± z sqrt(n q (1 - q)), quartiles, Tukey fences), so this class keeps, for each region
// of interest, a *band*: the sorted values inside a fixed value interval [lo, hi] plus the
// count and sum of the values below lo. A new value costs two comparisons per band, and one
// sorted insertion when it falls inside a band. A query for rank k is answered from a band
// with below <= k < below + size in O(1); a count or sum below v from a band with lo <= v <= hi
// in O(log size). When no band covers a query, one band is rebuilt around it in O(n)
// (nth_element), with a margin of max(32, 2 sqrt(n)) ranks on each side; a band that has
// grown past twice what its queries need is rebuilt smaller. Both happen rarely once the
// quantiles settle, so the amortized cost per observation is O(1) plus O(sqrt(n)) memmove
// for the ~sqrt(n)/n fraction of values that land in a band. bench/stop_rule_overhead.cpp
// measures it.
//
// Results are exact: every answer equals the one a full sort would give. NaN values are not
// stored (they have no rank); nan_count() reports how many were skipped.
class OrderedSample {
 public:
  OrderedSample() = default;
  // A sample holding x (no band yet: the first queries build narrow bands in O(n) each, which
  // is cheaper than a full sort for one-off evaluations on a finished sample).
  explicit OrderedSample(std::span<const double> x) { append(x); }

  void append(std::span<const double> values);
  std::size_t size() const { return values_.size(); }
  std::span<const double> values() const { return values_; }  // arrival order, NaN skipped
  std::size_t nan_count() const { return nan_count_; }
  double total_sum() const { return total_sum_; }

  // Make one band cover the 0-based ranks [k_lo, k_hi] (clamped to the sample), or the values
  // [v_lo, v_hi]. Queries prepare themselves; calling these first for a group of related
  // queries lets one band answer all of them.
  void prepare_ranks(std::size_t k_lo, std::size_t k_hi);
  void prepare_values(double v_lo, double v_hi);

  // The k-th smallest value, k 0-based and < size(). Precondition: size() > 0.
  double kth(std::size_t k);
  std::size_t count_less(double v);
  std::size_t count_less_equal(double v);
  double sum_less(double v);
  double sum_less_equal(double v);

  std::size_t rebuild_count() const { return rebuilds_; }  // for tests and benchmarks
  std::size_t band_count() const { return bands_.size(); }

 private:
  struct Band {
    double lo = 0.0;  // inclusive; -inf when the band starts at rank 0
    double hi = 0.0;  // inclusive; +inf when it ended at the largest value
    std::vector<double> sorted;  // every stored value in [lo, hi], ascending
    std::vector<double> prefix;  // prefix[i] = sum of sorted[0, i), computed lazily
    std::size_t prefix_valid = 0;  // prefix[0..prefix_valid] are up to date
    std::size_t below = 0;  // values < lo
    double below_sum = 0.0;
    std::size_t wanted_span = 0;  // ranks its queries asked for at the last (re)build
    std::uint64_t last_use = 0;

    bool covers_ranks(std::size_t a, std::size_t b) const {
      return below <= a && b < below + sorted.size();
    }
    bool covers_values(double a, double b) const { return lo <= a && b <= hi; }
    void insert(std::vector<double>& hits);
    void refresh_prefix();
  };

  Band& band_for_ranks(std::size_t k_lo, std::size_t k_hi);
  Band& band_for_values(double v_lo, double v_hi);
  Band& slot_for_rebuild();
  void rebuild(Band& band, std::size_t k_lo, std::size_t k_hi);
  std::size_t margin() const;
  bool too_wide(const Band& band, std::size_t span) const;

  std::vector<double> values_;
  std::vector<Band> bands_;
  std::vector<double> scratch_;  // reused by rebuild() and append()
  std::size_t nan_count_ = 0;
  double total_sum_ = 0.0;
  std::size_t rebuilds_ = 0;
  std::uint64_t clock_ = 0;  // counts band uses, for least-recently-used replacement
};

}  // namespace metron::stats
