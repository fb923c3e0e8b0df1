// The OSU Micro-Benchmarks' program names (osu_latency, osu_bw, osu_allreduce, ...) and the
// measurement function that measures the same operation, so that `metron quick osu_bw` does what
// an OSU user expects (docs/measurements.md compares the two). No MPI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/measure_funcs.h"

namespace metron {

// The measurement function for an OSU program name, or null when the name is not one (or its
// benchmark has no Metron counterpart). Point-to-point and one-sided programs come from a table;
// a collective's program is osu_<name in lower case> (osu_allreduce: Allreduce), its nonblocking
// program osu_i<name> the overlap measurement OSU reports (osu_iallreduce: Iallreduce_overlap),
// and its persistent one osu_<name>_persistent the `_init` function.
const MeasureFunc* osu_measure_func(std::string_view program);

// Every OSU program name that osu_measure_func knows, for "did you mean" suggestions.
std::vector<std::string> osu_program_names();

}  // namespace metron
