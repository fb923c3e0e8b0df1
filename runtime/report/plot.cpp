// Plot kinds and data blocks (see plot.h).
#include "runtime/report/plot.h"

namespace metron::report {

const char* plot_kind_name(PlotKind k) {
  switch (k) {
    case PlotKind::Time:
      return "time";
    case PlotKind::Rate:
      return "rate";
    case PlotKind::Spread:
      return "spread";
    case PlotKind::Series:
      return "series";
    case PlotKind::Ratio:
      return "ratio";
    case PlotKind::Guideline:
      return "guideline";
    case PlotKind::Refinement:
      return "refinement";
    case PlotKind::Fit:
      return "fit";
    case PlotKind::Clock:
      return "clock";
    case PlotKind::History:
      return "history";
  }
  return "plot";
}

void add_data_block(Plot& p, const std::string& name, const std::vector<std::string>& rows) {
  p.data += "$" + name + " << EOD\n";
  for (const auto& r : rows) p.data += r + "\n";
  p.data += "EOD\n";
}

const char* curve_color(std::size_t i) {
  // Okabe, M. and Ito, K. (2008) "Color Universal Design", with black last.
  static const char* const kColors[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                        "#e69f00", "#56b4e9", "#f0e442", "#000000"};
  return kColors[i % 8];
}

}  // namespace metron::report
