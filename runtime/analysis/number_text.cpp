// Numbers for people (see number_text.h).
#include "runtime/analysis/number_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace metron::analysis {

std::string number_text(double v, NumberStyle style) {
  if (std::isnan(v)) return "n/a";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) v = 0;  // -0 reads as 0
  const int digits = style.significant < 1 ? 1 : style.significant;
  if (!style.keep_zeros) return fmt::format("{:.{}g}", v, digits);
  // The alternate form keeps the zeros, but also adds a point, or ".0", to a number that has
  // its digits already ("100.0" for 100 at three digits): drop what is past the digits asked for.
  std::string s = fmt::format("{:#.{}g}", v, digits);
  const std::size_t e = std::min(s.find('e'), s.size());
  std::size_t significant = 0;
  bool leading = true;
  for (std::size_t i = 0; i < e; ++i) {
    if (s[i] < '0' || s[i] > '9') continue;
    leading = leading && s[i] == '0';
    if (!leading) ++significant;
  }
  if (significant > static_cast<std::size_t>(digits) && e >= 2 && s.compare(e - 2, 2, ".0") == 0)
    s.erase(e - 2, 2);
  else if (e >= 1 && s[e - 1] == '.')
    s.erase(e - 1, 1);
  return s;
}

}  // namespace metron::analysis
