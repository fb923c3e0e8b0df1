// --job FILTER (see series_filter.h).
#include "runtime/history/series_filter.h"

#include <sstream>

namespace metron::history {

std::optional<std::vector<FilterTerm>> parse_series_filter(const std::string& text) {
  std::vector<FilterTerm> out;
  if (text.empty()) return out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (item.empty()) return std::nullopt;
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      out.push_back({"", item});
      continue;
    }
    if (eq == 0) return std::nullopt;
    out.push_back({item.substr(0, eq), item.substr(eq + 1)});
  }
  if (!text.empty() && text.back() == ',') return std::nullopt;
  return out;
}

namespace {

bool term_holds(const SeriesInfo& s, const FilterTerm& t) {
  if (t.field.empty()) return s.name().find(t.value) != std::string::npos;
  if (t.field == "script") return s.script == t.value;
  if (t.field == "machine") return s.machine == t.value;
  if (t.field == "np") return std::to_string(s.np) == t.value;
  if (t.field == "block") return s.block == t.value;
  if (t.field == "op") return s.op == t.value;
  if (t.field == "bytes") return std::to_string(s.bytes) == t.value;
  if (t.field == "comm_size") return std::to_string(s.comm_size) == t.value;
  // A loop variable or launch factor: the label lists them as ", name=value".
  const std::string pair = ", " + t.field + "=" + t.value;
  const auto at = s.label.find(pair);
  if (at == std::string::npos) return false;
  const auto end = at + pair.size();
  return end == s.label.size() || s.label[end] == ',' || s.label[end] == ' ';
}

}  // namespace

bool series_matches(const SeriesInfo& s, const std::vector<FilterTerm>& terms) {
  for (const auto& t : terms)
    if (!term_holds(s, t)) return false;
  return true;
}

}  // namespace metron::history
