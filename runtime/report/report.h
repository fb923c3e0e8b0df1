// `metron report`: one self-contained report.html for an exec folder, a run folder, a replay or
// a comparison (docs/report.md). No MPI.
#pragma once

#include <cstddef>
#include <string>

#include "runtime/report/report_input.h"

namespace metron::report {

struct ReportOptions {
  ReportRequest request;
  std::string out;      // the HTML file; empty: default_report_path
  std::string gnuplot;  // empty: gnuplot_program()
};

struct ReportOutcome {
  std::string path;         // the file written
  std::size_t plots = 0;    // figures in the page
  std::size_t drawn = 0;    // of which drawn
  bool tool_found = false;  // gnuplot was found
  std::size_t bytes = 0;    // size of the page
};

// The default output path: DIR/report.html; for a comparison of two folders, compare-report.html
// in the current folder (neither results folder is changed by comparing them).
std::string default_report_path(const ReportRequest& r);

// Writes the report; returns 0, or 74 with `error` set when the folder cannot be read or the
// file cannot be written. A missing gnuplot is not an error: the page says so, and `warning`
// says it too.
int write_report(const ReportOptions& o, ReportOutcome& outcome, std::string& error,
                 std::string& warning);

}  // namespace metron::report
