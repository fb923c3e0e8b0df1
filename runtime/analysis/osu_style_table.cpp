// The OSU-style table of `metron quick` (see osu_style_table.h).
#include "runtime/analysis/osu_style_table.h"
#include "runtime/results/result_columns.h"

#include <fmt/format.h>

#include <cmath>

namespace metron::analysis {

namespace {

std::string value_text(double v) {
  return std::isfinite(v) ? fmt::format("{:.2f}", v) : std::string("n/a");
}

std::string ci_text(double lo, double hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return "n/a";
  return fmt::format("[{:.2f}, {:.2f}]", lo, hi);
}

}  // namespace

std::string osu_style_table(const CsvTable& summary) {
  if (summary.rows.empty()) return "";
  const bool window = summary.cell(0, col::time_is) == "window";
  const std::string op = summary.cell(0, col::op);
  const std::string ranks = summary.cell(0, col::comm_size);
  std::string out =
      window
          ? fmt::format("# {}, {} ranks: MB/s of the median window, with its 95% CI\n", op, ranks)
          : fmt::format("# {}, {} ranks: median time, with its 95% CI\n", op, ranks);
  out += fmt::format("# {:<10} {:>18} {:>24} {:>8}\n", "Size",
                     window ? "Bandwidth (MB/s)" : "Latency (us)", "95% CI", "n");
  for (std::size_t r = 0; r < summary.rows.size(); ++r) {
    const std::string& size = summary.cell(r, col::bytes);
    const std::string& n = summary.cell(r, col::used_n);
    double v, lo, hi;
    if (window) {
      v = cell_double(summary.cell(r, col::mb_per_s));
      lo = cell_double(summary.cell(r, col::mb_per_s_ci_lo));
      hi = cell_double(summary.cell(r, col::mb_per_s_ci_hi));
    } else {
      v = 1e6 * cell_double(summary.cell(r, col::median_s));
      lo = 1e6 * cell_double(summary.cell(r, col::median_ci_lo_s));
      hi = 1e6 * cell_double(summary.cell(r, col::median_ci_hi_s));
    }
    if (!std::isfinite(v)) {
      out += fmt::format("  {:<10} {:>18}\n", size, summary.cell(r, col::stop_reason));
      continue;
    }
    out += fmt::format("  {:<10} {:>18} {:>24} {:>8}\n", size, value_text(v), ci_text(lo, hi), n);
  }
  return out;
}

}  // namespace metron::analysis
