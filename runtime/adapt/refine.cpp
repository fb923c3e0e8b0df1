// Refiner: dispatch to the algorithm, round counting, the effective curve, and the helpers the
// algorithms share (interpolation, midpoints on the loop's grid).
#include "runtime/adapt/refine.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "runtime/adapt/refine_strategy.h"

namespace metron::adapt {

std::string refine_algorithm_name(RefineAlgorithm a) {
  switch (a) {
    case RefineAlgorithm::Metron:
      return "metron";
    case RefineAlgorithm::Skampi:
      return "skampi";
    case RefineAlgorithm::Mpptest:
      return "mpptest";
  }
  return "metron";
}

Refiner::Refiner(RefineConfig cfg, std::size_t regular_points)
    : cfg_(cfg), regular_(regular_points) {
  switch (cfg_.algorithm) {
    case RefineAlgorithm::Metron:
      strategy_ = make_metron_strategy(cfg_);
      break;
    case RefineAlgorithm::Skampi:
      strategy_ = make_skampi_strategy(cfg_, regular_);
      break;
    case RefineAlgorithm::Mpptest:
      strategy_ = make_mpptest_strategy(cfg_);
      break;
  }
}

Refiner::~Refiner() = default;
Refiner::Refiner(Refiner&&) noexcept = default;
Refiner& Refiner::operator=(Refiner&&) noexcept = default;

std::vector<double> Refiner::next(const std::vector<RefinePoint>& points, double elapsed_s) {
  if (!stop_reason_.empty()) return {};
  std::vector<double> xs =
      strategy_->next(refine_curve(cfg_.algorithm, points), points, elapsed_s, &stop_reason_);
  if (xs.empty()) {
    if (stop_reason_.empty()) stop_reason_ = kRefineConverged;
    return xs;
  }
  ++round_;
  return xs;
}

RefineBudget refine_budget(const RefineConfig& cfg, std::size_t regular_points) {
  RefineBudget b;
  const auto m = static_cast<std::int64_t>(regular_points);
  switch (cfg.algorithm) {
    case RefineAlgorithm::Metron:
      b.max_added_points = std::max<std::int64_t>(cfg.max_points, 0);
      b.max_time_s = cfg.max_time_s;
      break;
    case RefineAlgorithm::Skampi:
      // SKaMPI measures while measurements < factor * m: the smallest count >= factor * m.
      b.max_measurements =
          std::max(m, static_cast<std::int64_t>(std::ceil(cfg.factor * static_cast<double>(m))));
      b.max_added_points = b.max_measurements - m;
      break;
    case RefineAlgorithm::Mpptest:
      // The pool holds the grid too; re-runs of the smoothing passes repeat existing sizes.
      b.max_added_points =
          std::max<std::int64_t>(static_cast<std::int64_t>(kMpptestPoolSlots) - m, 0);
      b.max_levels = kMpptestLevels;
      b.max_smoothing_passes = kMpptestSmoothPasses;
      break;
  }
  return b;
}

std::vector<RefinePoint> refine_curve(RefineAlgorithm a, const std::vector<RefinePoint>& points) {
  // Per x the chosen point. mpptest keeps the minimum over its tests ([MP §3.1]: "the only time
  // that is reproducible is the minimum"), so a re-run can only lower a point; otherwise a later
  // measurement replaces an earlier one (SKaMPI's insert_element overwrites the result).
  std::map<double, RefinePoint> by_x;
  for (const RefinePoint& p : points) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
    auto [it, inserted] = by_x.try_emplace(p.x, p);
    if (inserted) continue;
    RefinePoint& have = it->second;
    const bool replace = a == RefineAlgorithm::Mpptest ? p.y < have.y : p.round >= have.round;
    if (replace) have = p;
  }
  std::vector<RefinePoint> out;
  out.reserve(by_x.size());
  for (auto& [x, p] : by_x) out.push_back(p);
  return out;
}

double interpolate(double x, double x1, double y1, double x2, double y2) {
  if (x1 == x2) return (y1 + y2) / 2;
  return y1 + (x - x1) * (y2 - y1) / (x2 - x1);
}

double round_to_multiple(double i, std::int64_t m) {
  const double md = static_cast<double>(std::max<std::int64_t>(m, 1));
  const double below = std::floor(i / md) * md;  // the multiple at or below i
  const double above = below == i ? i : below + md;
  const double d_below = i - below;
  const double d_above = above - i;
  if (d_below < d_above) return below;
  if (d_above < d_below) return above;
  return i >= 0 ? below : above;  // a tie goes toward zero
}

std::optional<double> place_on_grid(double a, double b, double ideal, const RefineConfig& cfg) {
  if (!(a < b)) return std::nullopt;
  auto inside = [&](double v) { return v > a && v < b; };
  if (!cfg.integer) {
    if (inside(ideal)) return ideal;
    return std::nullopt;
  }
  const double step = cfg.multiple_of > 0 ? static_cast<double>(cfg.multiple_of) : 1.0;
  // The grid values just below and above the ideal midpoint; prefer the nearer one that lies
  // strictly inside (a, b), so that a rounding onto an end point falls back to the other side.
  const double lo = std::floor(ideal / step) * step;
  const double hi = lo == ideal ? lo : lo + step;
  const bool lo_first = ideal - lo <= hi - ideal;
  const double first = lo_first ? lo : hi;
  const double second = lo_first ? hi : lo;
  if (inside(first)) return first;
  if (inside(second)) return second;
  return std::nullopt;
}

}  // namespace metron::adapt
