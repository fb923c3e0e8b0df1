// The shared operation checks; the messages come from the diagnostics catalogue.
#include "runtime/plan/op_checks.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "runtime/plan/io_checks.h"
#include "runtime/plan/mpi_names.h"
#include "runtime/plan/onesided_checks.h"
#include "runtime/plan/op_args.h"
#include "runtime/plan/rma_names.h"

namespace metron {

namespace {

constexpr std::int64_t kMaxMpiCount = std::numeric_limits<int>::max();

OpProblem problem(DiagId id, int param, std::vector<std::string> args) {
  return OpProblem{id, param, std::move(args)};
}

// The one-sided roles: names of a window kind, a sync mode, a lock type.
std::optional<OpProblem> check_rma_param(const MeasureFunc& f, std::size_t i, const Value& v) {
  const int at = static_cast<int>(i);
  switch (f.params[i].role) {
    case ParamRole::RmaWindow:
      if (!rma_window_kind_named(v.as_string()))
        return problem(DiagId::bad_rma_window_kind, at, {v.as_string(), rma_window_kind_names()});
      break;
    case ParamRole::RmaSync:
      if (!rma_sync_named(v.as_string()))
        return problem(DiagId::bad_rma_sync_mode, at, {v.as_string(), rma_sync_names()});
      break;
    case ParamRole::RmaActiveSync: {
      const auto s = rma_sync_named(v.as_string());
      if (s != RmaSync::Fence && s != RmaSync::Pscw)
        return problem(DiagId::bad_rma_active_sync, at, {v.as_string(), f.name});
      break;
    }
    case ParamRole::RmaLock:
      if (!rma_lock_named(v.as_string()))
        return problem(DiagId::bad_rma_lock_type, at, {v.as_string(), rma_lock_names()});
      break;
    default:
      break;
  }
  return std::nullopt;
}

// The integer roles with a fixed range: a window, MPI_Test calls, dimensions, threads, I/O
// transfers.
std::optional<OpProblem> check_bounded_param(const MeasureFunc& f, std::size_t i, const Value& v) {
  const ParamRole role = f.params[i].role;
  const std::int64_t lo = role == ParamRole::Tests ? 0 : 1;
  const std::int64_t hi = role == ParamRole::Window        ? kMaxWindow
                          : role == ParamRole::Tests       ? kMaxTests
                          : role == ParamRole::Threads     ? kMaxThreads
                          : role == ParamRole::IoTransfers ? kMaxIoTransfers
                                                           : kMaxDims;
  if (v.as_int() < lo || v.as_int() > hi)
    return problem(
        DiagId::arg_out_of_range, static_cast<int>(i),
        {f.params[i].name, std::to_string(v.as_int()), std::to_string(lo), std::to_string(hi)});
  return std::nullopt;
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
        return problem(DiagId::bad_arg_iterations, at, {std::to_string(i + 1), f.name});
      break;
    case ParamRole::Time:
      if (v.as_seconds() < 0) return problem(DiagId::negative_size, at, {"time", to_display(v)});
      // A wait of hours is a typing slip, and 1e10s would overflow the wait in nanoseconds.
      if (!(v.as_seconds() <= kMaxComputeSeconds))
        return problem(DiagId::arg_out_of_range, at,
                       {f.params[i].name, to_display(v), "0s", "3600s"});
      break;
    case ParamRole::Tag:
      if (tag_ub >= 0 && (v.as_int() < 0 || v.as_int() > tag_ub))
        return problem(DiagId::bad_tag, at,
                       {f.params[i].name, std::to_string(v.as_int()), std::to_string(tag_ub)});
      break;
    case ParamRole::RmaWindow:
    case ParamRole::RmaSync:
    case ParamRole::RmaActiveSync:
    case ParamRole::RmaLock:
      return check_rma_param(f, i, v);
    case ParamRole::Window:
    case ParamRole::Tests:
    case ParamRole::Dims:
    case ParamRole::Threads:
    case ParamRole::IoTransfers:
      return check_bounded_param(f, i, v);
    case ParamRole::Flag:
      if (v.as_int() != 0 && v.as_int() != 1)
        return problem(DiagId::bad_arg_flag, at, {std::to_string(i + 1), f.name, f.params[i].name});
      break;
    case ParamRole::Compute:
      // !(x >= 0) also catches NaN.
      if (!(v.as_seconds() >= 0) || v.as_seconds() > kMaxComputeSeconds)
        return problem(DiagId::arg_out_of_range, at,
                       {f.params[i].name, to_display(v), "0s", "3600s"});
      break;
    case ParamRole::Root:
    case ParamRole::Plain:
      break;
  }
  return std::nullopt;
}

// The arguments of SKaMPI's functions whose range depends on other arguments (operations.def,
// section skampi1): times, myalltoallv's ratio, Par_Pingpong_Send_Recv's pairs.
std::optional<OpProblem> check_skampi_args(const MeasureFunc& f, const std::vector<Value>& args,
                                           int comm_size) {
  static const std::string_view mine[] = {"delayed_Alltoall", "delayed_Gather",
                                          "waitpattern_up",   "waitpattern_down",
                                          "myalltoallv",      "Par_Pingpong_Send_Recv"};
  if (std::find(std::begin(mine), std::end(mine), f.name) == std::end(mine)) return std::nullopt;
  const OpArgs a(f, args);
  // "bad argument #N to 'f' (...)" about param, with the reason's own arguments.
  auto bad = [&](std::string_view param, DiagId id, std::vector<std::string> more = {}) {
    const int at = f.param_index(param);
    std::vector<std::string> args{std::to_string(at + 1), f.name};
    args.insert(args.end(), more.begin(), more.end());
    return problem(id, at, std::move(args));
  };
  for (const char* t : {"delay", "scale"})
    if (a.has(t) && !(a.seconds_or_number(t) >= 0)) return bad(t, DiagId::bad_arg_negative, {t});
  if (a.has("ratio")) {
    const double ratio = a.number("ratio");
    if (!(ratio > 0) || !std::isfinite(ratio)) return bad("ratio", DiagId::bad_arg_ratio);
    const double most = std::max(ratio, 1 / ratio) * static_cast<double>(comm_size) *
                        static_cast<double>(std::max(a.count("send_count"), a.count("recv_count")));
    if (most > static_cast<double>(kMaxMpiCount)) return bad("ratio", DiagId::bad_arg_ratio_count);
  }
  if (a.has("nodesize")) {
    const std::int64_t procs = a.integer("procs"), nodesize = a.integer("nodesize");
    if (procs < 1) return bad("procs", DiagId::bad_arg_procs);
    if (nodesize < procs) return bad("nodesize", DiagId::bad_arg_nodesize);
    if (nodesize > comm_size / 2)
      return bad("nodesize", DiagId::bad_arg_nodesize_pairs, {std::to_string(comm_size)});
  }
  return std::nullopt;
}

// Synthetic's factors on its time: bounded so that the longest wait of any rank (time times
// 1 + imbalance + noise, times transient_factor, plus delay) stays far inside 64-bit nanoseconds.
std::optional<OpProblem> check_synthetic_args(const MeasureFunc& f,
                                              const std::vector<Value>& args) {
  if (f.family != OpFamily::Synthetic || f.name != std::string_view("Synthetic"))
    return std::nullopt;
  const OpArgs a(f, args);
  auto out = [&](std::string_view param, const std::string& lo, const std::string& hi) {
    return problem(DiagId::arg_out_of_range, f.param_index(param),
                   {std::string(param), to_display(a.value(param)), lo, hi});
  };
  for (const char* p : {"imbalance", "noise"})
    if (!(a.fraction(p) <= kMaxSyntheticFactor)) return out(p, "0%", "10000%");
  if (!(a.seconds("delay") <= kMaxComputeSeconds)) return out("delay", "0s", "3600s");
  if (!(a.number("transient_factor") <= kMaxSyntheticFactor * 10))
    return out("transient_factor", "0", "1000");
  return std::nullopt;
}

// A derived datatype argument: the family must accept them, and the type must be one a buffer of
// consecutive elements can hold and verification can check (see type_desc.h).
std::optional<OpProblem> check_derived(const MeasureFunc& f, std::size_t i, const TypeDesc& t) {
  const int at = static_cast<int>(i);
  if (!accepts_derived_types(f.family))
    return problem(DiagId::derived_type_not_accepted, at, {f.name, t.display()});
  // Overlap is allowed for sending only, but every Metron operation with a datatype receives
  // with it on some rank (ping-pongs, Bcast) or verifies a stream whose bytes would be ambiguous.
  if (t.overlaps()) return problem(DiagId::derived_type_overlaps, at, {t.display()});
  // The hand-made versions and PGMPI's mock-ups copy a rank's own blocks with memcpy, which
  // would miss (or clobber) data past the extent of an interleaving resized type.
  if (f.family == OpFamily::HandMade && t.tail_bytes() > 0)
    return problem(DiagId::derived_type_tail_copied, at,
                   {f.name, t.display(), std::to_string(t.tail_bytes())});
  if (t.true_lb() < 0)
    return problem(DiagId::derived_type_negative_lb, at,
                   {t.display(), std::to_string(-t.true_lb())});
  if (t.extent() <= 0)
    return problem(DiagId::derived_type_no_extent, at, {t.display(), std::to_string(t.extent())});
  return std::nullopt;
}

// Elements of a type with data past its extent (a resized column) interleave; too many of them
// in one buffer overlap. The largest buffer of the call says how many are laid one after the
// other (p blocks of count for Alltoall, a window for Bandwidth).
std::optional<OpProblem> check_consecutive(const MeasureFunc& f, const std::vector<Value>& args,
                                           int comm_size) {
  if (!f.usage || f.params.size() != args.size()) return std::nullopt;
  const BufferUse u = f.usage(OpArgs(f, args), comm_size);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i].is(Value::Type::Datatype)) continue;
    const TypeDesc& t = args[i].as_type();
    if (t.is_basic() || t.tail_bytes() == 0 || t.extent() <= 0) continue;
    const std::int64_t n = std::max(u.send_bytes, u.recv_bytes) / t.extent();
    if (t.elements_overlap(n))
      return problem(DiagId::derived_type_elements_overlap, static_cast<int>(i),
                     {std::to_string(n), t.display(), std::to_string(t.extent()),
                      std::to_string(t.true_extent())});
  }
  return std::nullopt;
}

}  // namespace

