// SKaMPI 5's remaining collective measurements (src/measurements/coll.c, delayed.c), with
// SKaMPI's semantics: Gather_using_Isend_Irecv_Waitall, Alltoallv_using_Isend_Irecv,
// myalltoallv, Reduce_Scatterv, delayed_Alltoall, delayed_Gather (docs/runtime.md).
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_reduce.h"
#include "runtime/plan/skampi_counts.h"

namespace metron::rt::ops {

namespace {

constexpr int kTag = 0;  // process sync uses its own communicator, nothing else can match

// --- Gather_using_Isend_Irecv_Waitall ------------------------------------------------------

// Root: receives posted for every other rank, one MPI_Waitall; its own block is not copied
// (SKaMPI leaves it out). Others: only the MPI_Isend is timed, its MPI_Wait is finish()'s.
void call_gather_isend_irecv_waitall(BoundOp& b) noexcept {
  if (b.rank == b.root) {
    MPI_Request* req = b.requests.data();
    for (int i = 0; i < b.size; ++i)
      if (i != b.root)
        b.note(MPI_Irecv(b.buf.recv() + i * b.recv_block_bytes, b.recv_count, b.recv_type, i, kTag,
                         b.comm, &req[i]));
    b.note(MPI_Waitall(b.size, req, MPI_STATUSES_IGNORE));
    return;
  }
  MPI_Request r;  // capacity reserved at bind for one observation's calls
  b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.root, kTag, b.comm, &r));
  b.requests.push_back(r);
}

void finish_pending_sends(BoundOp& b) noexcept {
  if (b.rank == b.root || b.requests.empty()) return;
  b.note(MPI_Waitall(static_cast<int>(b.requests.size()), b.requests.data(), MPI_STATUSES_IGNORE));
  b.requests.clear();
}

std::optional<std::string> check_gather_without_root_block(const BoundOp& b) {
  if (b.rank != b.root) return std::nullopt;
  for (int i = 0; i < b.size; ++i) {
    if (i == b.root) continue;
    if (auto m =
            check_pattern(b.buf.recv() + i * b.recv_block_bytes, b.recv_dt, b.recv_count, i, 0)) {
      m->offset += i * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_receive_block, i}, *m);
    }
  }
  return std::nullopt;
}

// --- Alltoallv_using_Isend_Irecv -----------------------------------------------------------

// SKaMPI's counts for it are send_count per pair at packed displacements: receives from every
// rank, then sends to every rank, both in rank order, then one MPI_Waitall.
void call_alltoallv_isend_irecv(BoundOp& b) noexcept {
  MPI_Request* req = b.requests.data();
  for (int i = 0; i < b.size; ++i)
    b.note(MPI_Irecv(b.buf.recv() + i * b.recv_block_bytes, b.recv_count, b.recv_type, i, kTag,
                     b.comm, &req[i]));
  for (int i = 0; i < b.size; ++i)
    b.note(MPI_Isend(b.buf.send() + i * b.send_block_bytes, b.send_count, b.send_type, i, kTag,
                     b.comm, &req[b.size + i]));
  b.note(MPI_Waitall(2 * b.size, req, MPI_STATUSES_IGNORE));
}

// --- myalltoallv ---------------------------------------------------------------------------

void call_alltoallv(BoundOp& b) noexcept {
  b.note(MPI_Alltoallv(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                       b.buf.recv(), b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                       b.comm));
}

