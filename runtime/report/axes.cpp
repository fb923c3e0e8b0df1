// Axis choices (see axes.h).
#include "runtime/report/axes.h"

#include <algorithm>
#include <cmath>

#include "runtime/report/text_format.h"

namespace metron::report {

namespace {

// Tick labels at powers of two between lo and hi, at most about 10 of them.
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
  return tics.empty() ? "" : "set xtics (" + tics + ")\n";
}

}  // namespace

std::string bytes_x_axis(double lo, double hi) {
  std::string c = "set xlabel 'message size'\n";
  if (lo > 0 && hi / lo >= 4) {
    // Some room on both sides so that the first and last points are not on the frame.
    c += "set logscale x 2\n";
    c += "set xrange [" + gp_number(lo / 1.5) + ":" + gp_number(hi * 1.5) + "]\n";
    c += binary_tics(lo, hi);
    c += "set xlabel 'message size (log scale)'\n";
  } else {
    double pad = hi > lo ? (hi - lo) * 0.05 : std::max(1.0, lo * 0.5);
    c += "set xrange [" + gp_number(std::max(0.0, lo - pad)) + ":" + gp_number(hi + pad) + "]\n";
    if (lo > 0) c += binary_tics(lo, hi);
  }
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
