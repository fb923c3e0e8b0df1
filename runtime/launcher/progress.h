// The progress line of `metron run` on stderr: launch i of n, what it is, elapsed time and ETA;
// and the printer that shows it and the notes between launches.
#pragma once

#include <string>
#include <vector>

#include "runtime/launcher/launch_plan.h"

namespace metron::launcher {

// "1:05", "1:02:03"; "?" for NaN.
std::string format_duration(double seconds);

// Mean duration of the finished launches times the launches left; NaN before the first one ends.
double eta_seconds(const std::vector<double>& durations, std::size_t remaining);

// "launch 3/12 (id 7: replicate 1, bcast_alg=binomial, 2 ranks)  elapsed 0:12  ETA 0:40"
std::string progress_line(std::size_t position, std::size_t total, const Launch& l,
                          double elapsed_s, double eta_s);

// The progress line: overwritten in place on a terminal, one line per launch otherwise (logs).
class ProgressPrinter {
 public:
  explicit ProgressPrinter(bool quiet);
  void show(const std::string& line);
  // A message that must stay visible (a failed launch): on its own line.
  void note(const std::string& text);
  void end_line();

 private:
  bool quiet_, tty_, open_ = false;
};

}  // namespace metron::launcher
