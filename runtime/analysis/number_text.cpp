// Numbers for people (see number_text.h).
#include "runtime/analysis/number_text.h"

#include <fmt/format.h>

#include <cmath>

namespace metron::analysis {

std::string number_text(double v, NumberStyle style) {
  if (std::isnan(v)) return "n/a";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) v = 0;  // -0 reads as 0
  const int digits = style.significant < 1 ? 1 : style.significant;
  std::string s = style.keep_zeros ? fmt::format("{:#.{}g}", v, digits)
                                   : fmt::format("{:.{}g}", v, digits);
  // The alternate form keeps the zeros, and also a bare point ("100."): drop the point.
  if (const auto point = s.find('.'); point != std::string::npos && point + 1 == s.size())
    s.pop_back();
  else if (const auto e = s.find('e'); e != std::string::npos && e > 0 && s[e - 1] == '.')
    s.erase(e - 1, 1);
  return s;
}

}  // namespace metron::analysis