bool accepts_derived_types(OpFamily family) {
  switch (family) {
    case OpFamily::Collective:
    case OpFamily::PingPong:
    case OpFamily::HandMade:
    case OpFamily::PointToPoint:
    case OpFamily::Nonblocking:
    case OpFamily::Io:  // memtype, etype and filetype (io_checks.h, ops/io_skampi_binding.cpp)
      return true;
    // Persistent: MPICH 4.0 releases a derived type's reference at every completion of a
    // persistent collective and again at MPI_Request_free, and aborts on the negative count
    // (an MPI_Allgather_init on MPI_Type_contiguous(2, MPI_INT), started twice, shows it).
    // Synthetic moves no data; the others read args.datatype() only.
    default:
      return false;
  }
}

std::optional<OpProblem> check_op_call(const MeasureFunc& f, const std::vector<Value>& args,
                                       int comm_size, std::int64_t tag_ub) {
  if (comm_size < f.min_ranks)
    return problem(DiagId::needs_two_ranks, -1,
                   {f.name, std::to_string(f.min_ranks), std::to_string(comm_size)});
  for (std::size_t i = 0; i < args.size() && i < f.params.size(); ++i)
    if (auto p = check_param(f, i, args[i], tag_ub)) return p;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i].is(Value::Type::Datatype) && !args[i].as_type().is_basic())
      if (auto p = check_derived(f, i, args[i].as_type())) return p;
  if (f.family == OpFamily::Io)
    if (auto p = check_io_types(f, args, comm_size)) return p;
  if (auto p = check_consecutive(f, args, comm_size)) return p;
  for (std::size_t i = 0; i < args.size() && i < f.params.size(); ++i) {
    if (f.params[i].role != ParamRole::Root) continue;
    const std::int64_t root = args[i].as_int();
    if (root < 0 || root >= comm_size)
      return problem(DiagId::bad_root, static_cast<int>(i),
                     {std::to_string(root), std::to_string(comm_size)});
  }
  if (auto p = check_skampi_args(f, args, comm_size)) return p;
  if (auto p = check_synthetic_args(f, args)) return p;
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
    // MPI 4.0 §6.9.1: the predefined reductions work only with the predefined types listed in
    // §6.9.2 (MPICH accepts some derived ones; a benchmark should not rely on that).
    for (const Value& d : args)
      if (d.is(Value::Type::Datatype) && !d.as_type().is_basic())
        return problem(DiagId::derived_type_reduction, static_cast<int>(i),
                       {std::string(reduce_op_name(op)), d.as_type().display()});
    for (const Value& d : args)
      if (d.is(Value::Type::Datatype) && !reduction_allowed(op, d.as_datatype()))
        return problem(
            DiagId::datatype_op_mismatch, static_cast<int>(i),
            {std::string(reduce_op_name(op)), std::string(datatype_name(d.as_datatype()))});
  }
  return std::nullopt;
}

}  // namespace metron
