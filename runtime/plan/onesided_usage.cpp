// Buffer use of SKaMPI's one-sided functions (see onesided_usage.h). The sizes follow SKaMPI's
// init_* functions (measurements/onesided.c): what the window and the origin need per rank.
#include "runtime/plan/onesided_usage.h"

#include <cmath>
#include <limits>

#include "runtime/plan/mpi_names.h"
#include "runtime/plan/op_args.h"

namespace metron {

namespace {

std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
std::int64_t count_bytes(const OpArgs& a) {
  return sat_mul(a.count("count"), a.type("datatype").extent());
}

}  // namespace

BufferUse usage_onesided_window(const OpArgs& a, int) {
  const std::int64_t b = count_bytes(a);
  return {b, b, b, a.count("count")};
}

BufferUse usage_onesided_put(const OpArgs& a, int p) {
  BufferUse u = usage_onesided_window(a, p);
  u.rate_bytes = u.reported_bytes;
  u.rate_messages = 1;
  return u;
}

BufferUse usage_onesided_pingpong(const OpArgs& a, int p) {
  BufferUse u = usage_onesided_window(a, p);
  u.rate_bytes = sat_mul(u.reported_bytes, 2);
  u.rate_messages = 2;
  return u;
}

BufferUse usage_onesided_gather(const OpArgs& a, int p) {
  const std::int64_t b = count_bytes(a);
  return {b, sat_mul(b, p), b, a.count("count")};
}

BufferUse usage_onesided_msgs(const OpArgs& a, int) {
  const std::int64_t b = sat_mul(count_bytes(a), a.integer("msg_count"));
  return {b, b, b, a.count("count")};
}

BufferUse usage_onesided_concurrent(const OpArgs& a, int p) {
  const std::int64_t b = count_bytes(a);
  const std::int64_t blocks = a.integer("disjoint") ? p - 1 : 1;
  return {b, sat_mul(b, blocks), b, a.count("count")};
}

BufferUse usage_onesided_exchange(const OpArgs& a, int) {
  const std::int64_t b = count_bytes(a);
  const std::int64_t n = a.integer("msg_count");
  const bool one_block = a.has("disjoint") && a.integer("disjoint") == 0;
  BufferUse u{b, one_block ? b : sat_mul(b, n), b, a.count("count")};
  u.rate_bytes = sat_mul(b, n);
  u.rate_messages = n;
  return u;
}

BufferUse usage_onesided_bcast(const OpArgs& a, int) {
  const std::int64_t b = count_bytes(a);
  return {b, sat_mul(b, a.integer("bcast_count")), b, a.count("count")};
}

BufferUse usage_onesided_alltoall(const OpArgs& a, int p) {
  const std::int64_t b = sat_mul(count_bytes(a), p);
  return {b, sat_mul(b, a.integer("alltoall_count")), count_bytes(a), a.count("count")};
}

BufferUse usage_multi_alltoall(const OpArgs& a, int p) {
  const std::int64_t send = sat_mul(a.count("send_count"), a.type("send_dt").extent());
  const std::int64_t recv = sat_mul(a.count("recv_count"), a.type("recv_dt").extent());
  const std::int64_t rounds = a.integer("alltoall_count");
  return {sat_mul(send, p), sat_mul(sat_mul(recv, p), rounds), sat_mul(send, rounds),
          a.count("send_count")};
}

BufferUse usage_onesided_int_put(const OpArgs& a, int) {
  const std::int64_t b = sat_mul(a.count("count"), 4);  // MPI_INT, as SKaMPI
  return {b, b, b, a.count("count"), b, 1};
}

BufferUse usage_onesided_struct(const OpArgs& a, int) {
  const std::int64_t b = sat_mul(a.count("count"), kStructElementBytes);
  return {b, b, b, a.count("count"), b, 1};
}

std::int64_t border_rows(std::int64_t count) {
  return static_cast<std::int64_t>(std::sqrt(static_cast<double>(count / 2)));
}

namespace {
BufferUse border_use(const OpArgs& a, std::int64_t extra_rows) {
  const std::int64_t rows = border_rows(a.count("count"));
  const std::int64_t row_bytes = 2 * rows * 8;  // 2 * rows doubles
  const std::int64_t b = sat_mul(rows + extra_rows, row_bytes);
  return {b, b, 2 * row_bytes, a.count("count"), 2 * row_bytes, 2};
}
}  // namespace

BufferUse usage_border(const OpArgs& a, int) {
  return border_use(a, 2);
}
BufferUse usage_border_twosided(const OpArgs& a, int) {
  return border_use(a, 4);
}

}  // namespace metron
