// The name -> bind function table of the operation catalog, from runtime/plan/operations.def.
#include "runtime/ops/catalog.h"

#include <stdexcept>

#include "runtime/ops/op_impl.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/message_error.h"

namespace metron::rt {

namespace {

struct OpEntry {
  std::string_view name;
  ops::BindFn bind;
};

// The operation table, expanded to name -> bind function; its parameters are the plan library's.
constexpr OpEntry kCatalog[] = {
#define OP(name, bind, ...) {#name, ops::bind},
#define PARAM(...)
#include "runtime/plan/operations.def"
#undef PARAM
#undef OP
};

}  // namespace

namespace ops {
BindFn find_bind(std::string_view name) {
  for (const OpEntry& e : kCatalog)
    if (e.name == name) return e.bind;
  return nullptr;
}
}  // namespace ops

bool has_op_impl(std::string_view name) {
  return ops::find_bind(name) != nullptr;
}

std::vector<std::string> unimplemented_measure_funcs() {
  std::vector<std::string> missing;
  for (const MeasureFunc& f : measure_funcs())
    if (!has_op_impl(f.name)) missing.push_back(f.name);
  return missing;
}

OpCall make_op_call(std::string_view name, std::vector<Value> args) {
  const MeasureFunc* f = find_measure_func(name);
  if (!f) throw_message(DiagId::op_unknown_function, name);
  if (args.size() > f->params.size()) throw_message(DiagId::op_too_many_arguments, f->name);
  for (std::size_t i = args.size(); i < f->params.size(); ++i) {
    const Param& p = f->params[i];
    if (!p.default_value) throw_message(DiagId::op_missing_argument, p.name, f->name);
    args.push_back(*p.default_value);
  }
  fill_derived(*f, args);
  return OpCall{f, std::move(args)};
}

}  // namespace metron::rt
