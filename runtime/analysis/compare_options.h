// What a comparison is asked for (`metron compare`, replay, the levels of a launch factor): the
// alternative, alpha, the equivalence margin, the correction across jobs, the power of the launch
// plan, the operations paired by the user and --strict; and the parsers of their option text.
// No MPI.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/stats/alternative.h"
#include "runtime/stats/p_adjust.h"

namespace metron::analysis {

struct CompareOptions {
  stats::Alternative alternative = stats::Alternative::TwoSided;
  double alpha = 0.05;
  double margin = 0.05;  // equivalence: B/A within [1 - margin, 1 + margin]
  stats::PAdjust adjust = stats::PAdjust::Holm;
  double power = 0.8;  // of the launch plan for inconclusive verdicts
  // Operations compared with each other (--pair A=B): job of op A against the job of op B with
  // the same size, communicator size, loop variables and factor levels (any block).
  std::vector<std::pair<std::string, std::string>> pairs;
  // --strict: a verdict computed on launches with noise flags is inconclusive (noise_flags.h).
  bool strict = false;
};

// "two-sided" (or R's "two.sided"), "less", "greater"; empty otherwise.
std::optional<stats::Alternative> parse_alternative(const std::string& s);
const char* alternative_name(stats::Alternative a);
// "5%" -> 0.05, "0.05" -> 0.05; empty unless in (0, 1).
std::optional<double> parse_margin(const std::string& s);
// "A=B" -> {A, B}; empty when malformed.
std::optional<std::pair<std::string, std::string>> parse_pair(const std::string& s);

}  // namespace metron::analysis
