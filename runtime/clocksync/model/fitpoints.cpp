// Median fitpoint (Alg. 15) and outlier-filtered RTT (Alg. 17).
#include "runtime/clocksync/model/fitpoints.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "runtime/clocksync/model/linear_fit.h"

namespace metron::rt::clocksync {

RttEstimate estimate_rtt(std::span<double> rtts) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (rtts.empty()) return RttEstimate{kNaN, kNaN};
  std::sort(rtts.begin(), rtts.end());
  // The shortest positive RTT: a clock coarser than a round trip can read 0.
  const auto first_positive = std::upper_bound(rtts.begin(), rtts.end(), 0.0);
  const double fence = first_positive == rtts.end() ? 0.0 : 2.0 * *first_positive;
  double sum = 0.0;
  std::size_t kept = 0;
  for (double r : rtts) {
    if (r > fence) break;
    sum += r;
    ++kept;
  }
  return RttEstimate{sum / static_cast<double>(kept), fence};  // the shortest is always kept
}

std::optional<FitPoint> median_fitpoint(std::span<Exchange> exchanges, double max_rtt_s) {
  const auto end = std::partition(exchanges.begin(), exchanges.end(),
                                  [&](const Exchange& e) { return e.rtt_s <= max_rtt_s; });
  if (end == exchanges.begin()) return std::nullopt;
  const auto mid = exchanges.begin() + (end - exchanges.begin() - 1) / 2;
  std::nth_element(exchanges.begin(), mid, end,
                   [](const Exchange& a, const Exchange& b) { return a.diff_s < b.diff_s; });
  return FitPoint{mid->local_s, mid->diff_s};
}

std::vector<FitPoint> make_fitpoints(std::span<const double> rtts,
                                     std::span<const RawExchange> exchanges, int n_exchanges) {
  std::vector<double> all_rtts(rtts.begin(), rtts.end());
  for (const RawExchange& e : exchanges) all_rtts.push_back(e.received_s - e.sent_s);
  const RttEstimate rtt = estimate_rtt(all_rtts);
  std::vector<FitPoint> points;
  std::vector<Exchange> batch;
  const auto n = static_cast<std::size_t>(n_exchanges);
  for (std::size_t first = 0; first + n <= exchanges.size(); first += n) {
    batch.clear();
    for (const RawExchange& e : exchanges.subspan(first, n)) {
      batch.push_back(Exchange{e.received_s, e.received_s - e.remote_s - rtt.mean_s / 2.0,
                               e.received_s - e.sent_s});
    }
    if (const auto clean = median_fitpoint(batch, rtt.fence_s)) {
      points.push_back(*clean);
    } else {
      FitPoint fp = *median_fitpoint(batch, std::numeric_limits<double>::infinity());
      fp.clean = false;
      points.push_back(fp);
    }
  }
  return points;
}

ClockModel fit_drift_model(std::span<const FitPoint> points) {
  std::size_t clean = 0;
  for (const FitPoint& p : points) clean += p.clean ? 1 : 0;
  const bool clean_only = clean >= 2;
  std::vector<double> xs, ys;
  for (const FitPoint& p : points) {
    if (clean_only && !p.clean) continue;
    xs.push_back(p.x);
    ys.push_back(p.y);
  }
  if (const auto fit = fit_line(xs, ys)) return ClockModel{fit->slope, fit->intercept};
  if (ys.empty()) return ClockModel{};
  const auto mid = ys.begin() + static_cast<std::ptrdiff_t>((ys.size() - 1) / 2);
  std::nth_element(ys.begin(), mid, ys.end());
  return offset_model(*mid);
}

}  // namespace metron::rt::clocksync
