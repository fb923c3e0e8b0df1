// The argument checks of the one-sided family that no shared parameter role covers: assertion
// flags, lock types, info objects, busy-wait delays, message counts and on/off switches, by
// parameter name (SKaMPI's names: assertion, lock_type, info, delay_us, msg_count, do_a_put,
// disjoint). Called by check_op_call (op_checks.h) for OpFamily::OneSided.
#pragma once

#include <optional>
#include <vector>

#include "runtime/plan/op_checks.h"

namespace metron {

std::optional<OpProblem> check_onesided_args(const MeasureFunc& f, const std::vector<Value>& args);

// An info argument: MPI_INFO_NULL or an info object made by info_create (a Spec named "info"
// whose arguments are the key/value pairs).
bool is_info_value(const Value& v);

}  // namespace metron
