// Ping-pongs between ranks 0 and 1 of the job communicator (SKaMPI's Pingpong_* functions,
// SKaMPI 5 src/measurements/pt2pt.c). One call() is `iterations` round trips: rank 0 sends then
// receives, rank 1 receives then sends; the runner divides the time by `iterations`
// (BoundOp::divisor), so the reported time is one full round trip, as SKaMPI reports it (OSU and
// IMB report half of it). Other ranks of the communicator stay idle (participates = false).
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

// --- the halves of a round trip --------------------------------------------------------

inline void send_std(BoundOp& b) {
  b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
}
inline void send_sync(BoundOp& b) {
  b.note(MPI_Ssend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
}
inline void send_isend(BoundOp& b) {
  MPI_Request r;
  b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm, &r));
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}
inline void send_issend(BoundOp& b) {
  MPI_Request r;
  b.note(MPI_Issend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm, &r));
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}
inline void recv_std(BoundOp& b) {
  b.note(
      MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm, MPI_STATUS_IGNORE));
}
inline void recv_any_tag(BoundOp& b) {
  b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, MPI_ANY_TAG, b.comm,
                  MPI_STATUS_IGNORE));
}
inline void recv_irecv(BoundOp& b) {
  MPI_Request r;
  b.note(MPI_Irecv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm, &r));
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}
inline void recv_iprobe(BoundOp& b) {
  int flag = 0;
  do {
    b.note(MPI_Iprobe(b.peer, b.tag, b.comm, &flag, MPI_STATUS_IGNORE));
  } while (!flag);
  recv_std(b);
}

template <void (*Send)(BoundOp&), void (*Recv)(BoundOp&)>
void ping(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    Send(b);
    Recv(b);
  }
}

template <void (*Send)(BoundOp&), void (*Recv)(BoundOp&)>
void pong(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    Recv(b);
    Send(b);
  }
}

// Both ranks exchange at once; rank 1's send side is rank 0's receive side (bind swaps them),
// and `tag` is this rank's send tag, `tag_back` its receive tag.
void exchange(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i)
    b.note(MPI_Sendrecv(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.buf.recv(),
                        b.recv_count, b.recv_type, b.peer, b.tag_back, b.comm, MPI_STATUS_IGNORE));
}

void idle(BoundOp&) noexcept {}

void bind_roles(BoundOp& b, CallFn ping_fn, CallFn pong_fn) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  b.participates = b.peer >= 0;
  b.call_fn = b.rank == 0 ? ping_fn : b.rank == 1 ? pong_fn : idle;
  b.divisor = b.iterations;
  b.fill_fn = fill_from_peer;
  b.check_fn = check_from_peer;
}

// (count, datatype, tag, iterations)
void bind_pingpong(BoundOp& b, const Args& a, CallFn ping_fn, CallFn pong_fn) {
  bind_same_blocks(b, a);
  b.tag = b.tag_back = static_cast<int>(a.integer("tag"));
  b.iterations = static_cast<int>(a.integer("iterations"));
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  bind_roles(b, ping_fn, pong_fn);
}

}  // namespace

// --- verification: rank 0's stream arrives at rank 1 and the other way round ---------------

void fill_from_peer(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

void bind_peer_block(BoundOp& b, const Args& a) {
  bind_same_blocks(b, a);
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  b.participates = b.peer >= 0;
  b.fill_fn = fill_from_peer;
  b.check_fn = check_from_peer;
}

std::optional<std::string> check_from_peer(const BoundOp& b) {
  if (!b.participates) return std::nullopt;
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, b.peer, 0))
    return verify_message(b, DiagId::verify_in_receive_buffer, *m);
  return std::nullopt;
}

int pair_peer(int rank, int size) {
  const int half = size / 2;
  if (rank < half) return rank + half;
  if (rank < 2 * half) return rank - half;
  return -1;
}

// A row: bind_pingpong_<fn> (the name operations.def gives) is the round trip whose two sides
// send and receive with the row's variants.
#define METRON_PINGPONG_FN(fn, Send, Recv)                   \
  void bind_pingpong_##fn(BoundOp& b, const Args& a) {       \
    bind_pingpong(b, a, ping<Send, Recv>, pong<Send, Recv>); \
  }
METRON_PINGPONG_FN(send_recv, send_std, recv_std)
METRON_PINGPONG_FN(isend_recv, send_isend, recv_std)
METRON_PINGPONG_FN(send_irecv, send_std, recv_irecv)
METRON_PINGPONG_FN(ssend_recv, send_sync, recv_std)
METRON_PINGPONG_FN(issend_recv, send_issend, recv_std)
METRON_PINGPONG_FN(isend_irecv, send_isend, recv_irecv)
METRON_PINGPONG_FN(send_recv_at, send_std, recv_any_tag)
METRON_PINGPONG_FN(send_iprobe_recv, send_std, recv_iprobe)
#undef METRON_PINGPONG_FN

// (send_count, send_dt, send_tag, recv_count, recv_dt, recv_tag, iterations): rank 0 sends the
// send side with send_tag and receives the receive side with recv_tag; rank 1 mirrors it, so
// the tags always match.
void bind_pingpong_sendrecv(BoundOp& b, const Args& a) {
  b.send_count = int_count(a, "send_count");
  b.send_dt = a.type("send_dt");
  b.tag = static_cast<int>(a.integer("send_tag"));
  b.recv_count = int_count(a, "recv_count");
  b.recv_dt = a.type("recv_dt");
  b.tag_back = static_cast<int>(a.integer("recv_tag"));
  b.iterations = static_cast<int>(a.integer("iterations"));
  if (b.rank == 1) {
    std::swap(b.send_count, b.recv_count);
    std::swap(b.send_dt, b.recv_dt);
    std::swap(b.tag, b.tag_back);
  }
  b.send_type = commit_type(b, b.send_dt);
  b.recv_type = commit_type(b, b.recv_dt);
  b.send_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.recv_block_bytes = block_bytes(b.recv_count, b.recv_dt);
  // Both ranks reserve the larger side on both sides, so the arena layout is the same on all.
  b.send_need_bytes = b.recv_need_bytes = std::max(b.send_block_bytes, b.recv_block_bytes);
  bind_roles(b, exchange, exchange);
}

}  // namespace metron::rt::ops
