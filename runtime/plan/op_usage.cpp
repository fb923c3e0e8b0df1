// Buffer use per rank and the reported message size (SKaMPI's convention) of each operation.
#include "runtime/plan/op_usage.h"

#include <algorithm>
#include <limits>
#include <string_view>

#include "runtime/plan/skampi_counts.h"

namespace metron {

namespace {

// Byte counts saturate instead of wrapping: the plan builder rejects counts above MPI's int
// range first, but a huge communicator size could still push a product past 64 bits.
std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
std::int64_t sat_add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
std::int64_t bytes(const OpArgs& a, std::string_view count, std::string_view dt) {
  return sat_mul(a.count(count), a.type(dt).extent());
}

}  // namespace

std::int64_t datatype_tail_bytes(const std::vector<Value>& args) {
  std::int64_t tail = 0;
  for (const Value& v : args)
    if (v.is(Value::Type::Datatype)) tail = std::max(tail, v.as_type().tail_bytes());
  return tail;
}

BufferUse buffer_use(const MeasureFunc& f, const std::vector<Value>& args, int comm_size) {
  BufferUse u;
  if (!f.usage) return u;
  u = f.usage(OpArgs(f, args), comm_size);
  const std::int64_t tail = datatype_tail_bytes(args);
  if (u.send_bytes > 0) u.send_bytes = sat_add(u.send_bytes, tail);
  if (u.recv_bytes > 0) u.recv_bytes = sat_add(u.recv_bytes, tail);
  return u;
}

BufferUse usage_none(const OpArgs&, int) {
  return {0, 0, 0, 0};
}

BufferUse usage_count_dt(const OpArgs& a, int) {
  const std::int64_t b = bytes(a, "count", "datatype");
  return {b, b, b, a.count("count")};
}

BufferUse usage_bcast(const OpArgs& a, int) {
  const std::int64_t b = bytes(a, "count", "datatype");
  return {b, 0, b, a.count("count")};
}

BufferUse usage_gather(const OpArgs& a, int p) {
  const std::int64_t s = bytes(a, "send_count", "send_dt");
  return {s, sat_mul(bytes(a, "recv_count", "recv_dt"), p), s, a.count("send_count")};
}

BufferUse usage_scatter(const OpArgs& a, int p) {
  const std::int64_t r = bytes(a, "recv_count", "recv_dt");
  return {sat_mul(bytes(a, "send_count", "send_dt"), p), r, r, a.count("recv_count")};
}

BufferUse usage_alltoall(const OpArgs& a, int p) {
  const std::int64_t s = bytes(a, "send_count", "send_dt");
  return {sat_mul(s, p), sat_mul(bytes(a, "recv_count", "recv_dt"), p), s, a.count("send_count")};
}

BufferUse usage_reduce_scatter(const OpArgs& a, int p) {
  const std::int64_t b = bytes(a, "count", "datatype");
  return {sat_mul(b, p), b, b, a.count("count")};
}

// Rank 0 sends the send side and receives the receive side; rank 1 mirrors it, so each buffer
// must hold the larger of the two on some rank.
BufferUse usage_pingpong_sendrecv(const OpArgs& a, int) {
  const std::int64_t s = bytes(a, "send_count", "send_dt");
  const std::int64_t b = std::max(s, bytes(a, "recv_count", "recv_dt"));
  return {b, b, s, a.count("send_count")};
}

BufferUse usage_synthetic(const OpArgs& a, int) {
  return {0, 0, bytes(a, "count", "datatype"), a.count("count")};  // busy-waits; no buffer
}

BufferUse usage_pingpong(const OpArgs& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, 2);
  u.rate_messages = 2;
  return u;
}

BufferUse usage_pingpong_sendrecv_rate(const OpArgs& a, int p) {
  BufferUse u = usage_pingpong_sendrecv(a, p);
  u.rate_bytes = bytes(a, "send_count", "send_dt") + bytes(a, "recv_count", "recv_dt");
  u.rate_messages = 2;
  return u;
}

BufferUse usage_one_way(const OpArgs& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = u.reported_bytes;
  u.rate_messages = 1;
  return u;
}

