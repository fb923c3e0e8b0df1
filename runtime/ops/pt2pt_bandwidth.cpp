// Windowed bandwidth as OSU and IMB measure it: Bandwidth (osu_bw), Bibandwidth
// (osu_bibw), Multi_bandwidth (osu_mbw_mr), Uniband and Biband (IMB-MPI1). One window: the
// sender posts `window` MPI_Isend of the block, MPI_Waitall, and waits for a 4-byte ack; the
// receiver posts `window` MPI_Irecv into distinct blocks (MPI forbids concurrent receives into
// one buffer; OSU reuses one), MPI_Waitall, and sends the ack. Bidirectional: both ranks post
// their receives, then their sends, then one MPI_Waitall, with no ack. Pairs are (r, r + p/2)
// (Bandwidth and Bibandwidth: ranks 0 and 1 only; Multi_bandwidth: (r, r + pairs) when its
// `pairs` is set, osu_mbw_mr -p); an odd last rank stays idle.
#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

constexpr int kDataTag = 1;
constexpr int kAckTag = 2;
constexpr int kAckBytes = 4;  // OSU's ack

// `set single_buffer = on` (OSU's -b single): every receive of the window into block 0.
char* window_block(const BoundOp& b, int w) {
  return b.single_block ? b.buf.recv()
                        : b.buf.recv() + static_cast<std::int64_t>(w) * b.recv_block_bytes;
}

void send_window(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    for (int w = 0; w < b.window; ++w)
      b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, kDataTag, b.comm,
                       &b.requests[static_cast<std::size_t>(w)]));
    b.note(MPI_Waitall(b.window, b.requests.data(), MPI_STATUSES_IGNORE));
    b.note(MPI_Recv(b.buf.recv(), kAckBytes, MPI_BYTE, b.peer, kAckTag, b.comm, MPI_STATUS_IGNORE));
  }
}

void receive_window(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    for (int w = 0; w < b.window; ++w)
      b.note(MPI_Irecv(window_block(b, w), b.recv_count, b.recv_type, b.peer, kDataTag, b.comm,
                       &b.requests[static_cast<std::size_t>(w)]));
    b.note(MPI_Waitall(b.window, b.requests.data(), MPI_STATUSES_IGNORE));
    b.note(MPI_Send(b.buf.send(), kAckBytes, MPI_BYTE, b.peer, kAckTag, b.comm));
  }
}

void both_ways(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    for (int w = 0; w < b.window; ++w)
      b.note(MPI_Irecv(window_block(b, w), b.recv_count, b.recv_type, b.peer, kDataTag, b.comm,
                       &b.requests[static_cast<std::size_t>(w)]));
    for (int w = 0; w < b.window; ++w)
      b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, b.peer, kDataTag, b.comm,
                       &b.requests[static_cast<std::size_t>(b.window + w)]));
    b.note(MPI_Waitall(2 * b.window, b.requests.data(), MPI_STATUSES_IGNORE));
  }
}

void idle(BoundOp&) noexcept {}

void fill_window(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

// Every block of the window holds the peer's stream. `receives` says whether this rank does.
std::optional<std::string> check_window(const BoundOp& b, bool receives) {
  if (!receives) return std::nullopt;
  for (int w = 0; w < (b.single_block ? 1 : b.window); ++w)
    if (auto m = check_pattern(window_block(b, w), b.recv_dt, b.recv_count, b.peer, 0)) {
      m->offset += static_cast<std::int64_t>(w) * b.recv_block_bytes;
      return verify_message(b, DiagId::verify_in_receive_buffer, *m);
    }
  return std::nullopt;
}
std::optional<std::string> check_receiver(const BoundOp& b) {
  return check_window(b, b.peer >= 0 && b.rank > b.peer);
}
std::optional<std::string> check_both(const BoundOp& b) {
  return check_window(b, b.peer >= 0);
}

// (count, datatype, window, iterations)
void bind_window(BoundOp& b, const Args& a, int peer, bool bidirectional) {
  b.peer = peer;
  b.participates = peer >= 0;
  bind_same_blocks(b, a);
  b.window = static_cast<int>(a.integer("window"));          // checked: op_checks.h (kMaxWindow)
  b.iterations = static_cast<int>(a.integer("iterations"));  // checked: op_checks.h
  b.divisor = b.iterations;                                  // the reported time is one window
  // The same on every rank, so that the arena layout is too (and the ack always has room).
  b.send_need_bytes = std::max<std::int64_t>(b.send_block_bytes, kAckBytes);
  b.single_block = b.settings && b.settings->single_buffer;
  b.recv_need_bytes =
      std::max<std::int64_t>(b.recv_block_bytes * (b.single_block ? 1 : b.window), kAckBytes);
  b.requests.assign(static_cast<std::size_t>(2 * b.window), MPI_REQUEST_NULL);
  b.fill_fn = fill_window;
  if (peer < 0)
    b.call_fn = idle;
  else if (bidirectional)
    b.call_fn = both_ways;
  else
    b.call_fn = b.rank < peer ? send_window : receive_window;
  b.check_fn = bidirectional ? check_both : check_receiver;
}

int first_pair_peer(int rank) {
  return rank == 0 ? 1 : rank == 1 ? 0 : -1;
}

}  // namespace

void bind_bandwidth(BoundOp& b, const Args& a) {
  bind_window(b, a, first_pair_peer(b.rank), false);
}
void bind_bibandwidth(BoundOp& b, const Args& a) {
  bind_window(b, a, first_pair_peer(b.rank), true);
}
void bind_multi_bandwidth(BoundOp& b, const Args& a) {
  // osu_mbw_mr -p: pairs (r, r + pairs) for r < pairs, the further ranks idle; 0: p/2 pairs.
  const std::int64_t pairs = a.has("pairs") ? a.integer("pairs") : 0;
  if (pairs < 0 || pairs > b.size / 2)
    bind_error(b, DiagId::job_param_range, "pairs", 0, b.size / 2, pairs);
  const int n = pairs > 0 ? static_cast<int>(pairs) : b.size / 2;
  const int peer = b.rank < n ? b.rank + n : b.rank < 2 * n ? b.rank - n : -1;
  bind_window(b, a, peer, false);
}
void bind_multi_bibandwidth(BoundOp& b, const Args& a) {
  bind_window(b, a, pair_peer(b.rank, b.size), true);
}

}  // namespace metron::rt::ops
