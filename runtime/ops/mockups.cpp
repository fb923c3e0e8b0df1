// PGMPI's mock-ups (Hunold et al., "Automatic Verification of Self-Consistent MPI Performance
// Guidelines", Appendix A): a collective emulated by other collectives, for the pattern
// guidelines GL4-GL17 (docs/guidelines.md). Each takes its original's parameters with the same
// meaning of the count, binds like the original (so `verify = on` checks the same result) and
// times the whole composite, local copies included, as one operation. Intermediate buffers are
// allocated and touched at bind time, never in the timed region. Counts that do not divide by
// the process count are padded to ceil(count / p) blocks (the padding is reduced and moved but
// not part of the result).
#include <climits>
#include <cstring>

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

namespace {

// count * factor as an MPI count; throws when it exceeds an int.
int scaled_count(const BoundOp& b, std::int64_t count, std::int64_t factor, const char* what) {
  const std::int64_t n = count * factor;
  if (n > INT_MAX) bind_error(b, DiagId::job_count_exceeds_mpi_int, what, n, INT_MAX);
  return static_cast<int>(n);
}

// The mock-ups that copy blocks locally need one type map on both sides.
void require_same_sides(const BoundOp& b) {
  if (b.send_dt != b.recv_dt || b.send_count != b.recv_count) bind_error(b, DiagId::job_same_sides);
}

// A zeroed buffer of `bytes`, touched now so that no page fault lands in the timed region.
void make_scratch(BoundOp& b, std::int64_t bytes) {
  bytes += b.send_dt.tail_bytes();  // a derived type's last element past its extent
  b.scratch.assign(static_cast<std::size_t>(bytes > 0 ? bytes : 1), 0);
}

// ceil(count / p): the block per rank of a split vector.
int block_of(const BoundOp& b, int count) {
  return count / b.size + (count % b.size != 0 ? 1 : 0);
}

// --- GL4 Gather as Reduce: own block into a zeroed vector of p blocks, bitwise OR to root --------
void call_gather_reduce(BoundOp& b) noexcept {
  std::memcpy(b.scratch.data() + b.rank * b.send_block_bytes, b.buf.send(),
              static_cast<std::size_t>(b.send_block_bytes));
  b.note(MPI_Reduce(b.scratch.data(), b.buf.recv(), b.scaled, MPI_BYTE, MPI_BOR, b.root, b.comm));
}

// --- GL5 Allgather as Alltoall: own block replicated p times ------------------------------------
void call_allgather_alltoall(BoundOp& b) noexcept {
  for (int i = 0; i < b.size; ++i)
    std::memcpy(b.scratch.data() + i * b.send_block_bytes, b.buf.send(),
                static_cast<std::size_t>(b.send_block_bytes));
  b.note(MPI_Alltoall(b.scratch.data(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                      b.recv_type, b.comm));
}

// --- GL6 Allgather as Allreduce: as GL4, to every rank ------------------------------------------
void call_allgather_allreduce(BoundOp& b) noexcept {
  std::memcpy(b.scratch.data() + b.rank * b.send_block_bytes, b.buf.send(),
              static_cast<std::size_t>(b.send_block_bytes));
  b.note(MPI_Allreduce(b.scratch.data(), b.buf.recv(), b.scaled, MPI_BYTE, MPI_BOR, b.comm));
}

// --- GL7 Scatter as Bcast: the whole vector to everyone, each keeps its block -------------------
void call_scatter_bcast(BoundOp& b) noexcept {
  char* all = b.rank == b.root ? b.buf.send() : b.scratch.data();
  b.note(MPI_Bcast(all, b.scaled, b.send_type, b.root, b.comm));
  std::memcpy(b.buf.recv(), all + b.rank * b.send_block_bytes,
              static_cast<std::size_t>(b.recv_block_bytes));
}

// --- GL9 Reduce_scatter as Allreduce: the whole vector reduced everywhere, each keeps its block --
void call_reduce_scatter_allreduce(BoundOp& b) noexcept {
  b.note(MPI_Allreduce(b.buf.send(), b.scratch.data(), b.scaled, b.send_type, b.reduce, b.comm));
  std::memcpy(b.buf.recv(), b.scratch.data() + b.rank * b.recv_block_bytes,
              static_cast<std::size_t>(b.recv_block_bytes));
}

// --- GL10 Bcast as Scatter + Allgather (Chan et al.): blocks of ceil(count / p) -----------------
void call_bcast_scatter_allgather(BoundOp& b) noexcept {
  b.note(MPI_Scatter(b.buf.send(), b.scaled, b.send_type, b.scratch.data(), b.scaled, b.send_type,
                     b.root, b.comm));
  b.note(MPI_Allgather(b.scratch.data(), b.scaled, b.send_type, b.buf.send(), b.scaled, b.send_type,
                       b.comm));
}

// --- GL11 Allgather as Gather + Bcast (root 0) --------------------------------------------------
void call_allgather_gather_bcast(BoundOp& b) noexcept {
  b.note(MPI_Gather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                    b.recv_type, 0, b.comm));
  b.note(MPI_Bcast(b.buf.recv(), b.scaled, b.recv_type, 0, b.comm));
}

// --- GL13 Allreduce as Reduce_scatter_block + Allgather: blocks of ceil(count / p) --------------
void call_allreduce_rsb_allgather(BoundOp& b) noexcept {
  b.note(MPI_Reduce_scatter_block(b.buf.send(), b.scratch.data(), b.scaled, b.send_type, b.reduce,
                                  b.comm));
  b.note(MPI_Allgather(b.scratch.data(), b.scaled, b.send_type, b.buf.recv(), b.scaled, b.send_type,
                       b.comm));
}

// --- GL14 Reduce as Reduce_scatter_block + Gather -----------------------------------------------
void call_reduce_rsb_gather(BoundOp& b) noexcept {
  b.note(MPI_Reduce_scatter_block(b.buf.send(), b.scratch.data(), b.scaled, b.send_type, b.reduce,
                                  b.comm));
  b.note(MPI_Gather(b.scratch.data(), b.scaled, b.send_type, b.buf.recv(), b.scaled, b.send_type,
                    b.root, b.comm));
}

// --- GL15 Reduce_scatter_block as Reduce + Scatter (root 0) -------------------------------------
void call_rsb_reduce_scatter(BoundOp& b) noexcept {
  b.note(MPI_Reduce(b.buf.send(), b.scratch.data(), b.scaled, b.send_type, b.reduce, 0, b.comm));
  b.note(MPI_Scatter(b.scratch.data(), b.recv_count, b.send_type, b.buf.recv(), b.recv_count,
                     b.recv_type, 0, b.comm));
}

// --- GL16 Scan as Exscan + Reduce_local
// ----------------------------------------------------------- MPI leaves rank 0's Exscan result
// undefined: it takes its own contribution. Reduce_local computes send op recv; every predefined
// operation is commutative, so that is recv op send.
void call_scan_exscan_reduce_local(BoundOp& b) noexcept {
  b.note(MPI_Exscan(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm));
  if (b.rank == 0)
    std::memcpy(b.buf.recv(), b.buf.send(), static_cast<std::size_t>(b.send_block_bytes));
  else
    b.note(MPI_Reduce_local(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce));
}

// --- GL17 Reduce_scatter as Reduce + Scatterv
// -----------------------------------------------------
void call_reduce_scatter_reduce_scatterv(BoundOp& b) noexcept {
  b.note(
      MPI_Reduce(b.buf.send(), b.scratch.data(), b.scaled, b.send_type, b.reduce, b.root, b.comm));
  b.note(MPI_Scatterv(b.scratch.data(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                      b.buf.recv(), b.recv_count, b.recv_type, b.root, b.comm));
}

}  // namespace

void bind_gather_reduce(BoundOp& b, const Args& a) {
  bind_gather(b, a);
  require_same_sides(b);
  b.scaled = scaled_count(b, b.send_block_bytes, b.size, "bytes of the reduced vector");
  make_scratch(b, b.send_block_bytes * b.size);
  b.call_fn = call_gather_reduce;
}

void bind_allgather_alltoall(BoundOp& b, const Args& a) {
  bind_allgather(b, a);
  make_scratch(b, b.send_block_bytes * b.size);
  b.call_fn = call_allgather_alltoall;
}

void bind_allgather_allreduce(BoundOp& b, const Args& a) {
  bind_allgather(b, a);
  require_same_sides(b);
  b.scaled = scaled_count(b, b.send_block_bytes, b.size, "bytes of the reduced vector");
  make_scratch(b, b.send_block_bytes * b.size);
  b.call_fn = call_allgather_allreduce;
}

void bind_scatter_bcast(BoundOp& b, const Args& a) {
  bind_scatter(b, a);
  require_same_sides(b);
  b.scaled = scaled_count(b, b.send_count, b.size, "send_count * ranks");
  make_scratch(b, b.send_block_bytes * b.size);
  b.call_fn = call_scatter_bcast;
}

void bind_reduce_scatter_allreduce(BoundOp& b, const Args& a) {
  bind_reduce_scatter(b, a);
  b.scaled = scaled_count(b, b.recv_count, b.size, "count * ranks");
  make_scratch(b, b.recv_block_bytes * b.size);
  b.call_fn = call_reduce_scatter_allreduce;
}

void bind_bcast_scatter_allgather(BoundOp& b, const Args& a) {
  bind_bcast(b, a);
  b.scaled = block_of(b, b.send_count);
  b.send_need_bytes = block_bytes(std::int64_t{b.scaled} * b.size, b.send_dt);
  make_scratch(b, block_bytes(b.scaled, b.send_dt));
  b.call_fn = call_bcast_scatter_allgather;
}

void bind_allgather_gather_bcast(BoundOp& b, const Args& a) {
  bind_allgather(b, a);
  b.scaled = scaled_count(b, b.recv_count, b.size, "recv_count * ranks");
  b.call_fn = call_allgather_gather_bcast;
}

namespace {
// The padded vector of a reduction split into p blocks of ceil(count / p).
void pad_to_blocks(BoundOp& b) {
  b.scaled = block_of(b, b.send_count);
  b.send_need_bytes = b.recv_need_bytes = block_bytes(std::int64_t{b.scaled} * b.size, b.send_dt);
  make_scratch(b, block_bytes(b.scaled, b.send_dt));
}
}  // namespace

void bind_allreduce_rsb_allgather(BoundOp& b, const Args& a) {
  bind_allreduce(b, a);
  pad_to_blocks(b);
  b.call_fn = call_allreduce_rsb_allgather;
}

void bind_reduce_rsb_gather(BoundOp& b, const Args& a) {
  bind_reduce(b, a);
  pad_to_blocks(b);
  b.call_fn = call_reduce_rsb_gather;
}

void bind_rsb_reduce_scatter(BoundOp& b, const Args& a) {
  bind_reduce_scatter_block(b, a);
  b.scaled = scaled_count(b, b.recv_count, b.size, "count * ranks");
  make_scratch(b, b.recv_block_bytes * b.size);
  b.call_fn = call_rsb_reduce_scatter;
}

void bind_scan_exscan_reduce_local(BoundOp& b, const Args& a) {
  bind_scan(b, a);
  b.call_fn = call_scan_exscan_reduce_local;
}

void bind_reduce_scatter_reduce_scatterv(BoundOp& b, const Args& a) {
  bind_reduce_scatter(b, a);
  b.scaled = scaled_count(b, b.recv_count, b.size, "count * ranks");
  make_scratch(b, b.recv_block_bytes * b.size);
  b.send_counts.assign(static_cast<std::size_t>(b.size), b.recv_count);
  b.send_displs.resize(static_cast<std::size_t>(b.size));
  for (int i = 0; i < b.size; ++i) b.send_displs[static_cast<std::size_t>(i)] = i * b.recv_count;
  b.call_fn = call_reduce_scatter_reduce_scatterv;
}

}  // namespace metron::rt::ops
