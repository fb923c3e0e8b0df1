// Hockney and LogGP fits of size sweeps (see model_fit.h).
#include "runtime/analysis/model_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include "runtime/adapt/seeded_order.h"
#include "runtime/stats/quantile.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> distinct_sizes(const std::vector<SweepPoint>& p) {
  std::set<double> s;
  for (const auto& x : p) s.insert(x.bytes);
  return {s.begin(), s.end()};
}

std::vector<SweepPoint> within(const std::vector<SweepPoint>& p, double lo, double hi) {
  std::vector<SweepPoint> out;
  for (const auto& x : p)
    if (x.bytes >= lo && x.bytes <= hi) out.push_back(x);
  return out;
}

// BIC of a weighted least-squares fit with k parameters (Gaussian relative errors).
double bic(double wsse, std::size_t n, int k) {
  const double dn = static_cast<double>(n);
  return dn * std::log(std::max(wsse, 1e-300) / dn) + k * std::log(dn);
}

// Percentile bootstrap over launches: resample launch ids, refit each segment on the points of
// the drawn launches (a launch drawn twice counts twice).
void bootstrap(ModelFit& f, const FitOptions& o) {
  std::vector<std::int64_t> ids;
  for (const auto& p : f.points) ids.push_back(p.launch);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  std::map<std::int64_t, std::vector<SweepPoint>> by_launch;
  for (const auto& p : f.points) by_launch[p.launch].push_back(p);
  for (auto& seg : f.segments) {
    seg.alpha_lo = seg.alpha_hi = seg.beta_lo = seg.beta_hi = kNaN;
    seg.one_byte_lo = seg.one_byte_hi = kNaN;
    if (ids.size() < 3) continue;  // resampling two launches says nothing about a third
    std::uint64_t state = o.seed;
    std::vector<double> as, bs, ones;
    for (int r = 0; r < o.resamples; ++r) {
      std::vector<SweepPoint> pts;
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto& l = by_launch[ids[adapt::splitmix64(state) % ids.size()]];
        for (const auto& p : l)
          if (p.bytes >= seg.from_bytes && p.bytes <= seg.to_bytes) pts.push_back(p);
      }
      if (auto fit = fit_line(pts)) {
        as.push_back(fit->alpha);
        bs.push_back(fit->beta);
        ones.push_back(fit->alpha + fit->beta);
      }
    }
    if (as.size() < 2) continue;
    std::sort(as.begin(), as.end());
    std::sort(bs.begin(), bs.end());
    std::sort(ones.begin(), ones.end());
    const double tail = (1 - o.ci_level) / 2;
    seg.alpha_lo = stats::quantile_sorted(as, tail);
    seg.alpha_hi = stats::quantile_sorted(as, 1 - tail);
    seg.beta_lo = stats::quantile_sorted(bs, tail);
    seg.beta_hi = stats::quantile_sorted(bs, 1 - tail);
    seg.one_byte_lo = stats::quantile_sorted(ones, tail);
    seg.one_byte_hi = stats::quantile_sorted(ones, 1 - tail);
  }
}

Segment segment_of(const std::vector<SweepPoint>& p, const LineFit& fit) {
  Segment s;
  auto sizes = distinct_sizes(p);
  s.from_bytes = sizes.front();
  s.to_bytes = sizes.back();
  s.sizes = sizes.size();
  s.points = p.size();
  s.fit = fit;
  return s;
}

}  // namespace

std::optional<LineFit> fit_line(const std::vector<SweepPoint>& p) {
  const auto sizes = distinct_sizes(p);
  if (sizes.size() < 2) return std::nullopt;
  double largest = 0;
  for (const auto& q : p) {
    if (!(q.time_s > 0) || !std::isfinite(q.time_s)) return std::nullopt;
    largest = std::max(largest, q.time_s);
  }
  // Times in units of a power of two near the largest: the division is exact, so the fit is the
  // same, and 1/t^2 neither overflows for tiny times nor vanishes for huge ones.
  const double unit = std::ldexp(1.0, std::ilogb(largest));
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& q : p) {
    const double t = q.time_s / unit;
    const double w = 1 / (t * t);
    sw += w;
    sx += w * q.bytes;
    sy += w * t;
    sxx += w * q.bytes * q.bytes;
    sxy += w * q.bytes * t;
  }
  const double det = sw * sxx - sx * sx;
  if (!(det > 0) || !std::isfinite(det) || !std::isfinite(sxy) || !std::isfinite(sy))
    return std::nullopt;
  double beta = (sw * sxy - sx * sy) / det;
  double alpha = (sy - beta * sx) / sw;
  // A slope whose whole effect over the sweep is below the sums' rounding is none: equal times
  // at every size fit beta = 0, not +-1e-30 and a bandwidth of 1e21 MB/s.
  if (std::fabs(beta) * (sizes.back() - sizes.front()) <= 1e-12 * std::fabs(alpha)) {
    beta = 0;
    alpha = sy / sw;
  }
  LineFit f;
  f.n = p.size();
  double rel = 0;
  for (const auto& q : p) {
    const double t = q.time_s / unit;
    const double r = (t - alpha - beta * q.bytes) / t;
    rel += r * r;
  }
  f.alpha = alpha * unit;
  f.beta = beta * unit;
  f.wsse = rel;
  f.rel_rmse = std::sqrt(rel / static_cast<double>(p.size()));
  return f;
}

