// The registry of measurement functions, expanded from the operation table (operations.def).
#include "runtime/plan/measure_funcs.h"

#include "runtime/plan/skampi_names.h"

#include <unordered_map>

#include "runtime/plan/op_usage.h"

namespace metron {

namespace {

std::vector<MeasureFunc> make_table() {
  std::vector<MeasureFunc> t;
#define REQUIRED std::nullopt
#define SAME_AS(other) Value(), #other
#define PARAM(name, type, role, ...) param(#name, type, ParamRole::role, __VA_ARGS__)
#define OP(name, bind, family, min_ranks, time_of, usage, doc, ...) \
  t.push_back(MeasureFunc{                                          \
      #name, {__VA_ARGS__}, OpFamily::family, min_ranks, TimeOf::time_of, usage, doc});
  // (name, type, role, default[, the parameter a derived default copies])
  auto param = [](const char* name, std::uint32_t type, ParamRole role, std::optional<Value> def,
                  const char* same_as = "") {
    return Param(name, type, std::move(def), role, same_as);
  };
#include "runtime/plan/operations.def"
#undef OP
#undef PARAM
#undef SAME_AS
#undef REQUIRED
  return t;
}

}  // namespace

const char* time_of_name(TimeOf t) {
  switch (t) {
    case TimeOf::OneCall:
      return "call";
    case TimeOf::RoundTrip:
      return "round_trip";
    case TimeOf::OneWay:
      return "one_way";
    case TimeOf::Window:
      return "window";
    case TimeOf::Iteration:
      return "iteration";
  }
  return "call";
}

const char* time_of_text(TimeOf t) {
  switch (t) {
    case TimeOf::OneCall:
      return "one call";
    case TimeOf::RoundTrip:
      return "a round trip";
    case TimeOf::OneWay:
      return "half a round trip (one way)";
    case TimeOf::Window:
      return "one window";
    case TimeOf::Iteration:
      return "one exchange";
  }
  return "one call";
}

std::string param_type_name(std::uint32_t mask) {
  static const std::pair<std::uint32_t, const char*> names[] = {
      {kInt, "integer"},        {kDouble, "double"},
      {kString, "string"},      {kDuration, "time"},
      {kPercent, "percentage"}, {kList, "list"},
      {kDatatype, "datatype"},  {kReduceOp, "reduction operation"},
      {kComm, "communicator"},  {kOp, "measurement function"},
      {kSpec, "option"}};
  if (mask == kNumber) return "number";
  if (mask == kAny) return "value";
  std::string out;
  for (auto [bit, name] : names)
    if (mask & bit) out += (out.empty() ? "" : " or ") + std::string(name);
  return out;
}

bool value_matches(const Value& v, std::uint32_t mask) {
  switch (v.type()) {
    case Value::Type::Int:
      return mask & (kInt | kDouble);  // integers widen to doubles
    case Value::Type::Double:
      return mask & kDouble;
    case Value::Type::String:
      return mask & kString;
    case Value::Type::Duration:
      return mask & kDuration;
    case Value::Type::Percent:
      return mask & kPercent;
    case Value::Type::List:
      return mask & kList;
    case Value::Type::Datatype:
      return mask & kDatatype;
    case Value::Type::ReduceOp:
      return mask & kReduceOp;
    case Value::Type::Comm:
      return mask & kComm;
    case Value::Type::Op:
      return mask & kOp;
    case Value::Type::Spec:
      return mask & kSpec;
    case Value::Type::None:
      return false;
  }
  return false;
}

const std::vector<MeasureFunc>& measure_funcs() {
  static const std::vector<MeasureFunc> table = make_table();
  return table;
}

const MeasureFunc* find_measure_func(std::string_view name) {
  // Looked up for every `measure` and every name the evaluator resolves: hash it.
  static const std::unordered_map<std::string_view, const MeasureFunc*> index = [] {
    std::unordered_map<std::string_view, const MeasureFunc*> m;
    for (const auto& f : measure_funcs()) m.emplace(f.name, &f);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

int MeasureFunc::param_index(std::string_view n) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == n) return static_cast<int>(i);
  return -1;
}

void fill_derived(const MeasureFunc& f, std::vector<Value>& args) {
  for (std::size_t i = 0; i < f.params.size() && i < args.size(); ++i)
    if (!f.params[i].same_as.empty() && args[i].is(Value::Type::None))
      args[i] = args[static_cast<std::size_t>(f.param_index(f.params[i].same_as))];
}

bool is_unsupported_skampi_measure(std::string_view name) {
  // Computed, not listed: a name another engineer adds to the registry stops being unsupported.
  return is_skampi_measurement_name(name) && !find_measure_func(name);
}

std::string signature(const MeasureFunc& f) {
  std::string out = f.name + "(";
  for (std::size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    if (i) out += ", ";
    out += p.name + ": " + param_type_name(p.type);
    if (p.default_value) {
      if (p.default_value->is(Value::Type::None))
        out += " = (derived)";
      else
        out += " = " + to_display(*p.default_value);
    }
  }
  return out + ")";
}

}  // namespace metron
