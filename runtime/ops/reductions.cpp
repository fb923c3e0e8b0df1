// The library's reductions (Reduce, Allreduce, Reduce_scatter, Reduce_scatter_block, Scan,
// Exscan): bind, call and verification against results computed in the datatype's C type.
#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_reduce.h"

namespace metron::rt::ops {

namespace {

void call_reduce(BoundOp& b) noexcept {
  b.note(
      MPI_Reduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.root, b.comm));
}

void call_allreduce(BoundOp& b) noexcept {
  b.note(MPI_Allreduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm));
}

void call_reduce_scatter(BoundOp& b) noexcept {
  b.note(MPI_Reduce_scatter(b.buf.send(), b.buf.recv(), b.recv_counts.data(), b.send_type, b.reduce,
                            b.comm));
}

void call_reduce_scatter_block(BoundOp& b) noexcept {
  b.note(MPI_Reduce_scatter_block(b.buf.send(), b.buf.recv(), b.recv_count, b.send_type, b.reduce,
                                  b.comm));
}

void call_scan(BoundOp& b) noexcept {
  b.note(MPI_Scan(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm));
}

void call_exscan(BoundOp& b) noexcept {
  b.note(MPI_Exscan(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm));
}

// Every rank contributes send_count elements (count * p for Reduce_scatter).
void fill_contributions(BoundOp& b) {
  fill_reduce_input(b.buf.send(), b.send_dt.basic(), b.reduce_op,
                    b.send_need_bytes / block_bytes(1, b.send_dt), b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

std::optional<std::string> check_range(const BoundOp& b, int first, int last,
                                       std::int64_t first_elem) {
  if (auto m = check_reduce_result(b.buf.recv(), b.send_dt.basic(), b.reduce_op, b.recv_count,
                                   first, last, first_elem))
    return verify_message(b, DiagId::verify_in_receive_buffer, *m);
  return std::nullopt;
}

std::optional<std::string> check_reduce(const BoundOp& b) {
  return b.rank == b.root ? check_range(b, 0, b.size - 1, 0) : std::nullopt;
}
std::optional<std::string> check_reduce_scatter(const BoundOp& b) {
  return check_range(b, 0, b.size - 1, std::int64_t{b.rank} * b.recv_count);
}
std::optional<std::string> check_scan(const BoundOp& b) {
  return check_range(b, 0, b.rank, 0);
}
std::optional<std::string> check_exscan(const BoundOp& b) {
  // MPI leaves rank 0's receive buffer undefined.
  return b.rank == 0 ? std::nullopt : check_range(b, 0, b.rank - 1, 0);
}

// Each reduction as data: its timed call, what its receive side must hold, and for the
// Reduce_scatter family the whole vector on the send side (with per-rank counts for the v form).
enum class SendSide { Block, Vector, VectorPerRankCounts };
struct Reduction {
  CallFn call;
  CheckFn check;
  SendSide send = SendSide::Block;
};

// (count, datatype, op, ...): one block on each side.
void bind_reduction(BoundOp& b, const Args& a, const Reduction& r) {
  bind_same_blocks(b, a);
  b.reduce_op = a.reduce_op("op");
  b.reduce = mpi_op(b.reduce_op);
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  if (r.send != SendSide::Block) b.send_need_bytes = b.send_block_bytes * b.size;
  if (r.send == SendSide::VectorPerRankCounts)
    b.recv_counts.assign(static_cast<std::size_t>(b.size), b.recv_count);
  b.fill_fn = fill_contributions;
  b.check_fn = r.check;
  b.call_fn = r.call;
}

}  // namespace

void fill_allreduce(BoundOp& b) {
  fill_contributions(b);
}
std::optional<std::string> check_allreduce(const BoundOp& b) {
  return check_range(b, 0, b.size - 1, 0);
}

// A row: bind_<fn> (the name operations.def gives) binds the reduction the row describes.
#define METRON_REDUCTION_FN(fn, ...)          \
  void bind_##fn(BoundOp& b, const Args& a) { \
    bind_reduction(b, a, {__VA_ARGS__});      \
  }
METRON_REDUCTION_FN(reduce, call_reduce, check_reduce)
METRON_REDUCTION_FN(allreduce, call_allreduce, check_allreduce)
METRON_REDUCTION_FN(reduce_scatter, call_reduce_scatter, check_reduce_scatter,
                    SendSide::VectorPerRankCounts)
METRON_REDUCTION_FN(reduce_scatter_block, call_reduce_scatter_block, check_reduce_scatter,
                    SendSide::Vector)
METRON_REDUCTION_FN(scan, call_scan, check_scan)
METRON_REDUCTION_FN(exscan, call_exscan, check_exscan)
#undef METRON_REDUCTION_FN

}  // namespace metron::rt::ops
