// Typed contributions and expected results for verifying MPI reductions on every predefined
// datatype the front end knows (mpi_names.h).
#include "runtime/ops/verify_reduce.h"

#include <complex>
#include <cstring>
#include <sstream>
#include <type_traits>

namespace metron::rt {

namespace {

template <class V>
struct Pair {
  V v;
  int i;
};
struct CBool {
  unsigned char v;  // C's _Bool, read as a byte so a stray value is reported, not undefined
};

template <class T>
struct is_pair : std::false_type {};
template <class V>
struct is_pair<Pair<V>> : std::true_type {};
template <class T>
struct is_complex : std::false_type {};
template <class V>
struct is_complex<std::complex<V>> : std::true_type {};

template <class T>
struct Tag {
  using type = T;
};

// Calls f(Tag<C type>{}) for the datatype.
template <class F>
void with_ctype(Datatype d, F&& f) {
  const std::string_view n = datatype_name(d);
  if (n == "MPI_CHAR") return f(Tag<char>{});
  if (n == "MPI_SIGNED_CHAR" || n == "MPI_INT8_T") return f(Tag<signed char>{});
  if (n == "MPI_UNSIGNED_CHAR" || n == "MPI_BYTE" || n == "MPI_UINT8_T")
    return f(Tag<unsigned char>{});
  if (n == "MPI_SHORT" || n == "MPI_INT16_T") return f(Tag<short>{});
  if (n == "MPI_UNSIGNED_SHORT" || n == "MPI_UINT16_T") return f(Tag<unsigned short>{});
  if (n == "MPI_INT" || n == "MPI_INT32_T") return f(Tag<int>{});
  if (n == "MPI_UNSIGNED" || n == "MPI_UINT32_T") return f(Tag<unsigned>{});
  if (n == "MPI_LONG" || n == "MPI_INT64_T") return f(Tag<long>{});
  if (n == "MPI_UNSIGNED_LONG" || n == "MPI_UINT64_T") return f(Tag<unsigned long>{});
  if (n == "MPI_LONG_LONG_INT" || n == "MPI_LONG_LONG") return f(Tag<long long>{});
  if (n == "MPI_UNSIGNED_LONG_LONG") return f(Tag<unsigned long long>{});
  if (n == "MPI_FLOAT") return f(Tag<float>{});
  if (n == "MPI_DOUBLE") return f(Tag<double>{});
  if (n == "MPI_LONG_DOUBLE") return f(Tag<long double>{});
  if (n == "MPI_C_BOOL") return f(Tag<CBool>{});
  if (n == "MPI_WCHAR") return f(Tag<wchar_t>{});
  if (n == "MPI_C_FLOAT_COMPLEX") return f(Tag<std::complex<float>>{});
  if (n == "MPI_C_DOUBLE_COMPLEX") return f(Tag<std::complex<double>>{});
  if (n == "MPI_FLOAT_INT") return f(Tag<Pair<float>>{});
  if (n == "MPI_DOUBLE_INT") return f(Tag<Pair<double>>{});
  if (n == "MPI_LONG_INT") return f(Tag<Pair<long>>{});
  if (n == "MPI_2INT") return f(Tag<Pair<int>>{});
  if (n == "MPI_SHORT_INT") return f(Tag<Pair<short>>{});
  if (n == "MPI_LONG_DOUBLE_INT") return f(Tag<Pair<long double>>{});
}

std::uint64_t mix(int r, std::int64_t j) {
  std::uint64_t x =
      static_cast<std::uint64_t>(j) * 0x9e3779b97f4a7c15ULL + static_cast<unsigned>(r);
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 29);
}

// Names instead of enumerators: after <mpi.h>, ReduceOp::MPI_SUM would expand to a handle.
struct Ops {
  ReduceOp max, min, sum, prod, land, band, lor, bor, lxor, bxor, maxloc, minloc, replace;
};
const Ops& ops() {
  static const Ops o{
      reduce_op_named("MPI_MAX"),    reduce_op_named("MPI_MIN"),    reduce_op_named("MPI_SUM"),
      reduce_op_named("MPI_PROD"),   reduce_op_named("MPI_LAND"),   reduce_op_named("MPI_BAND"),
      reduce_op_named("MPI_LOR"),    reduce_op_named("MPI_BOR"),    reduce_op_named("MPI_LXOR"),
      reduce_op_named("MPI_BXOR"),   reduce_op_named("MPI_MAXLOC"), reduce_op_named("MPI_MINLOC"),
      reduce_op_named("MPI_REPLACE")};
  return o;
}

template <class T>
T contribution(ReduceOp op, int r, std::int64_t j) {
  const Ops& o = ops();
  const auto small = static_cast<int>((r * 31 + j * 7) % 61 + 1);  // 1..61: fits a signed char
  const int one_two = 1 + static_cast<int>((r + j) & 1);
  const bool logical = op == o.land || op == o.lor || op == o.lxor;
  if constexpr (is_pair<T>::value) {
    using V = decltype(T{}.v);
    return T{static_cast<V>((r * 31 + j * 7) % 5), r};  // few values: ties test the rank rule
  } else if constexpr (is_complex<T>::value) {
    using V = typename T::value_type;
    if (op == o.prod) {
      static const T units[4] = {T(1, 0), T(0, 1), T(-1, 0), T(0, -1)};
      return units[(r + j) % 4];
    }
    return T(static_cast<V>(small), static_cast<V>((r * 13 + j * 5) % 29 + 1));
  } else if constexpr (std::is_same_v<T, CBool>) {
    return CBool{static_cast<unsigned char>((r + 2 * j) % 3 != 0)};
  } else if constexpr (std::is_integral_v<T>) {
    if (op == o.prod) return static_cast<T>(one_two);
    if (logical) return static_cast<T>((r + 2 * j) % 3);  // 0, 1, 2: 2 is true but not 1
    if (op == o.band || op == o.bor || op == o.bxor) return static_cast<T>(mix(r, j));
    return static_cast<T>(small);
  } else {  // floating
    if (op == o.prod) return static_cast<T>(one_two);
    return static_cast<T>(small);
  }
}

template <class T>
T combine(ReduceOp op, const T& a, const T& b) {
  const Ops& o = ops();
  if (op == o.replace) return b;
  if constexpr (is_pair<T>::value) {
    const bool max = op == o.maxloc;
    if (a.v == b.v) return T{a.v, a.i < b.i ? a.i : b.i};  // ties: the lower index (MPI 4.0 §6.9.4)
    return (max ? b.v > a.v : b.v < a.v) ? b : a;
  } else if constexpr (is_complex<T>::value) {
    return op == o.prod ? a * b : a + b;
  } else if constexpr (std::is_same_v<T, CBool>) {
    const bool x = a.v != 0, y = b.v != 0;
    if (op == o.land) return CBool{x && y};
    if (op == o.lor) return CBool{x || y};
    return CBool{x != y};
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;  // wrap-around arithmetic without signed overflow
    if (op == o.sum) return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    if (op == o.prod) return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
    if (op == o.max) return a < b ? b : a;
    if (op == o.min) return b < a ? b : a;
    if (op == o.land) return static_cast<T>(a != 0 && b != 0);
    if (op == o.lor) return static_cast<T>(a != 0 || b != 0);
    if (op == o.lxor) return static_cast<T>((a != 0) != (b != 0));
    if (op == o.band) return static_cast<T>(a & b);
    if (op == o.bor) return static_cast<T>(a | b);
    if (op == o.bxor) return static_cast<T>(a ^ b);
    return a;
  } else {
    if (op == o.sum) return a + b;
    if (op == o.prod) return a * b;
    if (op == o.max) return a < b ? b : a;
    if (op == o.min) return b < a ? b : a;
    return a;
  }
}

template <class T>
bool same(const T& a, const T& b) {
  if constexpr (is_pair<T>::value)
    return a.v == b.v && a.i == b.i;
  else if constexpr (std::is_same_v<T, CBool>)
    return a.v == b.v;
  else
    return a == b;
}

template <class T>
std::string show(const T& x) {
  std::ostringstream out;
  out.precision(21);
  if constexpr (is_pair<T>::value) {
    out << '(' << +x.v << ", " << x.i << ')';
  } else if constexpr (is_complex<T>::value) {
    out << '(' << x.real() << ", " << x.imag() << ')';
  } else if constexpr (std::is_same_v<T, CBool>) {
    out << +x.v;
  } else {
    out << +x;  // unary plus prints character types as numbers
  }
  return out.str();
}

}  // namespace

