// OrderedSample: an append-only sample with cheap order statistics, counts and sums below a
// value, for statistics that are re-evaluated after every batch (stopping rules).
#pragma once

#include <algorithm>
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
// of interest, a *band*: every stored value inside a fixed value interval [lo, hi], sorted,
// plus the count and sum of the values below lo. A new value costs two comparisons per band,
// and one sorted insertion when it falls inside a band. A query for rank k is answered from a
// band with below <= k < below + count in O(log size); a count or sum below v from a band with
// lo <= v <= hi likewise. When no band covers a query, one band is rebuilt around it in O(n)
// (nth_element), with a margin of max(32, 2 sqrt(n)) ranks on each side; a band that has grown
// past twice what its queries need is cut back in O(size). A full rebuild happens rarely once
// the quantiles settle, so the amortized cost per observation is O(1) plus O(sqrt(n)) memory
// moves for the ~sqrt(n)/n fraction of values that land in a band.
// bench/stop_rule_overhead.cpp measures it.
//
// Ties: a band stores each distinct value once with its count (run-length encoding), with
// cumulative counts computed when a query needs them. A coarse timer can make most observations
// equal (a 2 us operation timed with 1 us resolution); then a band holds a few distinct values with
// huge counts, an insertion is a counter increment, and the band never has to grow or move with the
// tie group.
//
// Results are exact: every answer equals the one a full sort would give. NaN values are not
// stored (they have no rank); nan_count() reports how many were skipped.
class OrderedSample {
 public:
  OrderedSample() = default;
  // A sample holding x (no band yet: the first queries build narrow bands in O(n) each, which
  // is cheaper than a full sort for one-off evaluations on a finished sample).
  explicit OrderedSample(std::span<const double> x) { append(x); }

  // Allocate (and touch, so that the page faults happen now) room for n values, plus the
  // scratch copy that band rebuilds use when order statistics will be queried. Call it before
  // the measurement starts, as the runtime sizes its timestamp arrays; without it the sample
  // grows on demand.
  void reserve(std::size_t n, bool order_statistics = true);

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

  // The k-th smallest value, k 0-based; NaN when k >= size().
  double kth(std::size_t k);
  // The k-th smallest value and how many values are <= it (k + 1 plus the rest of its tie
  // group), from one band lookup. Precondition: k < size().
  struct RankedValue {
    double value = 0.0;
    std::size_t count_less_equal = 0;
  };
  RankedValue kth_with_count(std::size_t k);
  std::size_t count_less(double v);
  std::size_t count_less_equal(double v);
  double sum_less(double v);
  double sum_less_equal(double v);

  std::size_t rebuild_count() const { return rebuilds_; }  // full O(n) rebuilds, for tests
  std::size_t band_count() const { return bands_.size(); }
  std::size_t band_entries() const;  // distinct values held in bands in total (memory, cost)

 private:
  struct Band {
    double lo = 0.0;                   // inclusive; -inf when the band starts at the smallest value
    double hi = 0.0;                   // inclusive; +inf when it ends at the largest value
    std::vector<double> value;         // distinct values in [lo, hi], ascending
    std::vector<std::uint64_t> count;  // how often each occurs
    std::size_t total = 0;             // sum of count: values in [lo, hi]
    // Cumulative counts and sums over the entries [0, i), computed lazily from the first
    // entry that changed. Without ties (total == value.size()) the counts are not needed.
    std::vector<std::uint64_t> cum;
    std::size_t cum_valid = 0;  // cum[0..cum_valid] are up to date
    std::vector<double> cum_sum;
    std::size_t cum_sum_valid = 0;
    std::size_t below = 0;  // values < lo
    double below_sum = 0.0;
    std::uint64_t last_use = 0;

    bool tie_free() const { return total == value.size(); }
    bool covers_ranks(std::size_t a, std::size_t b) const {
      return below <= a && b < below + total;
    }
    bool covers_values(double a, double b) const { return lo <= a && b <= hi; }
    std::size_t values_before(std::size_t i);  // values in the entries [0, i)
    double sum_before(std::size_t i);          // their sum
    std::size_t index_of_rank(std::size_t k);  // entry holding rank k (covered)
    // hits: sorted in place; runs, counts: scratch for their run-length encoding
    void insert(std::vector<double>& hits, std::vector<double>& runs,
                std::vector<std::uint64_t>& counts);
    void insert_each(const std::vector<double>& hits);  // few sorted hits, one at a time
    // many sorted hits, run-length encoded into runs and counts, merged in one backward pass
    void merge_runs(const std::vector<double>& hits, std::vector<double>& runs,
                    std::vector<std::uint64_t>& counts);
    void assign_sorted(std::span<const double> sorted);  // from sorted values, with ties
    // to the ranks a..b of a sample of n it covers: a slice (whole tie groups at the edges)
    void slice(std::size_t a, std::size_t b, std::size_t n);
    void changed_from(std::size_t i) {
      cum_valid = std::min(cum_valid, i);
      cum_sum_valid = std::min(cum_sum_valid, i);
    }
  };

  Band& band_for_ranks(std::size_t k_lo, std::size_t k_hi);
  Band& band_for_values(double v_lo, double v_hi);
  Band& slot_for_rebuild();
  void rebuild(Band& band, std::size_t k_lo, std::size_t k_hi);
  std::size_t margin() const;
  bool too_wide(const Band& band, std::size_t span) const;

  std::vector<double> values_;
  std::vector<Band> bands_;
  std::vector<double> scratch_;  // reused by rebuild()
  std::vector<double> hits_;     // reused by append()
  std::vector<double> runs_;     // reused by Band::insert()
  std::vector<std::uint64_t> run_counts_;
  std::size_t nan_count_ = 0;
  double total_sum_ = 0.0;
  std::size_t rebuilds_ = 0;
  std::uint64_t clock_ = 0;  // counts band uses, for least-recently-used replacement
};

}  // namespace metron::stats
