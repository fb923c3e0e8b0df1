// Hunter's change points (definitions and sources in hunter_change_points.h).
#include "runtime/stats/hunter_change_points.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "runtime/stats/edivisive.h"
#include "runtime/stats/two_sample_t.h"

namespace metron::stats {

namespace {

using Segments = std::vector<std::pair<std::size_t, std::size_t>>;

// The change at `index` tested between [s, index) and [index, e).
HunterChange tested(std::span<const double> z, std::size_t s, std::size_t index, std::size_t e,
                    double q) {
  const TwoSampleT t = student_t_test(z.subspan(s, index - s), z.subspan(index, e - index));
  HunterChange c;
  c.index = index;
  c.q = q;
  c.p_value = t.p;
  c.mean_before = t.mean_x;
  c.mean_after = t.mean_y;
  return c;
}

bool significant(double p, double level) {
  return !std::isnan(p) && p <= level;
}

// E-Divisive inside [a, b) with the t-test at `level`: the changes found, in order of finding.
std::vector<HunterChange> window_changes(std::span<const double> z, std::size_t a, std::size_t b,
                                         std::span<const std::size_t> cuts, double level,
                                         double alpha) {
  std::vector<HunterChange> found;
  Segments segments = {{a, b}};
  for (;;) {
    SplitCandidate best;
    std::size_t at = 0;
    bool any = false;
    for (std::size_t i = 0; i < segments.size(); ++i) {
      SplitCandidate c = best_split(z, segments[i].first, segments[i].second, cuts, alpha, 1);
      if (std::isnan(c.q)) continue;
      if (!any || c.q > best.q) best = c, at = i, any = true;
    }
    if (!any) break;
    const auto [s, e] = segments[at];
    HunterChange c = tested(z, s, best.tau, e, best.q);
    if (!significant(c.p_value, level)) break;
    found.push_back(c);
    segments[at] = {s, best.tau};
    segments.insert(segments.begin() + static_cast<std::ptrdiff_t>(at) + 1, {best.tau, e});
  }
  return found;
}

// Each change's test between its neighbours (or the ends).
void retest(std::span<const double> z, std::vector<HunterChange>& changes, std::size_t i) {
  if (i >= changes.size()) return;
  const std::size_t s = i == 0 ? 0 : changes[i - 1].index;
  const std::size_t e = i + 1 == changes.size() ? z.size() : changes[i + 1].index;
  changes[i] = tested(z, s, changes[i].index, e, changes[i].q);
}

void merge(std::span<const double> z, std::vector<HunterChange>& changes, const HunterOptions& o) {
  while (!changes.empty()) {
    auto p_of = [](const HunterChange& c) { return std::isnan(c.p_value) ? 1.0 : c.p_value; };
    auto weakest =
        std::max_element(changes.begin(), changes.end(),
                         [&](const auto& a, const auto& b) { return p_of(a) < p_of(b); });
    if (p_of(*weakest) < o.max_p) {
      weakest = std::min_element(changes.begin(), changes.end(), [](const auto& a, const auto& b) {
        return a.magnitude() < b.magnitude();
      });
      if (weakest->magnitude() > o.min_magnitude) return;
    }
    const std::size_t i = static_cast<std::size_t>(weakest - changes.begin());
    changes.erase(weakest);
    retest(z, changes, i);
    if (i > 0) retest(z, changes, i - 1);
  }
}

}  // namespace

double HunterChange::magnitude() const {
  auto rel = [](double a, double b) { return b == 0.0 ? 0.0 : std::fabs(a / b - 1.0); };
  return std::max(rel(mean_after, mean_before), rel(mean_before, mean_after));
}

std::vector<HunterChange> hunter_change_points(std::span<const double> z,
                                               std::span<const std::size_t> cuts,
                                               const HunterOptions& o) {
  // Group starts: where each run's values begin, and the end.
  std::vector<std::size_t> starts = {0};
  if (cuts.empty()) {
    for (std::size_t i = 1; i < z.size(); ++i) starts.push_back(i);
  } else {
    for (std::size_t c : cuts)
      if (c > 0 && c < z.size()) starts.push_back(c);
  }
  const std::size_t groups = z.empty() ? 0 : starts.size();
  starts.push_back(z.size());
  const double level = o.max_p < 0.05 ? o.max_p * 10 : o.max_p < 0.5 ? o.max_p * 2 : o.max_p;
  const std::size_t window = std::max<std::size_t>(o.window, 2), step = window / 2;
  std::vector<HunterChange> changes;
  for (std::size_t g = 0; g < groups;) {
    const std::size_t end = std::min(g + window, groups);
    std::size_t last_group = 0;
    for (const HunterChange& c : window_changes(z, starts[g], starts[end], cuts, level, o.alpha)) {
      const auto at = std::lower_bound(starts.begin(), starts.end(), c.index);
      last_group = std::max(last_group, static_cast<std::size_t>(at - starts.begin()));
      auto same = [&](const HunterChange& x) { return x.index == c.index; };
      if (std::none_of(changes.begin(), changes.end(), same)) changes.push_back(c);
    }
    g = std::max(last_group, g + step);
  }
  std::sort(changes.begin(), changes.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  for (std::size_t i = 0; i < changes.size(); ++i) retest(z, changes, i);
  merge(z, changes, o);
  return changes;
}

}  // namespace metron::stats
