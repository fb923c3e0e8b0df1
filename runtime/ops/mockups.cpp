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

// The vector a mock-up moves as one MPI count, and the scratch buffer it goes through.
enum class Vector {
  None,          // the original's buffers suffice
  SendBlocks,    // scratch of p send blocks, no count of its own
  ReducedBytes,  // p send blocks reduced bytewise (MPI_BYTE, MPI_BOR): their bytes
  SendCount,     // p send blocks: send_count * p elements
  RecvCount,     // p receive blocks: count * p elements
  Padded,        // a reduction split into p blocks of ceil(count / p): see pad_to_blocks
  SplitBcast,    // the broadcast vector split so: the send side p blocks, scratch one
};

// Each mock-up as data: its original's bind, whether it copies blocks locally (one type map on
// both sides), its vector and its timed call.
struct Mockup {
  BindFn original;
  Vector vector;
  CallFn call;
  bool same_sides = false;
};

// param * p as an MPI count; throws when it exceeds an int.
int times_ranks(const BoundOp& b, std::int64_t count, const char* param) {
  const std::int64_t n = count * b.size;
  if (n > INT_MAX) bind_error(b, DiagId::job_count_exceeds_mpi_int, param, n, INT_MAX);
  return static_cast<int>(n);
}

// The padded vector of a reduction split into p blocks of ceil(count / p).
void pad_to_blocks(BoundOp& b) {
  b.scaled = block_of(b, b.send_count);
  b.send_need_bytes = b.recv_need_bytes = block_bytes(std::int64_t{b.scaled} * b.size, b.send_dt);
  make_scratch(b, block_bytes(b.scaled, b.send_dt));
}

void bind_vector(BoundOp& b, Vector v) {
  switch (v) {
    case Vector::None:
      break;
    case Vector::SendBlocks:
      make_scratch(b, b.send_block_bytes * b.size);
      break;
    case Vector::ReducedBytes:
      if (b.send_block_bytes * b.size > INT_MAX)
        bind_error(b, DiagId::job_reduced_vector_exceeds_mpi_int, b.send_block_bytes * b.size,
                   INT_MAX);
      b.scaled = static_cast<int>(b.send_block_bytes * b.size);
      make_scratch(b, b.send_block_bytes * b.size);
      break;
    case Vector::SendCount:
      b.scaled = times_ranks(b, b.send_count, "send_count");
      make_scratch(b, b.send_block_bytes * b.size);
      break;
    case Vector::RecvCount:
      b.scaled = times_ranks(b, b.recv_count, "count");
      make_scratch(b, b.recv_block_bytes * b.size);
      break;
    case Vector::Padded:
      pad_to_blocks(b);
      break;
    case Vector::SplitBcast:
      b.scaled = block_of(b, b.send_count);
      b.send_need_bytes = block_bytes(std::int64_t{b.scaled} * b.size, b.send_dt);
      make_scratch(b, block_bytes(b.scaled, b.send_dt));
      break;
  }
}

void bind_mockup(BoundOp& b, const Args& a, const Mockup& m) {
  m.original(b, a);
  if (m.same_sides) require_same_sides(b);
  bind_vector(b, m.vector);
  b.call_fn = m.call;
}

}  // namespace

// A row: bind_<fn> (the name operations.def gives) binds the mock-up the row describes.
#define METRON_MOCKUP_FN(fn, ...)             \
  void bind_##fn(BoundOp& b, const Args& a) { \
    bind_mockup(b, a, {__VA_ARGS__});         \
  }
METRON_MOCKUP_FN(gather_reduce, bind_gather, Vector::ReducedBytes, call_gather_reduce, true)
METRON_MOCKUP_FN(allgather_alltoall, bind_allgather, Vector::SendBlocks, call_allgather_alltoall)
METRON_MOCKUP_FN(allgather_allreduce, bind_allgather, Vector::ReducedBytes,
                 call_allgather_allreduce, true)
METRON_MOCKUP_FN(scatter_bcast, bind_scatter, Vector::SendCount, call_scatter_bcast, true)
METRON_MOCKUP_FN(reduce_scatter_allreduce, bind_reduce_scatter, Vector::RecvCount,
                 call_reduce_scatter_allreduce)
METRON_MOCKUP_FN(bcast_scatter_allgather, bind_bcast, Vector::SplitBcast,
                 call_bcast_scatter_allgather)
METRON_MOCKUP_FN(allreduce_rsb_allgather, bind_allreduce, Vector::Padded,
                 call_allreduce_rsb_allgather)
METRON_MOCKUP_FN(reduce_rsb_gather, bind_reduce, Vector::Padded, call_reduce_rsb_gather)
METRON_MOCKUP_FN(rsb_reduce_scatter, bind_reduce_scatter_block, Vector::RecvCount,
                 call_rsb_reduce_scatter)
METRON_MOCKUP_FN(scan_exscan_reduce_local, bind_scan, Vector::None, call_scan_exscan_reduce_local)
#undef METRON_MOCKUP_FN

void bind_allgather_gather_bcast(BoundOp& b, const Args& a) {
  bind_allgather(b, a);
  b.scaled = times_ranks(b, b.recv_count, "recv_count");
  b.call_fn = call_allgather_gather_bcast;
}

void bind_reduce_scatter_reduce_scatterv(BoundOp& b, const Args& a) {
  bind_mockup(b, a, {bind_reduce_scatter, Vector::RecvCount, call_reduce_scatter_reduce_scatterv});
  b.send_counts.assign(static_cast<std::size_t>(b.size), b.recv_count);
  b.send_displs.resize(static_cast<std::size_t>(b.size));
  for (int i = 0; i < b.size; ++i) b.send_displs[static_cast<std::size_t>(i)] = i * b.recv_count;
}

}  // namespace metron::rt::ops
