// Numbers in the text the analysis writes for people (tables, sentences, the fit table): one rule
// for precision and for what is not a number, so that a value prints alike wherever it appears.
// Files keep their own round-trip formats (CSV cells are written by out::CsvWriter). No MPI.
#pragma once

#include <string>

namespace metron::analysis {

struct NumberStyle {
  int significant = 4;      // significant digits
  bool keep_zeros = false;  // "1.00" rather than "1": the digits shown say the precision
};

// A ratio or an effect: three significant digits, trailing zeros kept ("0.950", "1.00").
inline constexpr NumberStyle kRatioStyle{3, true};

// NaN: "n/a"; an infinity: "inf" or "-inf"; otherwise the shortest form with `significant`
// digits (fmt's "g": "2.86", "0.0001234", "1.235e+05"), never a trailing decimal point, and
// -0 as "0".
std::string number_text(double v, NumberStyle style = {});

}  // namespace metron::analysis
