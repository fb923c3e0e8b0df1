// SKaMPI 5's remaining point-to-point measurements (src/measurements/pt2pt.c, node2node.c):
// Pingpong_Bsend_Recv, Pingpong_Sendrecv_replace and Par_Pingpong_Send_Recv. As the other
// ping-pongs (pingpong.cpp), one call() is `iterations` round trips and the reported time is one
// full round trip.
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

void idle(BoundOp&) noexcept {}

// --- Pingpong_Bsend_Recv -----------------------------------------------------------------

void bsend(BoundOp& b) noexcept {
  b.note(MPI_Bsend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
}
void recv(BoundOp& b) noexcept {
  b.note(
      MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm, MPI_STATUS_IGNORE));
}
void ping_bsend(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    bsend(b);
    recv(b);
  }
}
void pong_bsend(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    recv(b);
    bsend(b);
  }
}

// --- Par_Pingpong_Send_Recv -------------------------------------------------------------------

void send(BoundOp& b) noexcept {
  b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
}
void ping_send(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    send(b);
    recv(b);
  }
}
void pong_send(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    recv(b);
    send(b);
  }
}

// MPI_Bsend needs an attached buffer: one message plus MPI's overhead is enough, since the
// reply to each message is received before the next is sent. SKaMPI's source attaches none,
// which MPI forbids; attaching and detaching happen outside every timed region.
void attach_bsend_buffer(BoundOp& b) {
  if (!b.participates) return;
  int pack = 0;
  b.note(MPI_Pack_size(b.send_count, b.send_type, b.comm, &pack));
  b.scratch.assign(static_cast<std::size_t>(pack) + MPI_BSEND_OVERHEAD, 0);
  b.note(MPI_Buffer_attach(b.scratch.data(), static_cast<int>(b.scratch.size())));
}
void detach_bsend_buffer(BoundOp& b) {
  if (b.scratch.empty()) return;
  void* addr = nullptr;
  int size = 0;
  MPI_Buffer_detach(&addr, &size);  // waits until the buffered messages have left
  b.scratch.clear();
}

// --- Pingpong_Sendrecv_replace ---------------------------------------------------------------

// Rank 0 sends with send_tag and receives with recv_tag; rank 1 the mirror, so the tags match.
// The one buffer is the receive slot (the result is checked there).
void sendrecv_replace(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i)
    b.note(MPI_Sendrecv_replace(b.buf.recv(), b.send_count, b.send_type, b.peer, b.tag, b.peer,
                                b.tag_back, b.comm, MPI_STATUS_IGNORE));
}
void fill_replace(BoundOp& b) {
  fill_pattern(b.buf.recv(), b.send_dt, b.send_count, b.rank, 0);
}
// Each exchange swaps the two ranks' data: after an odd number the peer's is here, after an
// even number the own.
std::optional<std::string> check_replace(const BoundOp& b) {
  if (!b.participates) return std::nullopt;
  const int from = b.iterations % 2 ? b.peer : b.rank;
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, from, 0))
    return verify_message(b, DiagId::verify_in_receive_buffer, *m);
  return std::nullopt;
}

// (count, datatype, tag, iterations) with the peer already set.
void bind_round_trip(BoundOp& b, const Args& a) {
  bind_peer_block(b, a);
  b.iterations = static_cast<int>(a.integer("iterations"));
  b.divisor = b.iterations;
}

}  // namespace

void bind_pingpong_bsend_recv(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_round_trip(b, a);
  b.tag = b.tag_back = static_cast<int>(a.integer("tag"));
  b.call_fn = b.rank == 0 ? ping_bsend : b.rank == 1 ? pong_bsend : idle;
  b.prepare_fn = attach_bsend_buffer;
  b.release_fn = detach_bsend_buffer;
}

void bind_pingpong_sendrecv_replace(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_round_trip(b, a);
  b.tag = static_cast<int>(a.integer("send_tag"));
  b.tag_back = static_cast<int>(a.integer("recv_tag"));
  if (b.rank == 1) std::swap(b.tag, b.tag_back);
  b.send_need_bytes = 0;  // works in place in the receive slot
  b.call_fn = b.peer < 0 ? idle : sendrecv_replace;
  b.fill_fn = fill_replace;
  b.check_fn = check_replace;
}

// The pairs (r, nodesize + r), r < procs, ping-pong at once: SKaMPI's test of whether a node's
// link is shared (procs processes of one node talk to the next node). SKaMPI's source sends
// every pair's messages to rank 1 and receives them from rank 0, which deadlocks for procs > 1;
// Metron pairs r with nodesize + r as the function's description intends.
void bind_par_pingpong_send_recv(BoundOp& b, const Args& a) {
  const int procs = static_cast<int>(a.integer("procs"));
  const int nodesize = static_cast<int>(a.integer("nodesize"));
  if (b.rank < procs)
    b.peer = b.rank + nodesize;
  else if (b.rank >= nodesize && b.rank < nodesize + procs)
    b.peer = b.rank - nodesize;
  else
    b.peer = -1;
  bind_round_trip(b, a);
  b.tag = b.tag_back = static_cast<int>(a.integer("tag"));
  b.call_fn = b.peer < 0 ? idle : b.rank < b.peer ? ping_send : pong_send;
}

}  // namespace metron::rt::ops
