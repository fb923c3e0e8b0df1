// The operation catalog: every measurement function of the operation table
// (runtime/plan/operations.def) mapped to its bind function in runtime/ops.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "runtime/plan/plan.h"

namespace metron::rt {

bool has_op_impl(std::string_view name);

// Registry entries without an implementation (a test keeps this empty).
std::vector<std::string> unimplemented_measure_funcs();

// An OpCall as the front end would build it, for tests and benchmarks that make Jobs by hand:
// the positional arguments given, the declared defaults for the rest, derived values filled
// (Param::same_as). Throws std::invalid_argument for an unknown name, too many
// arguments or a missing required one.
OpCall make_op_call(std::string_view name, std::vector<Value> args);

}  // namespace metron::rt