void fill_reduce_input(char* buf, Datatype dt, ReduceOp op, std::int64_t count, int rank,
                       std::int64_t first_elem) {
  const std::int64_t ext = elem_layout(dt).extent;
  with_ctype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::int64_t j = 0; j < count; ++j) {
      const T v = contribution<T>(op, rank, first_elem + j);
      std::memcpy(buf + j * ext, &v, sizeof v);
    }
  });
}

std::optional<Mismatch> check_reduce_result(const char* buf, Datatype dt, ReduceOp op,
                                            std::int64_t count, int first_rank, int last_rank,
                                            std::int64_t first_elem) {
  const ElemLayout layout = elem_layout(dt);
  std::optional<Mismatch> bad;
  with_ctype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::int64_t j = 0; j < count && !bad; ++j) {
      T want = contribution<T>(op, first_rank, first_elem + j);
      for (int r = first_rank + 1; r <= last_rank; ++r)
        want = combine(op, want, contribution<T>(op, r, first_elem + j));
      T got;
      std::memcpy(&got, buf + j * layout.extent, sizeof got);
      if (same(want, got)) continue;
      // Point at the first significant byte that differs (or the element's first byte when
      // only the value compare differs, e.g. different NaN payloads).
      const auto* w = reinterpret_cast<const unsigned char*>(&want);
      const auto* g = reinterpret_cast<const unsigned char*>(&got);
      std::int64_t at = 0;
      bool found = false;
      for (int s = 0; s < layout.segments && !found; ++s)
        for (int b = layout.seg_begin[s]; b < layout.seg_end[s] && !found; ++b)
          if (w[b] != g[b]) {
            at = b;
            found = true;
          }
      bad = Mismatch{j * layout.extent + at, show(want), show(got)};
    }
  });
  return bad;
}

}  // namespace metron::rt
