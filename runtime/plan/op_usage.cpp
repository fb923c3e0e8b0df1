// Buffer use per rank and the reported message size (SKaMPI's convention) of each operation.
#include "runtime/plan/op_usage.h"

#include <algorithm>
#include <limits>
#include <string_view>

namespace metron {

namespace {

// Byte counts saturate instead of wrapping: the plan builder rejects counts above MPI's int
// range first, but a huge communicator size could still push a product past 64 bits.
std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
std::int64_t bytes(const OpArgs& a, std::string_view count, std::string_view dt) {
  return sat_mul(a.count(count), datatype_size(a.datatype(dt)));
}

}  // namespace

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

namespace {
std::int64_t padded_bytes(const OpArgs& a, int p) {
  const std::int64_t n = a.count("count"), ranks = std::max(p, 1);
  return sat_mul(sat_mul((n + ranks - 1) / ranks, ranks), datatype_size(a.datatype("datatype")));
}
}  // namespace

BufferUse usage_bcast_padded(const OpArgs& a, int p) {
  return {padded_bytes(a, p), 0, bytes(a, "count", "datatype"), a.count("count")};
}

BufferUse usage_count_dt_padded(const OpArgs& a, int p) {
  const std::int64_t b = padded_bytes(a, p);
  return {b, b, bytes(a, "count", "datatype"), a.count("count")};
}

}  // namespace metron
