// Report text helpers (see text_format.h).
#include "runtime/report/text_format.h"

#include <fmt/format.h>

#include <cmath>

namespace metron::report {

std::string html_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string gp_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    if (c == '\n' || c == '\r') c = ' ';  // a newline would end the command
    out += c;
  }
  return out + "'";
}

std::string gp_number(double v) {
  if (!std::isfinite(v)) return "NaN";
  return fmt::format("{}", v);
}

std::string size_label(double bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  double v = bytes;
  while (std::fabs(v) >= 1024 && u < 4) {
    v /= 1024;
    ++u;
  }
  if (v == std::floor(v)) return fmt::format("{} {}", static_cast<long long>(v), kUnits[u]);
  return fmt::format("{:.3g} {}", v, kUnits[u]);
}

}  // namespace metron::report