BufferUse usage_multi_latency(const OpArgs& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, p / 2);
  u.rate_messages = p / 2;
  return u;
}

namespace {
// The window's receives go to distinct blocks (MPI forbids concurrent receives into one buffer),
// and the 4-byte ack needs a slot on both sides. `pairs` pairs, `ways` directions.
BufferUse usage_window(const OpArgs& a, std::int64_t pairs, int ways) {
  const std::int64_t block = bytes(a, "count", "datatype");
  const std::int64_t window = a.integer("window");
  BufferUse u{std::max<std::int64_t>(block, 4), std::max<std::int64_t>(sat_mul(block, window), 4),
              block, a.count("count")};
  u.rate_bytes = sat_mul(sat_mul(sat_mul(block, window), pairs), ways);
  u.rate_messages = sat_mul(sat_mul(window, pairs), ways);
  return u;
}
}  // namespace

BufferUse usage_bw(const OpArgs& a, int) {
  return usage_window(a, 1, 1);
}
BufferUse usage_bibw(const OpArgs& a, int) {
  return usage_window(a, 1, 2);
}
BufferUse usage_multi_bw(const OpArgs& a, int p) {
  // osu_mbw_mr -p: `pairs` pairs (0: p/2); a value out of range is refused at bind.
  const std::int64_t pairs = a.has("pairs") ? a.integer("pairs") : 0;
  return usage_window(a, pairs > 0 && pairs <= p / 2 ? static_cast<int>(pairs) : p / 2, 1);
}
BufferUse usage_multi_bibw(const OpArgs& a, int p) {
  return usage_window(a, p / 2, 2);
}

BufferUse usage_ring_sendrecv(const OpArgs& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, 2);
  u.rate_messages = 2;
  return u;
}

BufferUse usage_exchange(const OpArgs& a, int p) {
  BufferUse u = usage_count_dt(a, p);
  u.recv_bytes = sat_mul(u.reported_bytes, 2);  // one block from each neighbour
  u.rate_bytes = sat_mul(u.reported_bytes, 4);
  u.rate_messages = 4;
  return u;
}

namespace {
std::int64_t padded_bytes(const OpArgs& a, int p) {
  const std::int64_t n = a.count("count"), ranks = std::max(p, 1);
  return sat_mul(sat_mul((n + ranks - 1) / ranks, ranks), a.type("datatype").extent());
}
}  // namespace

BufferUse usage_bcast_padded(const OpArgs& a, int p) {
  return {padded_bytes(a, p), 0, bytes(a, "count", "datatype"), a.count("count")};
}

BufferUse usage_count_dt_padded(const OpArgs& a, int p) {
  const std::int64_t b = padded_bytes(a, p);
  return {b, b, bytes(a, "count", "datatype"), a.count("count")};
}

BufferUse usage_rma_latency(const OpArgs& a, int) {
  const std::int64_t b = bytes(a, "count", "datatype");
  BufferUse u{b, sat_mul(b, 2), b, a.count("count")};
  u.rate_bytes = b;
  u.rate_messages = 1;
  return u;
}

BufferUse usage_rma_atomic(const OpArgs& a, int) {
  const std::int64_t b = a.type("datatype").extent();
  BufferUse u{sat_mul(b, 2), sat_mul(b, 2), b, 1};
  u.rate_bytes = b;
  u.rate_messages = 1;
  return u;
}

namespace {
BufferUse usage_rma_window(const OpArgs& a, int ways, int recv_windows) {
  const std::int64_t block = bytes(a, "count", "datatype");
  const std::int64_t window = a.integer("window");
  const std::int64_t all = sat_mul(block, window);
  BufferUse u{all, sat_mul(all, recv_windows), block, a.count("count")};
  u.rate_bytes = sat_mul(all, ways);
  u.rate_messages = sat_mul(window, ways);
  return u;
}
}  // namespace

BufferUse usage_rma_put_bw(const OpArgs& a, int) {
  return usage_rma_window(a, 1, 1);
}
BufferUse usage_rma_get_bw(const OpArgs& a, int) {
  return usage_rma_window(a, 1, 2);
}
BufferUse usage_rma_bibw(const OpArgs& a, int) {
  return usage_rma_window(a, 2, 1);
}

