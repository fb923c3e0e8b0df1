// SKaMPI's autorefine (SKaMPI 5 src/autorefine.c): weighted arithmetic midpoints
// in a priority queue, one point per round, budget = autorefine factor times the regular points.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/adapt/refine_strategy.h"

namespace metron::adapt {
namespace {

// The algorithm, restated (our code, not SKaMPI's):
// - After the regular points, every interval (L, R) of adjacent points gets a candidate at its
//   arithmetic midpoint; for integer loops (L + R) / 2 in integer division, rounded to the
//   loop's multipleof (nearest, ties toward zero); no candidate when that equals L or R.
// - A candidate's weight, with a = the point before L and d = the point after R, is the larger
//   extrapolation error of the neighbouring segments into the interval, scaled by the span:
//     max(|line(R, d)(L) - r_L|, |line(a, L)(R) - r_R|) * (d - a).
//   Before the first and after the last point SKaMPI places a guard, a copy of that point; a line
//   through a point and its copy is flat (interpolate() returns their mean).
// - Per round the heaviest candidate is measured, while measurements < factor * regular points.
//   It becomes a point; the candidates of the intervals just left of L and right of R are
//   re-weighted (their outer neighbour changed) and candidates are added in (L, v) and (v, R).
// - Queue order: by weight, descending; among equal weights the one (re)inserted first. This is
//   the order SKaMPI's insertion intends. Its linked-list insertion has a quirk (a candidate
//   lighter than all but the last goes before the last one), which we do not reproduce: it makes
//   the measured order depend on insertion history rather than on the weights.
// - For non-integer loops SKaMPI ends up with the unrounded arithmetic midpoint (its
//   calculate_weight overwrites the rounded value), so we do not round those either.
class SkampiStrategy final : public RefineStrategy {
 public:
  SkampiStrategy(const RefineConfig& cfg, std::size_t regular) : cfg_(cfg), regular_(regular) {}

  std::vector<double> next(const std::vector<RefinePoint>& curve,
                           const std::vector<RefinePoint>& points, double,
                           std::string* stop) override {
    if (!started_) {
      start(curve);
    } else if (pending_) {
      register_point(*pending_, curve);
    }
    pending_.reset();
    if (cands_.empty()) {
      *stop = kRefineIntervalExhausted;
      return {};
    }
    std::size_t measured = 0;
    for (const RefinePoint& p : points) measured += std::isfinite(p.y) ? 1 : 0;
    if (!(static_cast<double>(measured) < static_cast<double>(regular_) * cfg_.factor)) {
      *stop = kRefinePointsBudget;
      return {};
    }
    const Candidate& top = *std::min_element(cands_.begin(), cands_.end(), heavier);
    pending_ = top.mid;
    return {top.mid};
  }

 private:
  struct Point {
    double x, r;
  };
  struct Candidate {
    double left, right, mid, weight;
    std::uint64_t seq;  // (re)insertion order, for ties
  };
  static bool heavier(const Candidate& l, const Candidate& r) {
    if (l.weight != r.weight) return l.weight > r.weight;
    return l.seq < r.seq;
  }

  void start(const std::vector<RefinePoint>& curve) {
    started_ = true;
    for (const RefinePoint& p : curve) pts_.push_back({p.x, p.y});
    for (std::size_t k = 0; k + 1 < pts_.size(); ++k) add_candidate(pts_[k].x, pts_[k + 1].x);
  }

  std::optional<double> midpoint(double l, double r) const {
    double mid;
    if (cfg_.integer) {
      mid = round_to_multiple(std::trunc((l + r) / 2), cfg_.multiple_of);
      if (mid == l || mid == r) return std::nullopt;  // the interval is exhausted
    } else {
      mid = (l + r) / 2;
    }
    if (!(mid > l && mid < r)) return std::nullopt;  // adjacent doubles, or rounding outside
    return mid;
  }

  std::size_t index_of(double x) const {
    auto it = std::lower_bound(pts_.begin(), pts_.end(), x,
                               [](const Point& p, double v) { return p.x < v; });
    return static_cast<std::size_t>(it - pts_.begin());
  }

  // The weight of the interval starting at point k (SKaMPI 5 src/autorefine.c, with guard copies).
  double weight(std::size_t k) const {
    const std::size_t n = pts_.size();
    const Point& b = pts_[k];
    const Point& c = pts_[k + 1];
    const Point& a = k > 0 ? pts_[k - 1] : b;
    const Point& d = k + 2 < n ? pts_[k + 2] : c;
    const double span = d.x - a.x;
    const double e_left = std::fabs((interpolate(b.x, c.x, c.r, d.x, d.r) - b.r) * span);
    const double e_right = std::fabs((interpolate(c.x, a.x, a.r, b.x, b.r) - c.r) * span);
    return std::max(e_left, e_right);
  }

  void add_candidate(double l, double r) {
    std::optional<double> mid = midpoint(l, r);
    if (!mid) return;
    cands_.push_back({l, r, *mid, weight(index_of(l)), seq_++});
  }

  void reweight(double left) {
    for (Candidate& c : cands_) {
      if (c.left != left) continue;
      c.weight = weight(index_of(left));
      c.seq = seq_++;  // SKaMPI repositions it: removed and inserted again
    }
  }

  // The pending candidate was measured (or not: then it is dropped, so the loop cannot repeat it).
  void register_point(double v, const std::vector<RefinePoint>& curve) {
    auto it =
        std::find_if(cands_.begin(), cands_.end(), [&](const Candidate& c) { return c.mid == v; });
    if (it == cands_.end()) return;
    const double l = it->left;
    const double r = it->right;
    cands_.erase(it);
    auto m =
        std::find_if(curve.begin(), curve.end(), [&](const RefinePoint& p) { return p.x == v; });
    if (m == curve.end()) return;
    const std::size_t k = index_of(v);
    pts_.insert(pts_.begin() + static_cast<std::ptrdiff_t>(k), {v, m->y});
    if (k >= 2) reweight(pts_[k - 2].x);   // interval (prev(L), L)
    if (k + 2 < pts_.size()) reweight(r);  // interval (R, next(R))
    add_candidate(l, v);
    add_candidate(v, r);
  }

  RefineConfig cfg_;
  std::size_t regular_;
  bool started_ = false;
  std::vector<Point> pts_;  // sorted by x
  std::vector<Candidate> cands_;
  std::optional<double> pending_;
  std::uint64_t seq_ = 0;
};

}  // namespace

std::unique_ptr<RefineStrategy> make_skampi_strategy(const RefineConfig& cfg,
                                                     std::size_t regular_points) {
  return std::make_unique<SkampiStrategy>(cfg, regular_points);
}

}  // namespace metron::adapt
