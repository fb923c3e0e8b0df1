// Buffer use of the MPI-IO operations.
#include "runtime/plan/io_usage.h"

#include <algorithm>
#include <limits>

#include "runtime/plan/local_io.h"

namespace metron {

namespace {

std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}
// Memory holds count elements of memtype at its extent; the data moved are its size (a derived
// memtype's holes are not moved: SKaMPI reports type size * count).
std::int64_t mem_bytes(const OpArgs& a, std::int64_t count) {
  return sat_mul(count, a.type("memtype").extent());
}
std::int64_t data_bytes(const OpArgs& a, std::int64_t count) {
  return sat_mul(count, a.type("memtype").size());
}
BufferUse sides(std::int64_t per_rank, std::int64_t reported, std::int64_t count, bool write) {
  BufferUse u{write ? per_rank : 0, write ? 0 : per_rank, reported, count};
  u.rate_bytes = reported;
  return u;
}
// An integer or, for the random patterns, a list with one integer per rank: the largest.
std::int64_t largest(const OpArgs& a, std::string_view name) {
  const Value& v = a.value(name);
  if (!v.is(Value::Type::List)) return v.as_int();
  std::int64_t m = 0;
  for (const Value& e : v.as_list())
    if (e.is(Value::Type::Int)) m = std::max(m, e.as_int());
  return m;
}
std::int64_t total(const OpArgs& a, std::string_view name, int p) {
  const Value& v = a.value(name);
  if (!v.is(Value::Type::List)) return sat_mul(v.as_int(), p);
  std::int64_t s = 0;
  for (const Value& e : v.as_list())
    if (e.is(Value::Type::Int)) s += e.as_int();
  return s;
}

// IMB-IO's reads: the I variants' `transfers` reads of a call land in a slice each (io_imb.cpp).
BufferUse imb_read(const OpArgs& a) {
  const std::int64_t b = a.count("count");
  const std::int64_t slices = a.has("transfers") ? a.integer("transfers") : 1;
  BufferUse u = sides(b, b, b, false);
  u.recv_bytes = b * std::max<std::int64_t>(slices, 1);
  return u;
}

}  // namespace

BufferUse usage_io_none(const OpArgs&, int) {
  return {0, 0, 0, 0};
}

BufferUse usage_io_file_size(const OpArgs& a, int) {
  return {0, 0, a.count("count"), a.count("count")};
}

BufferUse usage_io_one_byte(const OpArgs&, int) {
  return {1, 0, 1, 1};
}

BufferUse usage_io_write_count(const OpArgs& a, int p) {
  const std::int64_t n = a.count("count");
  return sides(mem_bytes(a, n), sat_mul(data_bytes(a, n), p), n, true);
}

BufferUse usage_io_read_count(const OpArgs& a, int p) {
  const std::int64_t n = a.count("count");
  return sides(mem_bytes(a, n), sat_mul(data_bytes(a, n), p), n, false);
}

BufferUse usage_io_write_memsize(const OpArgs& a, int p) {
  const std::int64_t n = a.count("memsize");
  return sides(mem_bytes(a, n), sat_mul(data_bytes(a, n), p), n, true);
}

BufferUse usage_io_read_memsize(const OpArgs& a, int p) {
  const std::int64_t n = a.count("memsize");
  return sides(mem_bytes(a, n), sat_mul(data_bytes(a, n), p), n, false);
}

BufferUse usage_io_write_random(const OpArgs& a, int p) {
  return sides(mem_bytes(a, largest(a, "memsize")), data_bytes(a, total(a, "memsize", p)),
               largest(a, "memsize"), true);
}

BufferUse usage_io_read_random(const OpArgs& a, int p) {
  return sides(mem_bytes(a, largest(a, "memsize")), data_bytes(a, total(a, "memsize", p)),
               largest(a, "memsize"), false);
}

BufferUse usage_io_write_and_read(const OpArgs& a, int p) {
  const std::int64_t n = a.count("memsize"), b = mem_bytes(a, n);
  BufferUse u{b, b, sat_mul(data_bytes(a, n), p), n};
  u.rate_bytes = u.reported_bytes;
  return u;
}

BufferUse usage_io_read_and_distribute(const OpArgs& a, int p) {
  const std::int64_t readers = std::clamp<std::int64_t>(a.count("np"), 1, std::max(p, 1));
  const std::int64_t padded = (a.count("count") + readers - 1) / readers * readers;
  const std::int64_t part = mem_bytes(a, padded / readers), data = data_bytes(a, padded);
  BufferUse u{part, mem_bytes(a, padded), data, padded};  // send: a reader's part; receive: all
  u.rate_bytes = data;
  return u;
}

BufferUse usage_imb_single_write(const OpArgs& a, int) {
  const std::int64_t b = a.count("count");
  return sides(b, b, b, true);
}

BufferUse usage_imb_single_read(const OpArgs& a, int) {
  return imb_read(a);
}

BufferUse usage_imb_parallel_write(const OpArgs& a, int) {
  const std::int64_t b = a.count("count");
  return sides(b, b, b, true);  // IMB-IO reports x/t with x the size per process
}

BufferUse usage_imb_parallel_read(const OpArgs& a, int) {
  return imb_read(a);
}

// SKaMPI's local IO: rank 0 moves the bytes alone (the other ranks need no buffer, but the
// usage is per rank: the largest).
BufferUse usage_local_io_read(const OpArgs& a, int) {
  const std::int64_t b = local_io_bytes(a);
  return sides(b, b, b, false);
}

BufferUse usage_local_io_write(const OpArgs& a, int) {
  const std::int64_t b = local_io_bytes(a);
  return sides(b, b, b, true);
}

}  // namespace metron