namespace {
// IMB-RMA (rma_imb.cpp): `blocks` blocks of count elements in the window and the origin buffer,
// the receive side twice that where operations fetch; one round moves `accesses` blocks.
BufferUse usage_rma_blocks(const OpArgs& a, std::int64_t blocks, bool fetch,
                           std::int64_t accesses) {
  const std::int64_t block = bytes(a, "count", "datatype");
  const std::int64_t all = sat_mul(block, blocks);
  BufferUse u{all, sat_mul(all, fetch ? 2 : 1), block, a.count("count")};
  u.rate_bytes = sat_mul(block, accesses);
  u.rate_messages = accesses;
  return u;
}
}  // namespace

BufferUse usage_rma_pair_put(const OpArgs& a, int) {
  return usage_rma_blocks(a, 1, false, 1);
}
BufferUse usage_rma_pair_get(const OpArgs& a, int) {
  return usage_rma_blocks(a, 1, true, 1);
}
BufferUse usage_rma_exchange_put(const OpArgs& a, int) {
  return usage_rma_blocks(a, 2, false, 2);
}
BufferUse usage_rma_exchange_get(const OpArgs& a, int) {
  return usage_rma_blocks(a, 2, true, 2);
}
BufferUse usage_rma_all_put(const OpArgs& a, int p) {
  return usage_rma_blocks(a, p, false, p - 1);
}
BufferUse usage_rma_all_get(const OpArgs& a, int p) {
  return usage_rma_blocks(a, p, true, p - 1);
}

BufferUse usage_myalltoallv(const OpArgs& a, int p) {
  const int ranks = std::max(p, 1);
  const double ratio = a.number("ratio");
  if (!(ratio > 0)) return usage_alltoall(a, p);  // rejected by the checks (op_checks.cpp)
  const std::int64_t charged = a.integer("charged_rank");
  std::int64_t send = 0, recv = 0;
  // Send counts are the same on every rank; the charged rank receives differently from the rest.
  for (int k = 0; k < std::min(ranks, 2); ++k) {
    const int rank = static_cast<int>((charged + k) % ranks);
    const SkewedCounts c = myalltoallv_counts(a.count("send_count"), a.count("recv_count"), ranks,
                                              rank, charged, ratio);
    std::int64_t s = 0, t = 0;
    for (std::int64_t n : c.send) s += n;
    for (std::int64_t n : c.recv) t += n;
    send = std::max(send, s);
    recv = std::max(recv, t);
  }
  const std::int64_t sb = sat_mul(send, a.type("send_dt").extent());
  return {sb, sat_mul(recv, a.type("recv_dt").extent()), sb, a.count("send_count")};
}

BufferUse usage_reduce_scatterv(const OpArgs& a, int) {
  const std::int64_t b = bytes(a, "count", "datatype");
  return {b, b, b, a.count("count")};
}

BufferUse usage_par_pingpong(const OpArgs& a, int p) {
  BufferUse u = usage_pingpong(a, p);
  const std::int64_t pairs = std::max<std::int64_t>(1, a.integer("procs"));
  u.rate_bytes = sat_mul(u.rate_bytes, pairs);
  u.rate_messages = sat_mul(u.rate_messages, pairs);
  return u;
}

namespace {
std::int64_t neighbours(const OpArgs& a) {
  return sat_mul(2, std::max<std::int64_t>(a.integer("ndims"), 0));
}
}  // namespace

BufferUse usage_neighbor_allgather(const OpArgs& a, int) {
  const std::int64_t s = bytes(a, "send_count", "send_dt");
  return {s, sat_mul(bytes(a, "recv_count", "recv_dt"), neighbours(a)), s, a.count("send_count")};
}

BufferUse usage_neighbor_alltoall(const OpArgs& a, int) {
  const std::int64_t s = bytes(a, "send_count", "send_dt");
  return {sat_mul(s, neighbours(a)), sat_mul(bytes(a, "recv_count", "recv_dt"), neighbours(a)), s,
          a.count("send_count")};
}

