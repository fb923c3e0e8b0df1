// Metron's default refinement: an interval is split only where the measured curve bends by more
// than both the relative tolerance and what the points' confidence intervals allow.
#include "runtime/adapt/refine_metron.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "runtime/adapt/refine_strategy.h"

namespace metron::adapt {
namespace {

// Absolute floor under the relative tolerance, in seconds: mpptest's abstol (RefineTestList in
// mpptest.c; Gropp & Lusk, "Reproducible Measurements of MPI Performance Characteristics" §3.2), so
// that values near zero do not refine on rounding noise.
constexpr double kAbsTolerance_s = 1e-10;

bool assessable(const RefinePoint& p) {
  return std::isfinite(p.lo) && std::isfinite(p.hi);
}

// The smallest width that may still be split: min_gap for integer loops (a size or count cannot
// be finer), and rel_tolerance of the magnitude for every loop. The second bounds how finely a
// switch is located: the tolerance that decides whether a bend matters also decides how precisely
// it is worth placing, and without it a step would be bisected down to one byte.
double resolution(double a, double b, const RefineConfig& cfg) {
  const double rel = cfg.rel_tolerance * std::max(std::fabs(a), std::fabs(b));
  const double abs = cfg.integer ? static_cast<double>(std::max<std::int64_t>(cfg.min_gap, 1)) : 0;
  return std::max(rel, abs);
}

// Geometric midpoints for multiplicative loops: the loop spaces its values evenly in log x, so
// the midpoint in log x keeps the refined grid evenly spaced too; arithmetic otherwise.
double ideal_midpoint(double a, double b, const RefineConfig& cfg) {
  if (cfg.multiplicative && a > 0 && b > 0) return std::sqrt(a * b);
  return a + (b - a) / 2;
}

class MetronStrategy final : public RefineStrategy {
 public:
  explicit MetronStrategy(const RefineConfig& cfg) : cfg_(cfg) {}

  std::vector<double> next(const std::vector<RefinePoint>& curve,
                           const std::vector<RefinePoint>& points, double elapsed_s,
                           std::string* stop) override {
    for (const RefinePoint& p : points) seen_.insert(p.x);  // failed points (NaN y) included
    std::vector<MetronCandidate> cands = metron_candidates(curve, cfg_);
    bool exhausted = false;
    std::vector<MetronCandidate> open;
    for (const MetronCandidate& c : cands) {
      // An x measured or issued before (a point that failed, or that the caller dropped) is not
      // issued again, so the loop ends whatever the caller does with the points.
      if (c.mid && !contains(seen_, *c.mid)) {
        open.push_back(c);
      } else {
        exhausted = true;
      }
    }
    if (open.empty()) {
      *stop = exhausted ? kRefineIntervalExhausted : kRefineConverged;
      return {};
    }
    std::size_t extra = 0;
    for (const RefinePoint& p : points) extra += p.round > 0 ? 1 : 0;
    const std::size_t budget = static_cast<std::size_t>(std::max<std::int64_t>(cfg_.max_points, 0));
    if (extra >= budget) {
      *stop = kRefinePointsBudget;
      return {};
    }
    if (elapsed_s >= cfg_.max_time_s) {
      *stop = kRefineTimeBudget;
      return {};
    }
    std::size_t take = std::min(open.size(), budget - extra);
    // Time: predict a round from the mean cost of the refined points so far and take only as
    // many as fit; at least one, so the budget can be overrun by at most one point's time.
    if (extra > 0 && elapsed_s > 0) {
      const double per_point = elapsed_s / static_cast<double>(extra);
      const double fit = std::floor((cfg_.max_time_s - elapsed_s) / per_point);
      if (fit < static_cast<double>(take)) take = static_cast<std::size_t>(std::max(fit, 1.0));
    }
    // Strongest bends first, so a budget cuts the weakest; ties by x for determinism.
    std::stable_sort(open.begin(), open.end(),
                     [](const MetronCandidate& l, const MetronCandidate& r) {
                       if (l.weight != r.weight) return l.weight > r.weight;
                       return l.a < r.a;
                     });
    std::vector<double> xs;
    for (std::size_t i = 0; i < take; ++i) {
      xs.push_back(*open[i].mid);
      seen_.insert(*open[i].mid);
    }
    return xs;
  }

