// Point-to-point latencies as OSU and IMB report them (issue 15): Latency (osu_latency, IMB
// PingPong: half a round trip), Multi_latency (osu_multi_lat: pairs at once) and IMB's PingPing
// (both ranks send at once), and IMB's AnySource variants of PingPong and PingPing. Pairs are
// (r, r + p/2); an odd last rank stays idle. Only ranks 0 and 1 of the communicator send, so an
// MPI_ANY_SOURCE receive can only match the peer's message.
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

// One round trip per iteration: the pinging rank sends then receives, the other the reverse.
void ping(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
  }
}

void pong(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
  }
}

// IMB PingPing: both send at once, so each message meets a send in the other direction.
void pingping(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    MPI_Request r;
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm, &r));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, b.peer, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
  }
}

// IMB's AnySource variants: the same with MPI_ANY_SOURCE in the receives.
void ping_any(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, MPI_ANY_SOURCE, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
  }
}

void pong_any(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, MPI_ANY_SOURCE, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
  }
}

void pingping_any(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    MPI_Request r;
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm, &r));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, MPI_ANY_SOURCE, b.tag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
  }
}

void idle(BoundOp&) noexcept {}

// At least 1 is the shared check (op_checks.h); the upper bound keeps 2 * iterations, the
// divisor of a one-way time, an int.
int iterations_arg(const BoundOp& b, const Args& a) {
  const std::int64_t n = a.integer("iterations");
  if (n < 1 || n > INT_MAX / 2)
    bind_error(b, DiagId::job_param_range, "iterations", 1, INT_MAX / 2, n);
  return static_cast<int>(n);
}

// (count, datatype, tag, iterations) with the peers set by the caller.
void bind_common(BoundOp& b, const Args& a) {
  b.send_count = b.recv_count = int_count(a, "count");
  b.send_dt = b.recv_dt = a.type("datatype");
  b.send_type = b.recv_type = commit_type(b, b.send_dt);
  b.tag = b.tag_back = static_cast<int>(a.integer("tag"));
  b.iterations = iterations_arg(b, a);
  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  b.participates = b.peer >= 0;
  b.fill_fn = fill_from_peer;
  b.check_fn = check_from_peer;
}

}  // namespace

void bind_latency(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_common(b, a);
  b.call_fn = b.rank == 0 ? ping : b.rank == 1 ? pong : idle;
  b.divisor = 2 * b.iterations;  // one way: half of each round trip
}

void bind_multi_latency(BoundOp& b, const Args& a) {
  b.peer = pair_peer(b.rank, b.size);
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : b.rank < b.peer ? ping : pong;
  b.divisor = 2 * b.iterations;
}

void bind_pingping(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping;
  b.divisor = b.iterations;
}

void bind_multi_pingping(BoundOp& b, const Args& a) {
  b.peer = pair_peer(b.rank, b.size);
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping;
  b.divisor = b.iterations;
}

void bind_latency_any_source(BoundOp& b, const Args& a) {
  bind_latency(b, a);
  b.call_fn = b.rank == 0 ? ping_any : b.rank == 1 ? pong_any : idle;
}

void bind_pingping_any_source(BoundOp& b, const Args& a) {
  bind_pingping(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping_any;
}

}  // namespace metron::rt::ops
