// The table `metron quick` prints when it ends, in the layout of the OSU micro-benchmarks (a '#'
// header, one row per message size) with what OSU does not print: the 95% confidence interval
// of each value and the observations behind it. Pure: formats summary.csv rows, no MPI.
#pragma once

#include <string>

#include "runtime/analysis/csv_table.h"

namespace metron::analysis {

// One row per job of `summary` (a summary.csv of one launch). A windowed operation (time_is
// "window": Bandwidth, Bibandwidth, ...) shows MB/s as osu_bw does; every other one its median
// time in microseconds, as osu_latency and osu_allreduce do. Jobs without a value (failed) show
// their stop reason.
std::string osu_style_table(const CsvTable& summary);

}  // namespace metron::analysis
