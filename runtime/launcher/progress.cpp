// Progress line and ETA (see progress.h).
#include "runtime/launcher/progress.h"

#include <fmt/format.h>

#include <cmath>
#include <numeric>

namespace metron::launcher {

std::string format_duration(double seconds) {
  if (std::isnan(seconds) || seconds < 0) return "?";
  long long s = std::llround(seconds);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

double eta_seconds(const std::vector<double>& durations, std::size_t remaining) {
  if (durations.empty()) return std::nan("");
  double mean = std::accumulate(durations.begin(), durations.end(), 0.0) /
                static_cast<double>(durations.size());
  return mean * static_cast<double>(remaining);
}

std::string progress_line(std::size_t position, std::size_t total, const Launch& l,
                          double elapsed_s, double eta_s) {
  std::string what = fmt::format("id {}: replicate {}", l.id, l.replicate);
  for (const auto& lv : l.levels) what += fmt::format(", {}={}", lv.factor, lv.value);
  what += fmt::format(", {} rank{}", l.np, l.np == 1 ? "" : "s");
  return fmt::format("launch {:>{}}/{} ({})  elapsed {}  ETA {}", position,
                     std::to_string(total).size(), total, what, format_duration(elapsed_s),
                     format_duration(eta_s));
}

}  // namespace metron::launcher