 private:
  RefineConfig cfg_;
  std::set<double> seen_;  // x values measured or issued so far
};

}  // namespace

MetronBend metron_bend(const std::vector<RefinePoint>& curve, std::size_t i,
                       const RefineConfig& cfg) {
  const RefinePoint& a = curve[i - 1];
  const RefinePoint& b = curve[i];
  const RefinePoint& c = curve[i + 1];
  MetronBend bend{};
  bend.predicted = interpolate(b.x, a.x, a.y, c.x, c.y);
  const double dev = std::fabs(b.y - bend.predicted);
  const double scale = std::fabs(bend.predicted);
  bend.rel = scale > 0 ? dev / scale : (dev > 0 ? std::numeric_limits<double>::infinity() : 0.0);
  bend.beyond_tolerance = dev > cfg.rel_tolerance * scale + kAbsTolerance_s;
  bend.beyond_ci = true;
  if (assessable(a) && assessable(b) && assessable(c)) {
    // Every line through a point of a's CI and a point of c's CI passes x_b inside
    // [band_lo, band_hi] (the weights of the interpolation are non-negative). The bend is
    // beyond noise only if no such line meets b's CI.
    const double band_lo = interpolate(b.x, a.x, a.lo, c.x, c.lo);
    const double band_hi = interpolate(b.x, a.x, a.hi, c.x, c.hi);
    bend.beyond_ci = band_hi < b.lo || band_lo > b.hi;
  }
  return bend;
}

// The rule. A step or a kink strictly inside [x_k, x_k+1] bends the curve at both ends of that
// interval (each end lies off the line through its neighbours), while its neighbouring intervals
// see a bend at one end only. So an interval is a candidate when both of its ends bend
// significantly; a kink that sits exactly on a grid point bends that point alone and is left
// alone, since the grid already locates it. The outermost intervals have one interior end: they
// are candidates when that end bends and the bend is not already explained by the interval on
// its other side (which then is a candidate itself); they get their turn in a later round.
std::vector<MetronCandidate> metron_candidates(const std::vector<RefinePoint>& curve,
                                               const RefineConfig& cfg) {
  std::vector<MetronCandidate> out;
  const std::size_t n = curve.size();
  if (n < 3) return out;  // no interior point: nothing can bend
  std::vector<bool> bent(n, false);
  std::vector<double> rel(n, 0.0);
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const MetronBend b = metron_bend(curve, i, cfg);
    bent[i] = b.significant();
    rel[i] = b.rel;
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    const bool left_interior = k >= 1;
    const bool right_interior = k + 2 < n;
    bool candidate = false;
    double weight = 0;
    if (left_interior && right_interior) {
      candidate = bent[k] && bent[k + 1];
      weight = std::min(rel[k], rel[k + 1]);
    } else if (right_interior) {  // first interval: only x_1 is interior
      candidate = bent[1] && !(3 < n && bent[2]);
      weight = rel[1];
    } else if (left_interior) {  // last interval: only x_n-2 is interior
      candidate = bent[k] && !(k >= 2 && bent[k - 1]);
      weight = rel[k];
    }
    if (!candidate) continue;
    const double a = curve[k].x;
    const double b = curve[k + 1].x;
    MetronCandidate c{a, b, weight, std::nullopt};
    if (b - a > resolution(a, b, cfg)) c.mid = place_on_grid(a, b, ideal_midpoint(a, b, cfg), cfg);
    out.push_back(c);
  }
  return out;
}

std::unique_ptr<RefineStrategy> make_metron_strategy(const RefineConfig& cfg) {
  return std::make_unique<MetronStrategy>(cfg);
}

}  // namespace metron::adapt
