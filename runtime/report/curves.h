// Grouping jobs into panels and curves for the plots: one panel per block and operation; its
// x axis is the message size when sizes vary (0 B included, at a tick of its own), else a numeric
// loop variable that varies, else the jobs as categories; one curve per remaining difference
// (communicator size, other loop variables, launch-factor levels, and the folder when two are
// shown). No MPI.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/analysis/results_data.h"

namespace metron::report {

enum class XKind { Bytes, Variable, Category };

struct CurvePoint {
  std::size_t view = 0;  // which of the views passed to make_panels
  std::size_t job = 0;   // index into that view's data.jobs
  double x = 0;  // bytes (0 B at Panel::zero_x), the variable's value, or the category (1, 2, ...)
};

struct Curve {
  std::string label;               // "2 ranks, alg=binomial" (empty when the panel has one curve)
  std::vector<CurvePoint> points;  // sorted by x
};

struct Panel {
  std::string block, op;
  XKind x_kind = XKind::Bytes;
  double zero_x = 0;  // XKind::Bytes with 0-byte jobs: where they are drawn (axes.h zero_size_x)
  std::string x_var;  // XKind::Variable: the loop variable
  std::vector<std::string> categories;  // XKind::Category: label of x = 1, 2, ...
  std::vector<Curve> curves;
  int part = 0, parts = 1;  // a panel with many curves is split into parts
};

// `views[i]` is the data of view i; `view_labels[i]` prefixes its curves when there are several.
std::vector<Panel> make_panels(const std::vector<const analysis::ResultsData*>& views,
                               const std::vector<std::string>& view_labels,
                               std::size_t max_curves_per_panel = 8);

// A short label of a job for a category axis: "Bcast 1 KiB" plus factor levels and loop
// variables that do not follow the size.
std::string job_short_label(const analysis::JobKey& k);

// The panel's title: "block 'bcast': Bcast" (+ " (2/3)" for a part).
std::string panel_title(const Panel& p);

}  // namespace metron::report
