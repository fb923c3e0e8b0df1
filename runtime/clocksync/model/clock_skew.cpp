// METRON_CLOCK_SKEW parsing.
#include "runtime/clocksync/model/clock_skew.h"
#include "runtime/plan/diagnostics.h"

#include <charconv>
#include <stdexcept>
#include <string>

namespace metron::rt::clocksync {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

[[noreturn]] void bad_entry(std::string_view entry, std::string_view why) {
  throw std::invalid_argument(
      message_text(DiagId::clock_skew_bad_entry, kClockSkewEnv, entry, why));
}

template <typename T>
T parse_number(std::string_view field, std::string_view entry, std::string_view what) {
  field = trim(field);
  T value{};
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (field.empty() || ec != std::errc() || end != field.data() + field.size()) {
    bad_entry(entry, std::string(what) + " expected, got '" + std::string(field) + "'");
  }
  return value;
}

}  // namespace

std::vector<RankSkew> parse_clock_skew(std::string_view text) {
  std::vector<RankSkew> entries;
  if (trim(text).empty()) return entries;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string_view entry = trim(text.substr(0, comma));
    const std::size_t c1 = entry.find(':');
    const std::size_t c2 = c1 == std::string_view::npos ? c1 : entry.find(':', c1 + 1);
    if (c2 == std::string_view::npos || entry.find(':', c2 + 1) != std::string_view::npos) {
      bad_entry(entry, "expected rank:offset_s:drift_ppm");
    }
    RankSkew e;
    e.rank = parse_number<int>(entry.substr(0, c1), entry, "rank");
    e.skew.offset_s = parse_number<double>(entry.substr(c1 + 1, c2 - c1 - 1), entry, "offset_s");
    e.skew.drift_ppm = parse_number<double>(entry.substr(c2 + 1), entry, "drift_ppm");
    if (e.rank < 0) bad_entry(entry, "negative rank");
    for (const RankSkew& other : entries) {
      if (other.rank == e.rank) bad_entry(entry, "rank listed twice");
    }
    entries.push_back(e);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return entries;
}

ClockSkew skew_for_rank(const std::vector<RankSkew>& entries, int rank) {
  for (const RankSkew& e : entries) {
    if (e.rank == rank) return e.skew;
  }
  return ClockSkew{};
}

}  // namespace metron::rt::clocksync
