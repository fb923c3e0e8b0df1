// `metron analyze DIR`: analysis.csv and the terminal table for a results folder, plus, for each
// launch factor with an environment variable and several levels, its levels compared job by job
// (comparisons.csv), and the `expect` guidelines checked (guidelines.csv). Also run at the end of
// `metron run` and of a replay. No MPI.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "runtime/analysis/model_fit.h"
#include "runtime/stats/p_adjust.h"

namespace metron::analysis {

struct AnalyzeOptions {
  bool print = true;     // the tables on stdout
  double alpha = 0.05;   // for the level comparisons
  double margin = 0.05;  // their equivalence margin
  stats::PAdjust adjust = stats::PAdjust::Holm;
  double guideline_margin = 0.05;  // minimum slowdown of a guideline violation
  bool print_guidelines = true;    // the guideline table on stdout (also when print is false)
  bool print_claims = true;        // the claim sentences on stdout (with print or print_guidelines)
  // When set: the checked claims as the run manifest records them (claims_json), or an empty
  // array when the plan has none.
  nlohmann::json* claims = nullptr;
  // --fit hockney|loggp: fits.csv and fit_points.csv, and the fit table (docs/statistics.md);
  // empty: no fit. The peak, when given, is what the fits are related to.
  std::string fit;
  PeakBound peak;
  bool strict = false;  // --strict: verdicts on launches with noise flags are inconclusive
  // When set, the tables are appended here instead of printed (a replay prints them after its
  // own header).
  std::string* text = nullptr;
};

// Returns an exit code (0, or 74 when the folder cannot be read or written); `error` says why.
int analyze_folder(const std::string& dir, const AnalyzeOptions& o, std::string& error);

}  // namespace metron::analysis
