// The option text of a comparison parsed (see compare_options.h).
#include "runtime/analysis/compare_options.h"

namespace metron::analysis {

std::optional<stats::Alternative> parse_alternative(const std::string& s) {
  if (s == "two-sided" || s == "two.sided") return stats::Alternative::TwoSided;
  if (s == "less") return stats::Alternative::Less;
  if (s == "greater") return stats::Alternative::Greater;
  return std::nullopt;
}

const char* alternative_name(stats::Alternative a) {
  switch (a) {
    case stats::Alternative::Less:
      return "less";
    case stats::Alternative::Greater:
      return "greater";
    default:
      return "two-sided";
  }
}

std::optional<double> parse_margin(const std::string& s) {
  if (s.empty()) return std::nullopt;
  bool percent = s.back() == '%';
  std::string num = percent ? s.substr(0, s.size() - 1) : s;
  try {
    std::size_t used = 0;
    double v = std::stod(num, &used);
    if (used != num.size()) return std::nullopt;
    if (percent) v /= 100;
    if (v > 0 && v < 1) return v;
  } catch (...) {
  }
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> parse_pair(const std::string& s) {
  auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == s.size() ||
      s.find('=', eq + 1) != std::string::npos)
    return std::nullopt;
  return std::make_pair(s.substr(0, eq), s.substr(eq + 1));
}

}  // namespace metron::analysis
