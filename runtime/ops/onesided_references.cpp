// The references of SKaMPI's one-sided file (measurements/onesided.c) against which its RMA
// functions are read: the empty measurement, two-sided transfers (Isend's call duration, Ssend,
// the Exchange of msg_count messages around the ring) and multi_Alltoall. What each times on
// which rank: docs/onesided.md.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

// --- onesided_dummy: nothing between the timer reads ------------------------------------------

void call_nothing(BoundOp&) noexcept {}

// --- Isend_callduration: rank 1's receive is posted before the sync, both wait afterwards -----

void setup_isend(BoundOp& b) {
  b.requests.assign(1, MPI_REQUEST_NULL);
  if (b.rank == 1)
    b.note(MPI_Irecv(b.buf.recv(), b.recv_count, b.recv_type, 0, 0, b.comm, &b.requests[0]));
}
void call_isend(BoundOp& b) noexcept {
  if (b.rank == 0)
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, 1, 0, b.comm, &b.requests[0]));
}
void wait_request(BoundOp& b) {
  if (!b.requests.empty()) b.note(MPI_Wait(&b.requests[0], MPI_STATUS_IGNORE));
}

// --- Send: MPI_Ssend on rank 0, MPI_Recv on rank 1 -------------------------------------------

void call_ssend(BoundOp& b) noexcept {
  if (b.rank == 0)
    b.note(MPI_Ssend(b.buf.send(), b.send_count, b.send_type, 1, b.tag, b.comm));
  else if (b.rank == 1)
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, 0, b.tag, b.comm, MPI_STATUS_IGNORE));
}

// Rank 1's receive buffer holds rank 0's stream.
void fill_pair(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
std::optional<std::string> check_pair(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, 0, 0))
    return verify_message(b, DiagId::verify_in_receive_buffer, *m);
  return std::nullopt;
}

void bind_pair(BoundOp& b, const Args& a) {
  bind_peer_block(b, a);
  b.participates = b.rank == 0;
  b.fill_fn = fill_pair;
  b.check_fn = check_pair;
}

// --- Exchange: msg_count messages, the m-th to the (m+1)-th next rank ----------------------------
// Every message sends the same block (SKaMPI's send buffer holds one); block m of the receive
// buffer comes from the (m+1)-th previous rank.

int ring(int r, int p) {
  return ((r % p) + p) % p;
}
void call_exchange(BoundOp& b) noexcept {
  const int n = static_cast<int>(b.requests.size() / 2);
  for (int m = 0; m < n; ++m) {
    b.note(MPI_Irecv(b.buf.recv() + m * b.recv_block_bytes, b.recv_count, b.recv_type,
                     ring(b.rank - m - 1, b.size), 0, b.comm, &b.requests[m]));
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, ring(b.rank + m + 1, b.size), 0,
                     b.comm, &b.requests[n + m]));
  }
  b.note(MPI_Waitall(n, b.requests.data(), MPI_STATUSES_IGNORE));
  b.note(MPI_Waitall(n, b.requests.data() + n, MPI_STATUSES_IGNORE));
}
std::optional<std::string> check_exchange(const BoundOp& b) {
  const int n = static_cast<int>(b.requests.size() / 2);
  for (int m = 0; m < n; ++m) {
    const int from = ring(b.rank - m - 1, b.size);
    if (auto e = check_pattern(b.buf.recv() + m * b.recv_block_bytes, b.recv_dt, b.recv_count, from,
                               0)) {
      e->offset += m * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_receive_block, from}, *e);
    }
  }
  return std::nullopt;
}

// --- multi_Alltoall: alltoall_count alltoalls, round j into block j ----------------------------

void call_multi_alltoall(BoundOp& b) noexcept {
  const std::int64_t round = std::int64_t{b.size} * b.recv_block_bytes;
  for (int j = 0; j < b.iterations; ++j)
    b.note(MPI_Alltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv() + j * round,
                        b.recv_count, b.recv_type, b.comm));
}
std::optional<std::string> check_multi_alltoall(const BoundOp& b) {
  const std::int64_t first = b.rank * pattern_bytes(b.send_dt, b.send_count);
  const std::int64_t round = std::int64_t{b.size} * b.recv_block_bytes;
  for (int j = 0; j < b.iterations; ++j)
    for (int r = 0; r < b.size; ++r) {
      const std::int64_t at = j * round + r * b.recv_block_bytes;
      if (auto m = check_pattern(b.buf.recv() + at, b.recv_dt, b.recv_count, r, first)) {
        m->offset += at;
        return verify_message(b, {DiagId::verify_in_round_block, j, r}, *m);
      }
    }
  return std::nullopt;
}

}  // namespace

void bind_onesided_dummy(BoundOp& b, const Args& a) {
  const std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, bytes, bytes, 1);
  b.participates = b.rank == 0;
  b.call_fn = call_nothing;
}

void bind_isend_callduration(BoundOp& b, const Args& a) {
  bind_pair(b, a);
  b.setup_fn = setup_isend;
  b.call_fn = call_isend;
  b.teardown_fn = wait_request;
}

void bind_onesided_send(BoundOp& b, const Args& a) {
  bind_pair(b, a);
  b.tag = static_cast<int>(a.integer("tag"));
  b.call_fn = call_ssend;
}

void bind_exchange_isend_irecv(BoundOp& b, const Args& a) {
  bind_pair(b, a);
  const int n = static_cast<int>(a.integer("msg_count"));
  b.recv_need_bytes = b.recv_block_bytes * n;
  b.requests.assign(2 * static_cast<std::size_t>(n), MPI_REQUEST_NULL);
  b.participates = true;
  b.check_fn = check_exchange;
  b.call_fn = call_exchange;
}

void bind_multi_alltoall(BoundOp& b, const Args& a) {
  b.send_count = int_count(a, "send_count");
  b.recv_count = int_count(a, "recv_count");
  b.send_dt = a.type("send_dt");
  b.recv_dt = a.type("recv_dt");
  b.send_type = commit_type(b, b.send_dt);
  b.recv_type = commit_type(b, b.recv_dt);
  b.send_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.recv_block_bytes = block_bytes(b.recv_count, b.recv_dt);
  b.iterations = static_cast<int>(a.integer("alltoall_count"));
  b.send_need_bytes = b.send_block_bytes * b.size;
  b.recv_need_bytes = b.recv_block_bytes * b.size * b.iterations;
  b.fill_fn = fill_alltoall;
  b.check_fn = check_multi_alltoall;
  b.call_fn = call_multi_alltoall;
}

}  // namespace metron::rt::ops
