// Binding a measurement function to a BoundOp, verification, and the argument checks the
// family files share.
#include "runtime/ops/bound_op.h"

#include <algorithm>
#include <climits>
#include <stdexcept>
#include <variant>

#include "runtime/ops/derived_types.h"
#include "runtime/ops/error_agreement.h"
#include "runtime/ops/op_impl.h"
#include "runtime/ops/threaded.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"
#include "runtime/plan/op_checks.h"
#include "runtime/plan/op_usage.h"

namespace metron::rt {

namespace ops {

int int_count(const Args& a, std::string_view param) {
  return static_cast<int>(a.count(param));
}

std::int64_t tag_upper_bound() {
  int* ub = nullptr;
  int flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
  return flag && ub ? *ub : 32767;  // 32767: the least upper bound MPI guarantees
}

std::int64_t block_bytes(std::int64_t count, const TypeDesc& d) {
  return count * d.extent();
}

void bind_same_blocks(BoundOp& b, const Args& a) {
  b.send_count = b.recv_count = int_count(a, "count");
  b.send_dt = b.recv_dt = a.type("datatype");
  b.send_type = b.recv_type = commit_type(b, b.send_dt);
  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
}

std::string verify_message(const BoundOp& b, const VerifyPlace& where, const Mismatch& m) {
  return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                      message_text(where.id, where.first, where.second), m.offset,
                      message_text(m.found, m.expected, m.got));
}

}  // namespace ops

void OwnedTypes::free_all() noexcept {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    for (MPI_Datatype& t : handles) MPI_Type_free(&t);
  handles.clear();
}

void BoundOp::advance() noexcept {
  finish();
  buf.advance();
  if (root_shift) root = (root + 1) % size;  // IMB's rule: every rank computes the same root
  if (is_synthetic) ops::synthetic_advance(*this);
  if (advance_fn) advance_fn(*this);
}

void BoundOp::restart() noexcept {
  buf.rewind();
  root = first_root;
  if (threaded) ops::threaded_restart(*this);
  if (is_synthetic) {
    synth.rep = 0;
    ops::synthetic_prepare_next(*this);
  }
}

BoundOp bind_op(const OpCall& call, MPI_Comm comm, const Settings& s) {
  if (!call.func) throw_message(DiagId::job_no_function);
  BoundOp b;
  b.func = call.func;
  b.name = call.func->name;
  const ops::BindFn bind = ops::find_bind(b.name);
  if (!bind) ops::bind_error(b, DiagId::job_no_implementation);
  if (call.args.size() != b.func->params.size())
    ops::bind_error(b, DiagId::job_argument_count, b.func->params.size(), call.args.size());
  b.comm = comm;
  b.calls_per_observation = s.scheme == SchemeKind::PerCall
                                ? 1
                                : static_cast<int>(std::max<std::int64_t>(1, s.loop_iterations));
  b.settings = &s;
  MPI_Comm_rank(comm, &b.rank);
  MPI_Comm_size(comm, &b.size);
  try {
    // The front end's checks, for jobs made by hand (tests, benchmarks): the same catalogue
    // messages (and ids), prefixed with the operation's name unless they name it.
    if (auto p = check_op_call(*b.func, call.args, b.size, ops::tag_upper_bound())) {
      const std::string msg = p->message();
      if (msg.find("'" + b.name + "'") != std::string::npos) throw MessageError(p->id, msg);
      throw MessageError(p->id, message_text(DiagId::job_call_refused, b.name, msg));
    }
    for (std::size_t i = 0; i < b.func->params.size(); ++i)
      if (b.func->params[i].role == ParamRole::Root)
        b.root = static_cast<int>(call.args[i].as_int());
    bind(b, OpArgs(*b.func, call.args));
    b.first_root = b.root;
    b.root_shift = s.root_shift && b.func->shifts_root();
    b.settings = nullptr;
    // The last element of a type whose data runs past its extent (type_desc.h), as the front
    // end's buffer_use() counts it.
    const std::int64_t tail = datatype_tail_bytes(call.args);
    if (b.send_need_bytes > 0) b.send_need_bytes += tail;
    if (b.recv_need_bytes > 0) b.recv_need_bytes += tail;
  } catch (const std::bad_variant_access&) {
    // An operation that still reads args.datatype() (type_desc.h says how to adopt TypeDesc).
    for (const Value& v : call.args)
      if (v.is(Value::Type::Datatype) && !v.as_type().is_basic())
        throw_message(DiagId::derived_type_not_accepted, b.name, v.as_type().display());
    ops::bind_error(b, DiagId::job_argument_wrong_type);
  }
  b.buf = reserve_buffers(b.name, b.send_need_bytes, b.recv_need_bytes, s);
  return b;
}

std::optional<std::string> verify_op(BoundOp& op, const VerifyFault* fault) {
  std::string local;
  if (op.fill_fn) op.fill_fn(op);
  op.error = MPI_SUCCESS;
  // Start together, as an observation after the process sync does: an operation whose ranks
  // depend on each other's progress (MPI_IO_write_and_read's reader and writer) is checked as it
  // is measured, not after one rank ran ahead.
  MPI_Barrier(op.comm);
  op.setup();
  op.call();
  op.teardown();  // one-sided: the target's data is defined once the epoch is closed
  if (op.settle_fn) op.settle_fn(op);
  op.finish();
  if (op.error != MPI_SUCCESS) {
    local = message_text(DiagId::job_verify_mpi_error, op.name, op.rank, mpi_error_text(op.error));
  } else {
    if (fault && fault->rank == op.rank) op.result_buffer()[fault->byte_offset] ^= 0xff;
    if (op.check_fn)
      if (auto m = op.check_fn(op)) local = *m;
  }
  // The state the next call needs (a file to close or reopen), as after an observation.
  if (op.advance_fn) op.advance_fn(op);
  op.error = MPI_SUCCESS;

  // Every rank reports the same outcome: the lowest failing rank's message.
  std::string agreed = agree_on_error(op.comm, local);
  if (agreed.empty()) return std::nullopt;
  return agreed;
}

}  // namespace metron::rt
