// mpptest's -auto message lengths (Gropp & Lusk, "Reproducible Measurements of MPI Performance
// Characteristics" §3.2-3.3): breadth-first bisection where a point is off the line through its
// neighbours by more than autorel, down to autodx, then up to four smoothing passes that re-run
// anomalously high points.
#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <vector>

#include "runtime/adapt/refine_strategy.h"

namespace metron::adapt {
namespace {

// mpptest's constants (MPICH's perftest mpptest.c); the limits
// are in refine.h, where refine_budget() reports them.
constexpr int kLevels = kMpptestLevels;
constexpr int kSmoothPasses = kMpptestSmoothPasses;
constexpr std::size_t kPoolSlots = kMpptestPoolSlots;
constexpr double kAbsTolerance_s = 1e-10;
constexpr double kSmoothFactor = 1.1;  // SmoothList re-runs t > 1.1 t_est

// LinearTimeEstBase: the value at curve[i] interpolated from its neighbours; a missing
// neighbour (end point) is the point itself at distance min_dx.
double linear_estimate(const std::vector<RefinePoint>& curve, std::size_t i, double min_dx) {
  const RefinePoint& c = curve[i];
  const bool has_prev = i > 0;
  const bool has_next = i + 1 < curve.size();
  const double t_prev = has_prev ? curve[i - 1].y : c.y;
  const double dn_prev = has_prev ? c.x - curve[i - 1].x : min_dx;
  const double t_next = has_next ? curve[i + 1].y : c.y;
  const double dn_next = has_next ? curve[i + 1].x - c.x : min_dx;
  return t_prev + (dn_prev / (dn_next + dn_prev)) * (t_next - t_prev);
}

// One refinement level and the smoothing passes, as rounds:
// - Level (RefineTestList): each point c that existed before the level is compared with the
//   interpolation of its (pre-level) neighbours; if |t_c - t_est| > autorel t_est + 1e-10 s,
//   both adjacent intervals are bisected, each only if wider than autodx. The left interval is
//   taken from the live list, as mpptest's InsertElm(prev, c) does: when the point before c has
//   just bisected (prev, c), c bisects the right half again, so two adjacent flagged points put
//   points at 1/2 and 3/4 of their interval. Midpoints are (a + b) / 2 in integer division for
//   integer loops, then rounded to the loop's multipleof (Metron's addition; skipped if that
//   lands on a point). All new points of a level form one round.
// - mpptest runs 5 sweeps over all sizes before each level, 6 levels in all, so that noise does
//   not trigger refinements ([MP §3.3]); here every point is measured under the job's stopping
//   rule instead, and the 6 levels stay as mpptest's budget (stop reason round_budget). The pool
//   of 1024 result slots is the points budget (mpptest aborts when it runs out; we stop).
// - Smoothing (SmoothList), after refinement: a point with t > 1.1 t_est is re-run. A pass is a
//   round that re-measures those x values; mpptest keeps the minimum per size, so the re-run can
//   only lower a point (refine_curve() takes the minimum). Passes stop when none is flagged, after
//   4 at most. mpptest re-runs within one sweep, so a later point of a pass already sees an
//   earlier re-run; we flag the whole pass from the values before it.
class MpptestStrategy final : public RefineStrategy {
 public:
  explicit MpptestStrategy(const RefineConfig& cfg) : cfg_(cfg) {}

  std::vector<double> next(const std::vector<RefinePoint>& curve,
                           const std::vector<RefinePoint>& points, double,
                           std::string* stop) override {
    for (const RefinePoint& p : points) seen_.insert(p.x);  // failed points (NaN y) included
    if (!smoothing_) {
      if (levels_ >= kLevels) {
        refine_stop_ = kRefineRoundBudget;
      } else {
        std::vector<double> xs = level(curve);
        if (!xs.empty()) {
          ++levels_;
          return xs;
        }
      }
      smoothing_ = true;
    }
    if (passes_ < kSmoothPasses) {
      std::vector<double> xs;
      for (std::size_t i = 0; i < curve.size(); ++i) {
        if (curve[i].y > kSmoothFactor * linear_estimate(curve, i, min_dx()))
          xs.push_back(curve[i].x);
      }
      if (!xs.empty()) {
        ++passes_;
        return xs;
      }
    }
    *stop = refine_stop_;
    return {};
  }

 private:
  double min_dx() const { return static_cast<double>(std::max<std::int64_t>(cfg_.min_gap, 1)); }

  std::optional<double> midpoint(double a, double b, const std::set<double>& live) const {
    double mid = cfg_.integer ? std::trunc((a + b) / 2) : (a + b) / 2;
    if (cfg_.integer && cfg_.multiple_of > 0) mid = round_to_multiple(mid, cfg_.multiple_of);
    if (!(mid > a && mid < b) || contains(live, mid) || contains(seen_, mid)) return std::nullopt;
    return mid;
  }

  std::vector<double> level(const std::vector<RefinePoint>& curve) {
    std::set<double> live;
    for (const RefinePoint& p : curve) live.insert(p.x);
    std::vector<double> added;
    bool flagged = false;
    bool pool_full = false;
    const double dx = min_dx();
    auto insert = [&](double a, double b) {
      if (!(b - a > dx)) return;
      if (live.size() >= kPoolSlots) {
        pool_full = true;
        return;
      }
      std::optional<double> mid = midpoint(a, b, live);
      if (!mid) return;
      live.insert(*mid);
      seen_.insert(*mid);
      added.push_back(*mid);
    };
    for (std::size_t i = 0; i < curve.size(); ++i) {
      const RefinePoint& c = curve[i];
      const double t_est = linear_estimate(curve, i, dx);
      if (!(std::fabs(c.y - t_est) > cfg_.rel_tolerance * t_est + kAbsTolerance_s)) continue;
      flagged = true;
      if (i > 0) {
        auto it = live.lower_bound(c.x);  // c itself; the live point before it is prev
        insert(*std::prev(it), c.x);
      }
      if (i + 1 < curve.size()) insert(c.x, curve[i + 1].x);
    }
    if (added.empty()) {
      refine_stop_ = pool_full ? kRefinePointsBudget
                     : flagged ? kRefineIntervalExhausted
                               : kRefineConverged;
    }
    return added;
  }

  RefineConfig cfg_;
  bool smoothing_ = false;
  int levels_ = 0;
  int passes_ = 0;
  std::string refine_stop_ = kRefineConverged;
  std::set<double> seen_;  // x values measured or issued so far (never issued again)
};

}  // namespace

std::unique_ptr<RefineStrategy> make_mpptest_strategy(const RefineConfig& cfg) {
  return std::make_unique<MpptestStrategy>(cfg);
}

}  // namespace metron::adapt