// Rank i's block for rank j starts at element send_displs[j] of i's stream (send counts are the
// same on every rank), and lands at recv_displs[i] on rank j.
void fill_skewed(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_need_bytes / block_bytes(1, b.send_dt), b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
std::optional<std::string> check_skewed(const BoundOp& b) {
  const std::int64_t extent = block_bytes(1, b.recv_dt);
  const std::int64_t first =
      pattern_bytes(b.send_dt, b.send_displs[static_cast<std::size_t>(b.rank)]);
  for (int i = 0; i < b.size; ++i) {
    const std::size_t k = static_cast<std::size_t>(i);
    const std::int64_t at = b.recv_displs[k] * extent;
    if (auto m = check_pattern(b.buf.recv() + at, b.recv_dt, b.recv_counts[k], i, first)) {
      m->offset += at;
      return verify_message(b, {DiagId::verify_in_receive_block, i}, *m);
    }
  }
  return std::nullopt;
}

std::vector<int> as_ints(const BoundOp& b, const std::vector<std::int64_t>& v) {
  std::vector<int> out;
  for (std::int64_t x : v) {
    if (x > INT_MAX) bind_error(b, DiagId::job_counts_exceed_mpi_int);
    out.push_back(static_cast<int>(x));
  }
  return out;
}

std::int64_t sum(const std::vector<std::int64_t>& v) {
  std::int64_t s = 0;
  for (std::int64_t x : v) s += x;
  return s;
}

// --- Reduce_Scatterv -----------------------------------------------------------------------

// MPI_Reduce of count elements to root, then root scatters the result in SKaMPI's split; each
// rank's part lands in its send buffer, as in SKaMPI.
void call_reduce_scatterv(BoundOp& b) noexcept {
  b.note(
      MPI_Reduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.root, b.comm));
  b.note(MPI_Scatterv(b.buf.recv(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                      b.buf.send(), b.send_counts[static_cast<std::size_t>(b.rank)], b.send_type,
                      b.root, b.comm));
}

void fill_reduce_scatterv(BoundOp& b) {
  fill_reduce_input(b.buf.send(), b.send_dt.basic(), b.reduce_op, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
std::optional<std::string> check_reduce_scatterv(const BoundOp& b) {
  const std::size_t k = static_cast<std::size_t>(b.rank);
  if (auto m = check_reduce_result(b.buf.send(), b.send_dt.basic(), b.reduce_op, b.send_counts[k],
                                   0, b.size - 1, b.send_displs[k]))
    return verify_message(b, DiagId::verify_in_send_scattered, *m);
  return std::nullopt;
}

// --- delayed_Alltoall, delayed_Gather --------------------------------------------------------

// The delayed rank busy-waits `delay` from its call's start before entering the collective: the
// late arrival is part of what SKaMPI times.
inline void delay_if_chosen(const BoundOp& b) noexcept {
  if (b.rank != b.delayed_rank) return;
  const double until = MPI_Wtime() + b.seconds_arg;
  while (MPI_Wtime() < until) {
  }
}

void call_delayed_alltoall(BoundOp& b) noexcept {
  delay_if_chosen(b);
  b.note(MPI_Alltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                      b.recv_type, b.comm));
}

void call_delayed_gather(BoundOp& b) noexcept {
  delay_if_chosen(b);
  b.note(MPI_Gather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                    b.recv_type, b.root, b.comm));
}

void bind_delay(BoundOp& b, const Args& a) {
  b.seconds_arg = a.seconds_or_number("delay");
  b.delayed_rank = static_cast<int>(a.integer("node"));  // outside the communicator: nobody
}

}  // namespace

void bind_gather_isend_irecv_waitall(BoundOp& b, const Args& a) {
  bind_gather(b, a);
  if (b.rank == b.root)
    b.requests.assign(static_cast<std::size_t>(b.size), MPI_REQUEST_NULL);
  else
    b.requests.reserve(static_cast<std::size_t>(b.calls_per_observation));
  b.call_fn = call_gather_isend_irecv_waitall;
  b.finish_fn = finish_pending_sends;
  b.check_fn = check_gather_without_root_block;
}

void bind_alltoallv_isend_irecv(BoundOp& b, const Args& a) {
  bind_handmade(b, a, {bind_alltoall, call_alltoallv_isend_irecv, true});
}

void bind_myalltoallv(BoundOp& b, const Args& a) {
  bind_alltoall(b, a);
  const SkewedCounts c = myalltoallv_counts(b.send_count, b.recv_count, b.size, b.rank,
                                            a.integer("charged_rank"), a.number("ratio"));
  b.send_counts = as_ints(b, c.send);
  b.send_displs = as_ints(b, skampi_displs(c.send));
  b.recv_counts = as_ints(b, c.recv);
  b.recv_displs = as_ints(b, skampi_displs(c.recv));
  b.send_need_bytes = block_bytes(sum(c.send), b.send_dt);
  b.recv_need_bytes = block_bytes(sum(c.recv), b.recv_dt);
  b.call_fn = call_alltoallv;
  b.fill_fn = fill_skewed;
  b.check_fn = check_skewed;
}

void bind_reduce_scatterv(BoundOp& b, const Args& a) {
  bind_reduce(b, a);  // count elements in, count out at root
  const std::vector<std::int64_t> counts = skampi_split_counts(b.send_count, b.size);
  b.send_counts = as_ints(b, counts);
  b.send_displs = as_ints(b, skampi_displs(counts));
  b.call_fn = call_reduce_scatterv;
  b.fill_fn = fill_reduce_scatterv;
  b.check_fn = check_reduce_scatterv;
}

void bind_delayed_alltoall(BoundOp& b, const Args& a) {
  bind_alltoall(b, a);
  bind_delay(b, a);
  b.call_fn = call_delayed_alltoall;
}

void bind_delayed_gather(BoundOp& b, const Args& a) {
  bind_gather(b, a);
  bind_delay(b, a);
  b.call_fn = call_delayed_gather;
}

}  // namespace metron::rt::ops
