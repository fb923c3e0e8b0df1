// ship_result (see ship_result.h): the fields the table of a job's record marks as the job
// root's (reductions Root, Sum and Max, runtime/results/result_fields.def), packed in table order
// into one byte string on the job root and unpacked in the same order on world rank 0. A field
// added to the table travels without a change here.
#include "runtime/exec/ship_result.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace metron::rt {

namespace {

constexpr int kTag = 4711;
// A message holds at most INT_MAX elements: the bytes go in pieces of this size.
constexpr std::size_t kPiece = std::size_t{1} << 30;

// Numbers, enums and small structs of them (adapt::RankMax) go as their bytes.
template <typename T>
constexpr bool kPlain = std::is_trivially_copyable_v<T>;

// Appends each field's bytes: a number or enum as it is, a string or vector as its length and
// its elements.
class Packer {
 public:
  template <typename T>
  void operator()(const T& v) {
    if constexpr (kPlain<T>) {
      put(&v, sizeof v);
    } else {
      static_assert(kPlain<typename T::value_type>, "a shipped sequence holds numbers");
      const std::uint64_t n = v.size();
      put(&n, sizeof n);
      put(v.data(), n * sizeof(typename T::value_type));
    }
  }
  std::vector<char> bytes;

 private:
  void put(const void* p, std::size_t n) {
    const char* c = static_cast<const char*>(p);
    bytes.insert(bytes.end(), c, c + n);
  }
};

// Reads the fields back in the same order.
class Unpacker {
 public:
  explicit Unpacker(const std::vector<char>& bytes) : bytes_(bytes) {}
  template <typename T>
  void operator()(T& v) {
    if constexpr (kPlain<T>) {
      get(&v, sizeof v);
    } else {
      std::uint64_t n = 0;
      get(&n, sizeof n);
      v.resize(static_cast<std::size_t>(n));
      get(v.data(), n * sizeof(typename T::value_type));
    }
  }

 private:
  void get(void* p, std::size_t n) {
    std::memcpy(p, bytes_.data() + at_, n);
    at_ += n;
  }
  const std::vector<char>& bytes_;
  std::size_t at_ = 0;
};

// Calls f on every shipped field of r, in table order.
template <typename Result, typename F>
void for_each_shipped(Result& r, F&& f) {
#define METRON_SHIP(value)                                                  \
  static_assert(std::is_lvalue_reference_v<decltype((value))>,              \
                "a field the job root ships is a member of its JobResult"); \
  f(value);
#define METRON_SHIP_Root(value) METRON_SHIP(value)
#define METRON_SHIP_Sum(value) METRON_SHIP(value)
#define METRON_SHIP_Max(value) METRON_SHIP(value)
#define METRON_SHIP_Summary(value)
#define METRON_SHIP_Plan(value)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  METRON_SHIP_##reduction(value)
#include "runtime/results/result_fields.def"
#undef METRON_SHIP
#undef METRON_SHIP_Root
#undef METRON_SHIP_Sum
#undef METRON_SHIP_Max
#undef METRON_SHIP_Summary
#undef METRON_SHIP_Plan
}

void send_bytes(const std::vector<char>& bytes, int to, MPI_Comm world) {
  const std::uint64_t n = bytes.size();
  MPI_Send(&n, 1, MPI_UINT64_T, to, kTag, world);
  for (std::size_t at = 0; at < n; at += kPiece)
    MPI_Send(bytes.data() + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, to, kTag,
             world);
}

std::vector<char> receive_bytes(int from, MPI_Comm world) {
  std::uint64_t n = 0;
  MPI_Recv(&n, 1, MPI_UINT64_T, from, kTag, world, MPI_STATUS_IGNORE);
  std::vector<char> bytes(static_cast<std::size_t>(n));
  for (std::size_t at = 0; at < n; at += kPiece)
    MPI_Recv(bytes.data() + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, from, kTag,
             world, MPI_STATUS_IGNORE);
  return bytes;
}

}  // namespace

void ship_result(JobResult& r, int job_root_world, int me, MPI_Comm world) {
  if (job_root_world == 0) return;
  if (me == job_root_world) {
    Packer p;
    for_each_shipped(std::as_const(r), p);
    send_bytes(p.bytes, 0, world);
  } else if (me == 0) {
    const std::vector<char> bytes = receive_bytes(job_root_world, world);
    Unpacker u(bytes);
    for_each_shipped(r, u);
  }
}

}  // namespace metron::rt
