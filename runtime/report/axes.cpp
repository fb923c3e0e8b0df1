// Axis choices (see axes.h).
#include "runtime/report/axes.h"

#include <algorithm>
#include <cmath>

#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// Tick labels at powers of two between lo and hi, at most about 10 of them: "'1 B' 1, ...".
std::string binary_tics(double lo, double hi) {
  int e0 = static_cast<int>(std::floor(std::log2(lo)));
  int e1 = static_cast<int>(std::ceil(std::log2(hi)));
  int step = std::max(1, (e1 - e0 + 9) / 10);
  std::string tics;
  for (int e = e0; e <= e1; e += step) {
    double v = std::ldexp(1.0, e);
    if (v < lo / 1.01 || v > hi * 1.01) continue;
    tics += (tics.empty() ? "" : ", ") + gp_quote(size_label(v)) + " " + gp_number(v);
  }
  return tics;
}

}  // namespace

double zero_size_x(double min_positive_bytes) {
  return std::isfinite(min_positive_bytes) && min_positive_bytes > 0 ? min_positive_bytes / 2 : 0.5;
}

std::string bytes_x_axis(double lo, double hi, double zero_x) {
  if (!(lo > 0)) lo = zero_x > 0 ? zero_x * 2 : 1;  // only 0 B: the axis around its tick
  if (!(hi >= lo)) hi = lo;
  const double first = zero_x > 0 ? std::min(zero_x, lo) : lo;
  // Some room on both sides so that the first and last points are not on the frame.
  std::string c = "set logscale x 2\n";
  c += "set xrange [" + gp_number(first / 1.5) + ":" + gp_number(hi * 1.5) + "]\n";
  std::string tics = binary_tics(lo, hi);
  if (zero_x > 0)
    tics = gp_quote("0 B") + " " + gp_number(zero_x) + (tics.empty() ? "" : ", ") + tics;
  if (!tics.empty()) c += "set xtics (" + tics + ")\n";
  c += "set xlabel 'message size [bytes], log2 scale'\n";
  return c;
}

std::string numeric_x_axis(const std::string& label, double lo, double hi) {
  std::string c;
  if (lo > 0 && hi / lo >= 100) {
    c += "set logscale x 10\n";
    c += "set xrange [" + gp_number(lo / 1.5) + ":" + gp_number(hi * 1.5) + "]\n";
    c += "set xlabel " + gp_quote(label + " (log scale)") + "\n";
  } else {
    double pad = hi > lo ? (hi - lo) * 0.05 : 0.5;
    c += "set xrange [" + gp_number(lo - pad) + ":" + gp_number(hi + pad) + "]\n";
    c += "set xlabel " + gp_quote(label) + "\n";
  }
  return c;
}

std::string value_y_axis(const std::string& label, const std::vector<double>& values,
                         double log_ratio) {
  double lo = INFINITY, hi = 0;
  for (double v : values)
    if (std::isfinite(v) && v > 0) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (hi > 0 && hi / lo > log_ratio) {
    return "set logscale y 10\nset yrange [" + gp_number(lo / 1.5) + ":" + gp_number(hi * 1.5) +
           "]\nset ylabel " + gp_quote(label + ", log scale") + "\n";
  }
  return "set yrange [0:*]\nset ylabel " + gp_quote(label + ", axis from 0") + "\n";
}

}  // namespace metron::report
