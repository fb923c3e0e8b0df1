// Contention readings and their findings (see contention.h).
#include "runtime/adapt/contention.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace metron::adapt {

namespace {

// The number after `key` in `line` ("total=123" -> 123).
std::optional<double> number_after(std::string_view line, std::string_view key) {
  const std::size_t at = line.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  const char* first = line.data() + at + key.size();
  const char* last = line.data() + line.size();
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || end == first) return std::nullopt;
  return static_cast<double>(v);
}

std::string_view first_line(std::string_view text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

std::optional<double> parse_pressure_some_us(std::string_view text) {
  const std::string_view line = first_line(text);
  if (line.substr(0, 5) != "some ") return std::nullopt;
  return number_after(line, " total=");
}

std::optional<CpuTicks> parse_stat_cpu(std::string_view text) {
  std::string_view line = first_line(text);
  if (line.substr(0, 4) != "cpu ") return std::nullopt;
  line.remove_prefix(4);
  double field[8];
  for (double& f : field) {
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), v);
    if (ec != std::errc() || end == line.data()) return std::nullopt;  // an old kernel: no steal
    f = static_cast<double>(v);
    line.remove_prefix(static_cast<std::size_t>(end - line.data()));
  }
  CpuTicks t;
  t.steal = field[7];
  for (double f : field) t.total += f;
  return t;
}

RankContention contention_between(const ContentionSample& a, const ContentionSample& b) {
  RankContention c;
  c.window_s = b.wall_s - a.wall_s;
  if (a.pressure_some_us && b.pressure_some_us && c.window_s > 0)
    c.cpu_pressure = std::max(0.0, (*b.pressure_some_us - *a.pressure_some_us) * 1e-6 / c.window_s);
  if (a.steal_ticks && b.steal_ticks && a.cpu_ticks && b.cpu_ticks) {
    const double ticks = *b.cpu_ticks - *a.cpu_ticks;
    if (ticks >= kMinStealTicks)
      c.cpu_steal = std::max(0.0, (*b.steal_ticks - *a.steal_ticks) / ticks);
  }
  if (a.involuntary_switches && b.involuntary_switches)
    c.involuntary_switches = std::max(0.0, *b.involuntary_switches - *a.involuntary_switches);
  return c;
}

namespace {

// Whether the switch count may flag the job (contention.h: beside CPU pressure, or without it).
bool switches_count(const JobContention& c) {
  if (c.involuntary_switches.max < 0 || c.window_s <= 0) return false;
  return c.cpu_pressure.max < 0 || c.cpu_pressure.max >= kSwitchPressureFloor;
}

}  // namespace

double contention_score(const JobContention& c) {
  double score = 0;
  if (c.cpu_pressure.max >= 0) score = std::max(score, c.cpu_pressure.max / kCpuPressureFlag);
  if (c.cpu_steal.max >= 0) score = std::max(score, c.cpu_steal.max / kCpuStealFlag);
  if (switches_count(c)) {
    const double n = c.involuntary_switches.max;
    score = std::max(score, std::min(n / c.window_s / kSwitchRateFlag, n / kSwitchCountFlag));
  }
  return score;
}

std::string grouped(std::int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return n < 0 ? "-" + digits : digits;
}

std::vector<std::string> contention_findings(const JobContention& c) {
  std::vector<std::string> out;
  if (c.cpu_pressure.max > kCpuPressureFlag)
    out.push_back(fmt::format("CPU pressure {:.0f}% of the job's time on rank {}",
                              100 * c.cpu_pressure.max, c.cpu_pressure.rank));
  const double n = c.involuntary_switches.max;
  if (switches_count(c) && n / c.window_s > kSwitchRateFlag && n > kSwitchCountFlag)
    out.push_back(fmt::format("{} involuntary context switches on rank {} ({}/s)",
                              grouped(std::llround(n)), c.involuntary_switches.rank,
                              grouped(std::llround(n / c.window_s))));
  if (c.cpu_steal.max > kCpuStealFlag)
    out.push_back(fmt::format("steal time {:.0f}% of the CPU time on rank {}",
                              100 * c.cpu_steal.max, c.cpu_steal.rank));
  return out;
}

}  // namespace metron::adapt
