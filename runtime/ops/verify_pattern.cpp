// The byte pattern for data-movement verification and the element layouts it walks.
#include "runtime/ops/verify_pattern.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <vector>

namespace metron::rt {

namespace {

// Pair types as C lays them out on LP64 (MPI 4.0 §6.9.4 defines them as these structs).
template <class V>
struct PairOf {
  V v;
  int i;
};

template <class V>
ElemLayout pair_layout(int value_bytes) {
  ElemLayout l;
  l.extent = sizeof(PairOf<V>);
  l.segments = 2;
  l.seg_begin[0] = 0;
  l.seg_end[0] = value_bytes;
  l.seg_begin[1] = static_cast<int>(offsetof(PairOf<V>, i));
  l.seg_end[1] = l.seg_begin[1] + static_cast<int>(sizeof(int));
  l.sig_bytes = value_bytes + static_cast<int>(sizeof(int));
  return l;
}

ElemLayout plain_layout(std::int64_t extent, int sig) {
  ElemLayout l;
  l.extent = extent;
  l.segments = 1;
  l.seg_end[0] = sig;
  l.sig_bytes = sig;
  return l;
}

// x87 extended precision: 10 value bytes in a 16-byte slot.
constexpr int kLongDoubleBytes = 10;

std::uint64_t mix64(std::uint64_t x) {
  // The finalizer of MurmurHash3 (Appleby): every input bit affects every output bit.
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

std::string hex_byte(unsigned v) {
  char b[8];
  std::snprintf(b, sizeof b, "0x%02x", v & 0xffu);
  return b;
}

ElemLayout elem_layout(Datatype d) {
  const std::string_view n = datatype_name(d);
  if (n == "MPI_LONG_DOUBLE") return plain_layout(sizeof(long double), kLongDoubleBytes);
  if (n == "MPI_FLOAT_INT") return pair_layout<float>(sizeof(float));
  if (n == "MPI_DOUBLE_INT") return pair_layout<double>(sizeof(double));
  if (n == "MPI_LONG_INT") return pair_layout<long>(sizeof(long));
  if (n == "MPI_2INT") return pair_layout<int>(sizeof(int));
  if (n == "MPI_SHORT_INT") return pair_layout<short>(sizeof(short));
  if (n == "MPI_LONG_DOUBLE_INT") return pair_layout<long double>(kLongDoubleBytes);
  MPI_Aint lb = 0, extent = 0;
  MPI_Type_get_extent(mpi_datatype(d), &lb, &extent);
  return plain_layout(extent, static_cast<int>(extent));
}

std::uint8_t pattern_byte(int rank, std::int64_t index) {
  return static_cast<std::uint8_t>(
      mix64(static_cast<std::uint64_t>(index) ^ (static_cast<std::uint64_t>(rank) << 48)) >> 56);
}

std::int64_t pattern_bytes(const TypeDesc& dt, std::int64_t count) {
  return count * dt.significant_bytes();
}

namespace {

constexpr char kSentinel = static_cast<char>(0xa5);

// Which of the count * extent bytes at the buffer start the type map touches.
std::vector<bool> touched_bytes(const TypeDesc& dt, std::int64_t count) {
  const std::int64_t window = count * dt.extent();
  std::vector<bool> touched(static_cast<std::size_t>(window > 0 ? window : 0), false);
  for (std::int64_t e = 0; e < count; ++e)
    for (const TypeSegment& s : dt.segments())
      for (std::int64_t i = 0; i < s.length; ++i) {
        const std::int64_t at = e * dt.extent() + s.offset + i;
        if (at < window) touched[static_cast<std::size_t>(at)] = true;
      }
  return touched;
}

}  // namespace

void fill_pattern(char* buf, const TypeDesc& dt, std::int64_t count, int rank,
                  std::int64_t first_index) {
  if (!dt.is_basic()) fill_sentinel(buf, count * dt.extent());
  const std::int64_t ext = dt.extent();
  std::int64_t idx = first_index;
  for (std::int64_t e = 0; e < count; ++e)
    for (const TypeSegment& s : dt.segments()) {
      char* p = buf + e * ext + s.offset;
      for (std::int64_t b = 0; b < s.length; ++b)
        p[b] = static_cast<char>(pattern_byte(rank, idx++));
    }
}

std::optional<Mismatch> check_pattern(const char* buf, const TypeDesc& dt, std::int64_t count,
                                      int rank, std::int64_t first_index) {
  const std::int64_t ext = dt.extent();
  std::int64_t idx = first_index;
  for (std::int64_t e = 0; e < count; ++e)
    for (const TypeSegment& s : dt.segments()) {
      const char* p = buf + e * ext + s.offset;
      for (std::int64_t b = 0; b < s.length; ++b) {
        const std::uint8_t want = pattern_byte(rank, idx++);
        const auto got = static_cast<std::uint8_t>(p[b]);
        if (got != want) return Mismatch{e * ext + s.offset + b, hex_byte(want), hex_byte(got)};
      }
    }
  if (dt.is_basic()) return std::nullopt;
  // The holes: MPI must not write them (MPI 4.0 §5.1: only the type map's entries are moved).
  const std::vector<bool> touched = touched_bytes(dt, count);
  for (std::size_t i = 0; i < touched.size(); ++i)
    if (!touched[i] && buf[i] != kSentinel)
      return Mismatch{static_cast<std::int64_t>(i), hex_byte(static_cast<std::uint8_t>(kSentinel)),
                      hex_byte(static_cast<std::uint8_t>(buf[i])),
                      DiagId::verify_found_hole_written};
  return std::nullopt;
}

void fill_sentinel(char* buf, std::int64_t bytes) {
  if (bytes > 0) std::memset(buf, kSentinel, static_cast<std::size_t>(bytes));
}

}  // namespace metron::rt
