// Point-to-point latencies as OSU and IMB report them: Latency (osu_latency, IMB
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
// IMB's AnySource variants receive from MPI_ANY_SOURCE (only the peer sends).
template <bool AnySource>
int source_of(const BoundOp& b) {
  return AnySource ? MPI_ANY_SOURCE : b.peer;
}
template <bool AnySource>
void ping(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, source_of<AnySource>(b), b.tag, b.comm,
                    MPI_STATUS_IGNORE));
  }
}
template <bool AnySource>
void pong(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, source_of<AnySource>(b), b.tag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm));
  }
}

// IMB PingPing: both send at once, so each message meets a send in the other direction.
template <bool AnySource>
void pingping(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    MPI_Request r;
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, b.tag, b.comm, &r));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, source_of<AnySource>(b), b.tag, b.comm,
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
  bind_peer_block(b, a);
  b.tag = b.tag_back = static_cast<int>(a.integer("tag"));
  b.iterations = iterations_arg(b, a);
}

}  // namespace

void bind_latency(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_common(b, a);
  b.call_fn = b.rank == 0 ? ping<false> : b.rank == 1 ? pong<false> : idle;
  b.divisor = 2 * b.iterations;  // one way: half of each round trip
}

void bind_multi_latency(BoundOp& b, const Args& a) {
  b.peer = pair_peer(b.rank, b.size);
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : b.rank < b.peer ? ping<false> : pong<false>;
  b.divisor = 2 * b.iterations;
}

void bind_pingping(BoundOp& b, const Args& a) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping<false>;
  b.divisor = b.iterations;
}

void bind_multi_pingping(BoundOp& b, const Args& a) {
  b.peer = pair_peer(b.rank, b.size);
  bind_common(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping<false>;
  b.divisor = b.iterations;
}

void bind_latency_any_source(BoundOp& b, const Args& a) {
  bind_latency(b, a);
  b.call_fn = b.rank == 0 ? ping<true> : b.rank == 1 ? pong<true> : idle;
}

void bind_pingping_any_source(BoundOp& b, const Args& a) {
  bind_pingping(b, a);
  b.call_fn = b.peer < 0 ? idle : pingping<true>;
}

}  // namespace metron::rt::ops
