// Progress line and ETA (see progress.h).
#include "runtime/launcher/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
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

ProgressPrinter::ProgressPrinter(bool quiet) : quiet_(quiet), tty_(isatty(2) != 0) {}

void ProgressPrinter::show(const std::string& line) {
  if (quiet_) return;
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    open_ = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
}

void ProgressPrinter::note(const std::string& text) {
  end_line();
  std::fprintf(stderr, "%s\n", text.c_str());
  std::fflush(stderr);
}

void ProgressPrinter::end_line() {
  if (open_) std::fputc('\n', stderr);
  open_ = false;
}

}  // namespace metron::launcher
