// Named, typed access to the arguments of an operation call: args.count("count"),
// args.datatype("send_dt"). Bind functions and buffer-use functions read arguments this way, at
// bind time (outside any timed region), so no code depends on a parameter's position.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/value.h"

namespace metron {

class OpArgs {
 public:
  // values: one per parameter of f, in declared order (as OpCall::args).
  OpArgs(const MeasureFunc& f, const std::vector<Value>& values) : f_(&f), values_(&values) {}

  const MeasureFunc& func() const { return *f_; }
  bool has(std::string_view name) const { return f_->param_index(name) >= 0; }
  // The argument of parameter `name`. Throws std::logic_error when the operation has no such
  // parameter (a bind function that does not match its table entry).
  const Value& value(std::string_view name) const;
  std::int64_t count(std::string_view name) const { return value(name).as_int(); }
  std::int64_t integer(std::string_view name) const { return value(name).as_int(); }
  // A predefined datatype only (operations not converted to derived types, see type_desc.h).
  Datatype datatype(std::string_view name) const { return value(name).as_datatype(); }
  // Any datatype, predefined or derived.
  const TypeDesc& type(std::string_view name) const { return value(name).as_type(); }
  ReduceOp reduce_op(std::string_view name) const { return value(name).as_reduce_op(); }
  double seconds(std::string_view name) const { return value(name).as_seconds(); }
  double fraction(std::string_view name) const { return value(name).as_fraction(); }
  double number(std::string_view name) const { return value(name).as_number(); }

 private:
  const MeasureFunc* f_;
  const std::vector<Value>* values_;
};

}  // namespace metron
