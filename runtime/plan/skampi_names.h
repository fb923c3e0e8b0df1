// Every name SKaMPI 5 defines for scripts, from its sources: the measurement functions
// (measure_* of src/measurements/*.c: MPI-1, one-sided, MPI-IO, and SKaMPI 6's OpenSHMEM) and
// the script functions and iterators (func_*, iterator_*, and the setters of src/measurement.c).
// A measurement name that Metron's registry lacks is "not supported" (an error, a warning with
// --skip-unsupported), never "unknown", so a SKaMPI suite gets a clear answer. Every function
// name is a builtin (tests/unit/plan/skampi_names_test.cpp checks it).
#pragma once

#include <span>
#include <string_view>

namespace metron {

std::span<const std::string_view> skampi_measurement_names();
std::span<const std::string_view> skampi_function_names();

bool is_skampi_measurement_name(std::string_view name);

}  // namespace metron
