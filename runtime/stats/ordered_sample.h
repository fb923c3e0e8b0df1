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
// grown past twice what its queries need is cut back to that in O(size). A full rebuild
// happens rarely once the quantiles settle, so the amortized cost per observation is O(1)
// plus O(sqrt(n)) memmove for the ~sqrt(n)/n fraction of values that land in a band.
// bench/stop_rule_overhead.cpp measures it.
//
// Ties: inside the bands every value carries its arrival index, and values order by (value,
// index). Equal values are then distinct keys, so a band holds exactly the ranks it was built
// for even when the timer's resolution makes thousands of observations equal (a band on plain
// values would have to take a whole tie group, and inserting into a huge band costs O(n)).
// A new observation has the largest index, so it goes after the values equal to it. For the
// value queries, a band also counts the values equal to its edges that lie just outside it.
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
  // The same with the observation's arrival index (its position in values()): equal values
  // rank by index. Precondition: k < size().
  struct Entry {
    double value = 0.0;
    std::uint64_t index = 0;
  };
  Entry kth_entry(std::size_t k);
  std::size_t count_less(double v);
  std::size_t count_less_equal(double v);
  double sum_less(double v);
  double sum_less_equal(double v);

  std::size_t rebuild_count() const { return rebuilds_; }  // for tests and benchmarks
  std::size_t band_count() const { return bands_.size(); }
  std::size_t band_elements() const;  // values held in bands in total (memory, cost)

 private:
  static constexpr std::uint64_t kMaxIndex = ~std::uint64_t{0};

  // (value, arrival index): a total order in which equal values are distinct.
  struct Key {
    double v = 0.0;
    std::uint64_t i = 0;
    friend bool operator<(const Key& a, const Key& b) {
      return a.v < b.v || (a.v == b.v && a.i < b.i);
    }
  };

  struct Band {
    Key lo;                        // inclusive; (-inf, 0) when the band starts at rank 0
    Key hi;                        // inclusive; (+inf, max) when it ends at the largest value
    std::vector<Key> sorted;       // every stored key in [lo, hi], ascending
    std::vector<double> prefix;    // prefix[i] = sum of sorted[0, i).v, computed lazily
    std::size_t prefix_valid = 0;  // prefix[0..prefix_valid] are up to date
    std::size_t below = 0;         // keys < lo
    double below_sum = 0.0;
    std::size_t below_ties = 0;  // keys < lo whose value equals lo.v
    std::size_t above_ties = 0;  // keys > hi whose value equals hi.v
    std::uint64_t last_use = 0;

    bool covers_ranks(std::size_t a, std::size_t b) const {
      return below <= a && b < below + sorted.size();
    }
    // A value query for v needs lo.v <= v <= hi.v; the tie counters cover the rest of v's group.
    bool covers_values(double a, double b) const { return lo.v <= a && b <= hi.v; }
    void insert(std::vector<Key>& hits);
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
  std::vector<Key> scratch_;  // reused by rebuild()
  std::vector<Key> hits_;     // reused by append()
  std::size_t nan_count_ = 0;
  double total_sum_ = 0.0;
  std::size_t rebuilds_ = 0;
  std::uint64_t clock_ = 0;  // counts band uses, for least-recently-used replacement
};

}  // namespace metron::stats
