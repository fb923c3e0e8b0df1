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
    return verify_message(b, "receive buffer", *m);
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

// (count, datatype, op, ...): one block on each side.
void bind_count_dt_op(BoundOp& b, const Args& a) {
  b.send_count = b.recv_count = int_count(a, "count");
  b.send_dt = b.recv_dt = a.type("datatype");
  b.reduce_op = a.reduce_op("op");
  b.send_type = b.recv_type = commit_type(b, b.send_dt);
  b.reduce = mpi_op(b.reduce_op);
  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  b.fill_fn = fill_contributions;
  b.check_fn = check_allreduce;
}

void bind_scatter_family(BoundOp& b, const Args& a) {
  bind_count_dt_op(b, a);
  b.send_need_bytes = b.send_block_bytes * b.size;
  b.check_fn = check_reduce_scatter;
}

}  // namespace

void fill_allreduce(BoundOp& b) {
  fill_contributions(b);
}
std::optional<std::string> check_allreduce(const BoundOp& b) {
  return check_range(b, 0, b.size - 1, 0);
}

void bind_reduce(BoundOp& b, const Args& a) {
  bind_count_dt_op(b, a);
  b.call_fn = call_reduce;
  b.check_fn = check_reduce;
}

void bind_allreduce(BoundOp& b, const Args& a) {
  bind_count_dt_op(b, a);
  b.call_fn = call_allreduce;
}

void bind_reduce_scatter(BoundOp& b, const Args& a) {
  bind_scatter_family(b, a);
  b.recv_counts.assign(static_cast<std::size_t>(b.size), b.recv_count);
  b.call_fn = call_reduce_scatter;
}

void bind_reduce_scatter_block(BoundOp& b, const Args& a) {
  bind_scatter_family(b, a);
  b.call_fn = call_reduce_scatter_block;
}

void bind_scan(BoundOp& b, const Args& a) {
  bind_count_dt_op(b, a);
  b.call_fn = call_scan;
  b.check_fn = check_scan;
}

void bind_exscan(BoundOp& b, const Args& a) {
  bind_count_dt_op(b, a);
  b.call_fn = call_exscan;
  b.check_fn = check_exscan;
}

}  // namespace metron::rt::ops
