// Binding a measurement function to a BoundOp, verification, and the argument checks the
// family files share.
#include "runtime/ops/bound_op.h"

#include <climits>
#include <stdexcept>
#include <variant>

#include "runtime/plan/measure_funcs.h"
#include "runtime/ops/op_impl.h"

namespace metron::rt {

namespace ops {

void bind_error(const BoundOp& b, const std::string& what) {
  throw std::runtime_error("'" + b.name + "': " + what);
}

int int_count(const BoundOp& b, const Value& v, std::string_view param) {
  const std::int64_t n = v.as_int();
  if (n < 0) bind_error(b, std::string(param) + " must not be negative, got " + std::to_string(n));
  if (n > INT_MAX)
    bind_error(b, std::string(param) + " " + std::to_string(n) +
                      " exceeds the largest MPI count (" + std::to_string(INT_MAX) + ")");
  return static_cast<int>(n);
}

std::int64_t block_bytes(std::int64_t count, Datatype d) {
  return count * elem_layout(d).extent;
}

void require_reduction(const BoundOp& b, ReduceOp op, Datatype d) {
  // MPI_REPLACE (and MPI_NO_OP) exist for one-sided accumulates only (MPI 4.0, chapter 12);
  // MPICH rejects them in collectives with "MPI_Op operation is not allowed in this routine".
  if (op == reduce_op_named("MPI_REPLACE"))
    bind_error(b, "'MPI_REPLACE' is defined for one-sided accumulate only, not for reductions");
  if (!reduction_allowed(op, d))
    bind_error(b, "MPI does not define '" + std::string(reduce_op_name(op)) + "' on '" +
                      std::string(datatype_name(d)) + "'");
}

std::string verify_message(const BoundOp& b, std::string_view where, const Mismatch& m) {
  return "verification of '" + b.name + "' failed on rank " + std::to_string(b.rank) + ": " +
         std::string(where) + " byte " + std::to_string(m.offset) + ": " + m.detail;
}

}  // namespace ops

void BoundOp::advance() noexcept {
  buf.advance();
  if (is_synthetic) ops::synthetic_advance(*this);
}

void BoundOp::restart() noexcept {
  buf.rewind();
  if (is_synthetic) {
    synth.rep = 0;
    ops::synthetic_prepare_next(*this);
  }
}

BoundOp bind_op(const OpCall& call, MPI_Comm comm, const Settings& s) {
  if (!call.func) throw std::runtime_error("no measurement function to bind");
  BoundOp b;
  b.func = call.func;
  b.name = call.func->name;
  const ops::BindFn bind = ops::find_bind(b.name);
  if (!bind) ops::bind_error(b, "no implementation in the runtime");
  if (call.args.size() != b.func->params.size())
    ops::bind_error(b, "expects " + std::to_string(b.func->params.size()) + " arguments, got " +
                           std::to_string(call.args.size()));
  b.comm = comm;
  MPI_Comm_rank(comm, &b.rank);
  MPI_Comm_size(comm, &b.size);
  if (b.size < b.func->min_ranks)
    ops::bind_error(b, "needs at least " + std::to_string(b.func->min_ranks) +
                           " ranks, the communicator has " + std::to_string(b.size));
  try {
    if (b.func->root_param >= 0) {
      const std::int64_t root = call.args[static_cast<std::size_t>(b.func->root_param)].as_int();
      if (root < 0 || root >= b.size)
        ops::bind_error(b, "root " + std::to_string(root) +
                               " is out of range for a communicator of " + std::to_string(b.size) +
                               " ranks");
      b.root = static_cast<int>(root);
    }
    bind(b, call.args);
  } catch (const std::bad_variant_access&) {
    ops::bind_error(b, "an argument has the wrong type (the front end should have caught this)");
  }
  b.buf = reserve_buffers(b.name, b.send_need_bytes, b.recv_need_bytes, s);
  return b;
}

std::optional<std::string> verify_op(BoundOp& op, const VerifyFault* fault) {
  std::string local;
  if (op.fill_fn) op.fill_fn(op);
  op.error = MPI_SUCCESS;
  op.call();
  if (op.error != MPI_SUCCESS) {
    local = "verification of '" + op.name + "' failed on rank " + std::to_string(op.rank) +
            ": MPI error: " + mpi_error_text(op.error);
  } else {
    if (fault && fault->rank == op.rank) op.result_buffer()[fault->byte_offset] ^= 0xff;
    if (op.check_fn)
      if (auto m = op.check_fn(op)) local = *m;
  }
  op.error = MPI_SUCCESS;

  // Agree: the lowest failing rank's message goes to every rank.
  int mine = local.empty() ? INT_MAX : op.rank, first = INT_MAX;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, op.comm);
  if (first == INT_MAX) return std::nullopt;
  int len = static_cast<int>(local.size());
  MPI_Bcast(&len, 1, MPI_INT, first, op.comm);
  local.resize(static_cast<std::size_t>(len));
  MPI_Bcast(local.data(), len, MPI_CHAR, first, op.comm);
  return local;
}

}  // namespace metron::rt
