// Short names of compared jobs for people: "Bcast 4 KiB", with the communicator size, loop
// variables and factor levels only where they tell two jobs of the comparison apart (a loop's
// `count` that follows the size says nothing the size does not). No MPI.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/analysis/compare.h"

namespace metron::analysis {

// "0 B", "1 B", "4 KiB", "3000 B": a size exactly, in the largest binary unit that divides it.
std::string bytes_text(std::int64_t bytes);

// One label per comparison, in order. Labels of one block are distinct: where the short form
// would not be, the full JobKey::label is used.
std::vector<std::string> compact_job_labels(const std::vector<Comparison>& cs);

}  // namespace metron::analysis