ModelFit fit_family(std::vector<SweepPoint> points, const FitOptions& o) {
  ModelFit f;
  f.points = std::move(points);
  f.bic_one = f.bic_two = kNaN;
  auto one = fit_line(f.points);
  if (!one) return f;
  f.segments.push_back(segment_of(f.points, *one));
  f.bic_one = bic(one->wsse, f.points.size(), 2);
  // The best split between two neighbouring sizes, each side with enough sizes.
  const auto sizes = distinct_sizes(f.points);
  double best = std::numeric_limits<double>::infinity();
  std::vector<Segment> two;
  for (std::size_t k = o.min_sizes; k + o.min_sizes <= sizes.size(); ++k) {
    auto a = within(f.points, sizes.front(), sizes[k - 1]);
    auto b = within(f.points, sizes[k], sizes.back());
    auto fa = fit_line(a), fb = fit_line(b);
    if (!fa || !fb || fa->wsse + fb->wsse >= best) continue;
    best = fa->wsse + fb->wsse;
    two = {segment_of(a, *fa), segment_of(b, *fb)};
  }
  if (!two.empty()) {
    // Two lines and the breakpoint: five parameters against two; and a difference that matters.
    f.bic_two = bic(best, f.points.size(), 5);
    if (f.bic_two < f.bic_one && one->rel_rmse > o.min_split_rmse) f.segments = two;
  }
  bootstrap(f, o);
  return f;
}

namespace {

// "block: op, p ranks, factors": what a family has in common.
std::string family_of(const JobKey& key) {
  std::string family = key.block + ": " + key.op + ", " + std::to_string(key.comm_size) +
                       (key.comm_size == 1 ? " rank" : " ranks");
  for (const auto& [k, v] : key.vars) {
    char* end = nullptr;
    std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0') family += ", " + k + "=" + v;  // a text variable
  }
  for (const auto& [k, v] : key.factors) family += ", " + k + "=" + v;
  if (key.occurrence > 0) family += " #" + std::to_string(key.occurrence + 1);
  return family;
}

struct FamilyData {
  ModelFit fit;                    // family, key and time_is; no points yet
  std::set<double> sizes;          // every size of the family's jobs
  std::vector<SweepPoint> points;  // the per-launch medians that are positive and finite
};

UnfittedFamily unfitted_of(const FamilyData& f) {
  UnfittedFamily u;
  u.family = f.fit.family;
  u.sizes = f.sizes.size();
  u.sizes_with_time = distinct_sizes(f.points).size();
  u.min_time_s = u.max_time_s = kNaN;
  for (const auto& p : f.points) {
    if (!(p.time_s >= u.min_time_s)) u.min_time_s = p.time_s;
    if (!(p.time_s <= u.max_time_s)) u.max_time_s = p.time_s;
  }
  return u;
}

}  // namespace

SweepFits fit_sweeps(const ResultsData& d, const FitOptions& o) {
  std::map<std::string, std::size_t> index;
  std::vector<FamilyData> families;
  for (const auto& s : d.jobs) {
    const std::string family = family_of(s.key);
    auto it = index.find(family);
    if (it == index.end()) {
      it = index.emplace(family, families.size()).first;
      FamilyData f;
      f.fit.family = family;
      f.fit.key = s.key;
      f.fit.time_is = s.time_is;
      families.push_back(std::move(f));
    }
    FamilyData& f = families[it->second];
    f.sizes.insert(static_cast<double>(s.key.bytes));
    for (const auto& v : s.launches)
      if (v.median_s > 0 && std::isfinite(v.median_s))
        f.points.push_back({static_cast<double>(s.key.bytes), v.median_s, v.launch});
  }
  SweepFits out;
  for (auto& f : families) {
    if (f.sizes.size() < o.min_sizes) continue;  // no sweep
    if (distinct_sizes(f.points).size() >= o.min_sizes) {
      ModelFit fit = fit_family(f.points, o);
      if (!fit.segments.empty()) {
        fit.family = f.fit.family;
        fit.key = f.fit.key;
        fit.time_is = f.fit.time_is;
        out.fits.push_back(std::move(fit));
        continue;
      }
    }
    out.unfitted.push_back(unfitted_of(f));
  }
  return out;
}

std::optional<LogGP> loggp_of(const ModelFit& f, const Segment& s) {
  const double k = f.time_is == "round_trip" ? 0.5 : f.time_is == "one_way" ? 1.0 : 0.0;
  if (k == 0) return std::nullopt;
  LogGP g;
  g.G_s_per_byte = k * s.fit.beta;
  g.G_lo = k * s.beta_lo;
  g.G_hi = k * s.beta_hi;
  // The one-way time of one byte: alpha + beta, halved for a round trip.
  g.L_plus_2o_s = k * (s.fit.alpha + s.fit.beta);
  g.L_plus_2o_lo = k * s.one_byte_lo;
  g.L_plus_2o_hi = k * s.one_byte_hi;
  return g;
}

}  // namespace metron::analysis