std::int64_t thread_share_bytes(std::int64_t base_bytes) {
  if (base_bytes <= 0) return 0;
  return sat_add(base_bytes, kThreadShareAlign - 1) / kThreadShareAlign * kThreadShareAlign;
}

namespace {
BufferUse threaded(BufferUse u, const OpArgs& a) {
  const std::int64_t t = a.integer("threads");
  u.send_bytes = sat_mul(thread_share_bytes(u.send_bytes), t);
  u.recv_bytes = sat_mul(thread_share_bytes(u.recv_bytes), t);
  u.rate_bytes = sat_mul(u.rate_bytes, t);
  u.rate_messages = sat_mul(u.rate_messages, t);
  return u;
}
}  // namespace

BufferUse usage_mt_none(const OpArgs& a, int p) {
  return threaded(usage_none(a, p), a);
}
BufferUse usage_mt_count_dt(const OpArgs& a, int p) {
  return threaded(usage_count_dt(a, p), a);
}
BufferUse usage_mt_bcast(const OpArgs& a, int p) {
  return threaded(usage_bcast(a, p), a);
}
BufferUse usage_mt_gather(const OpArgs& a, int p) {
  return threaded(usage_gather(a, p), a);
}
BufferUse usage_mt_scatter(const OpArgs& a, int p) {
  return threaded(usage_scatter(a, p), a);
}
BufferUse usage_mt_alltoall(const OpArgs& a, int p) {
  return threaded(usage_alltoall(a, p), a);
}
BufferUse usage_mt_one_way(const OpArgs& a, int p) {
  BufferUse u = threaded(usage_one_way(a, p), a);
  // osu_latency_mt's one sender has one message in flight, whatever the receiving threads: the
  // rates of one ping-pong; the buffer is the receivers' (every thread a share).
  if (a.has("one_sender") && a.integer("one_sender") == 1) {
    const BufferUse one = usage_one_way(a, p);
    u.rate_bytes = one.rate_bytes;
    u.rate_messages = one.rate_messages;
  }
  return u;
}
BufferUse usage_mt_multi_latency(const OpArgs& a, int p) {
  return threaded(usage_multi_latency(a, p), a);
}
BufferUse usage_mt_multi_bw(const OpArgs& a, int p) {
  return threaded(usage_multi_bw(a, p), a);
}
BufferUse usage_mt_multi_bibw(const OpArgs& a, int p) {
  return threaded(usage_multi_bibw(a, p), a);
}

// IMB-P2P's random patterns: the rates of one reported time (a step, or Corandom's round).
namespace {
BufferUse usage_random(const OpArgs& a, int p, std::int64_t messages) {
  BufferUse u = usage_count_dt(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, messages);
  u.rate_messages = messages;
  return u;
}
}  // namespace

BufferUse usage_unirandom(const OpArgs& a, int p) {
  return usage_random(a, p, 1);
}
BufferUse usage_birandom(const OpArgs& a, int p) {
  return usage_random(a, p, 2);
}
BufferUse usage_corandom(const OpArgs& a, int p) {
  return usage_random(a, p, std::max(p, 1));
}

// IMB-P2P's stencils and Sendrecv_replace: IMB counts the messages of all ranks.
namespace {
BufferUse usage_stencil(const OpArgs& a, int p, int neighbours) {
  BufferUse u = usage_count_dt(a, p);
  u.send_bytes = u.recv_bytes = sat_mul(u.reported_bytes, neighbours);  // a block each
  u.rate_messages = static_cast<std::int64_t>(neighbours) * std::max(p, 1);
  u.rate_bytes = sat_mul(u.reported_bytes, u.rate_messages);
  return u;
}
}  // namespace

BufferUse usage_stencil2d(const OpArgs& a, int p) {
  return usage_stencil(a, p, 4);
}
BufferUse usage_stencil3d(const OpArgs& a, int p) {
  return usage_stencil(a, p, 6);
}
BufferUse usage_sendrecv_replace(const OpArgs& a, int p) {
  BufferUse u = usage_random(a, p, std::max(p, 1));
  u.send_bytes = 0;  // one buffer, the receive side
  return u;
}

}  // namespace metron
