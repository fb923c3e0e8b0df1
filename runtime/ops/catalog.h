// The operation catalog: every measurement function of the front end's registry
// (measure_funcs()) mapped to its implementation in runtime/ops.
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
// the positional arguments given, the declared defaults for the rest, derived values filled by
// the function's normalize. Throws std::invalid_argument for an unknown name, too many
// arguments or a missing required one.
OpCall make_op_call(std::string_view name, std::vector<Value> args);

}  // namespace metron::rt
