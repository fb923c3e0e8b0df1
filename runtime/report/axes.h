// Axis choices shared by the plot builders, following Hoefler & Belli's rules (Scientific
// Benchmarking of Parallel Computing Systems, rule 12 and §5.2): binary sizes on a log2 axis
// with binary tick labels; a value axis either starts at 0 or is logarithmic, and its label
// says which, so that no axis is truncated silently. No MPI.
#pragma once

#include <string>
#include <vector>

namespace metron::report {

// Where 0 B is drawn on a log2 axis of message sizes, which has no 0: one octave left of the
// smallest positive size (0.5 when the sizes are 0 and 1 B), at a tick of its own.
double zero_size_x(double min_positive_bytes);

// Gnuplot commands for an x axis of message sizes, always log2 (binary sizes, as OSU sweeps
// them), from lo to hi (> 0, the positive sizes) with binary tick labels "1 B", "1 KiB", ...;
// zero_x > 0 adds a tick "0 B" there (zero_size_x) for the 0-byte points. Labelled with its unit.
std::string bytes_x_axis(double lo, double hi, double zero_x = 0);
// An x axis of another numeric variable: log10 when lo > 0 and hi / lo >= 100, else linear.
std::string numeric_x_axis(const std::string& label, double lo, double hi);

// A value axis ('y') for positive quantities (times, rates): logarithmic when the values span
// more than `log_ratio` (max / min over the positive finite values), else linear from 0. The
// label gets ", log scale" or ", axis from 0".
std::string value_y_axis(const std::string& label, const std::vector<double>& values,
                         double log_ratio = 30);

}  // namespace metron::report
