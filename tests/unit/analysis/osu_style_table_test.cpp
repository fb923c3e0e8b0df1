// The OSU-style table of `metron quick`: layout, units, CI and the rows of failed jobs.
#include <doctest/doctest.h>

#include "runtime/analysis/osu_style_table.h"

using metron::analysis::CsvTable;
using metron::analysis::osu_style_table;

namespace {

CsvTable table(const std::string& time_is, const std::vector<std::vector<std::string>>& rows) {
  CsvTable t;
  t.header = {"op",       "comm_size",      "bytes",          "used_n",
              "time_is",  "median_s",       "median_ci_lo_s", "median_ci_hi_s",
              "mb_per_s", "mb_per_s_ci_lo", "mb_per_s_ci_hi", "stop_reason"};
  for (const auto& r : rows) {
    std::vector<std::string> row = r;
    row.insert(row.begin() + 4, time_is);
    t.rows.push_back(row);
    t.lines.push_back(t.lines.size() + 2);
  }
  return t;
}

}  // namespace

TEST_CASE("osu-style table: latencies in microseconds with the CI of the median") {
  const CsvTable t = table("one_way", {{"Latency", "2", "0", "1000", "5.71e-07", "5.61e-07",
                                        "5.81e-07", "", "", "", "max_reps"},
                                       {"Latency", "2", "4096", "950", "1.127e-06", "1.117e-06",
                                        "1.137e-06", "3634", "3602", "3667", "rule_met"}});
  CHECK(osu_style_table(t) ==
        "# Latency, 2 ranks: median time, with its 95% CI\n"
        "# Size             Latency (us)                   95% CI        n\n"
        "  0                        0.57             [0.56, 0.58]     1000\n"
        "  4096                     1.13             [1.12, 1.14]      950\n");
}

TEST_CASE("osu-style table: a windowed operation in MB/s; a failed job shows its stop reason") {
  const CsvTable t =
      table("window", {{"Bandwidth", "2", "65536", "572", "3.6e-04", "3.59e-04", "3.63e-04",
                        "11620.4", "11540", "11680.5", "rule_met"},
                       {"Bandwidth", "2", "131072", "0", "", "", "", "", "", "", "error"}});
  CHECK(osu_style_table(t) ==
        "# Bandwidth, 2 ranks: MB/s of the median window, with its 95% CI\n"
        "# Size         Bandwidth (MB/s)                   95% CI        n\n"
        "  65536                11620.40     [11540.00, 11680.50]      572\n"
        "  131072                  error\n");
  CHECK(osu_style_table(CsvTable{}).empty());
}
