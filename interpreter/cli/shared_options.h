// Options that several runtime commands declare alike: --finalize-grace (exec, run, replay),
// and the verdicts' --margin, --adjust and --guideline-margin (run, analyze, compare, replay),
// which are read as text and checked when the command runs.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "runtime/stats/p_adjust.h"

namespace metron {

// A time limit in seconds: a finite number above 0 (CLI11's PositiveNumber prints DBL_MAX).
CLI::Validator positive_seconds();

// exec, run, replay --finalize-grace, into `seconds`.
void add_finalize_grace_option(CLI::App& command, double& seconds);

// The verdict options as given on the command line.
struct VerdictText {
  std::string margin = "5%";            // --margin: equivalence margin of the verdicts
  std::string adjust = "holm";          // --adjust: p-value adjustment across the jobs
  std::string guideline_margin = "5%";  // --guideline-margin: minimum slowdown of a violation
};

// --margin and --adjust; false after printing the error.
bool verdict_options(const VerdictText& text, double& margin, stats::PAdjust& adjust);
// run, analyze, replay --guideline-margin, into `text`.
void add_guideline_margin_option(CLI::App& command, VerdictText& text);
// Its value; false after printing the error.
bool guideline_margin_option(const VerdictText& text, double& margin);

}  // namespace metron
