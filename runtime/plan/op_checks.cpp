// The shared operation checks; the messages come from the diagnostics catalogue.
#include "runtime/plan/op_checks.h"

#include <limits>

#include "runtime/plan/mpi_names.h"
#include "runtime/plan/onesided_checks.h"

namespace metron {

namespace {

constexpr std::int64_t kMaxMpiCount = std::numeric_limits<int>::max();

OpProblem problem(DiagId id, int param, std::vector<std::string> args) {
  return OpProblem{id, param, std::move(args)};
}

std::optional<OpProblem> check_param(const MeasureFunc& f, std::size_t i, const Value& v,
                                     std::int64_t tag_ub) {
  const int at = static_cast<int>(i);
  switch (f.params[i].role) {
    case ParamRole::Count:
      if (v.as_int() < 0)
        return problem(DiagId::negative_size, at, {"count", std::to_string(v.as_int())});
      if (v.as_int() > kMaxMpiCount)
        return problem(DiagId::count_too_large, at,
                       {std::to_string(v.as_int()), std::to_string(kMaxMpiCount)});
      break;
    case ParamRole::Iterations:
      if (v.as_int() < 1 || v.as_int() > kMaxMpiCount)
        return problem(DiagId::bad_argument_value, at,
                       {std::to_string(i + 1), f.name, "iterations must be at least 1"});
      break;
    case ParamRole::Time:
      if (v.as_seconds() < 0) return problem(DiagId::negative_size, at, {"time", to_display(v)});
      break;
    case ParamRole::Tag:
      if (tag_ub >= 0 && (v.as_int() < 0 || v.as_int() > tag_ub))
        return problem(DiagId::bad_tag, at,
                       {f.params[i].name, std::to_string(v.as_int()), std::to_string(tag_ub)});
      break;
    case ParamRole::Root:
    case ParamRole::Plain:
      break;
  }
  return std::nullopt;
}

}  // namespace

std::optional<OpProblem> check_op_call(const MeasureFunc& f, const std::vector<Value>& args,
                                       int comm_size, std::int64_t tag_ub) {
  if (comm_size < f.min_ranks)
    return problem(DiagId::needs_two_ranks, -1,
                   {f.name, std::to_string(f.min_ranks), std::to_string(comm_size)});
  for (std::size_t i = 0; i < args.size() && i < f.params.size(); ++i)
    if (auto p = check_param(f, i, args[i], tag_ub)) return p;
  for (std::size_t i = 0; i < args.size() && i < f.params.size(); ++i) {
    if (f.params[i].role != ParamRole::Root) continue;
    const std::int64_t root = args[i].as_int();
    if (root < 0 || root >= comm_size)
      return problem(DiagId::bad_root, static_cast<int>(i),
                     {std::to_string(root), std::to_string(comm_size)});
  }
  if (f.family == OpFamily::OneSided)
    if (auto p = check_onesided_args(f, args)) return p;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i].is(Value::Type::ReduceOp)) continue;
    const ReduceOp op = args[i].as_reduce_op();
    // MPI_REPLACE (and MPI_NO_OP) exist for one-sided accumulates only (MPI 4.0, chapter 12);
    // MPICH rejects them in collectives.
    if (op == ReduceOp::MPI_REPLACE && f.family != OpFamily::OneSided)
      return problem(DiagId::replace_in_collective, static_cast<int>(i), {});
    if (op == ReduceOp::MPI_REPLACE) continue;  // an accumulate's MPI_REPLACE takes any datatype
    for (const Value& d : args)
      if (d.is(Value::Type::Datatype) && !reduction_allowed(op, d.as_datatype()))
        return problem(
            DiagId::datatype_op_mismatch, static_cast<int>(i),
            {std::string(reduce_op_name(op)), std::string(datatype_name(d.as_datatype()))});
  }
  return std::nullopt;
}

}  // namespace metron
