// SKaMPI's datatype functions (measurements/onesided.c): a put (or get) of count elements of a
// derived type of 4800 bytes between ranks 0 and 1, closed by MPI_Win_fence(MPI_MODE_NOSUCCEED),
// against the same bytes as count * 1200 MPI_INT (Datatype_int). The types, as SKaMPI builds
// them (every one is contiguous in memory, extent 4800 bytes):
//   complex        a struct of 600 blocks of 2 MPI_INT
//   complex_mixed  a struct of 200 times (2 MPI_INT, 2 MPI_DOUBLE)
//   simple         a vector of one block of 1200 MPI_INT
// "everytime" builds and commits the type for each observation, "once" once per job; both
// outside the timed region (SKaMPI too builds it before the sync), so they differ only in how
// fresh the type is when the implementation meets it. The window is opened with
// MPI_Win_fence(0) before the sync; rank 0 is timed, every rank calls the closing fence.
#include <vector>

#include "runtime/ops/onesided_window.h"
#include "runtime/plan/onesided_usage.h"

namespace metron::rt::ops {

namespace {

enum class Shape { Complex, Mixed, Simple, Int };

MPI_Datatype make_type(Shape shape) {
  MPI_Datatype t = MPI_DATATYPE_NULL;
  if (shape == Shape::Complex) {
    std::vector<int> lens(600, 2);
    std::vector<MPI_Aint> displs(600);
    std::vector<MPI_Datatype> types(600, MPI_INT);
    for (int i = 0; i < 600; ++i) displs[i] = i * 2 * static_cast<MPI_Aint>(sizeof(int));
    MPI_Type_create_struct(600, lens.data(), displs.data(), types.data(), &t);
  } else if (shape == Shape::Mixed) {
    std::vector<int> lens(400, 2);
    std::vector<MPI_Aint> displs(400);
    std::vector<MPI_Datatype> types(400);
    MPI_Aint at = 0;
    for (int i = 0; i < 200; ++i) {
      displs[2 * i] = at;
      types[2 * i] = MPI_INT;
      at += 2 * sizeof(int);
      displs[2 * i + 1] = at;
      types[2 * i + 1] = MPI_DOUBLE;
      at += 2 * sizeof(double);
    }
    MPI_Type_create_struct(400, lens.data(), displs.data(), types.data(), &t);
  } else if (shape == Shape::Simple) {
    MPI_Type_vector(1, 1200, 0, MPI_INT, &t);
  } else {
    return MPI_INT;
  }
  MPI_Type_commit(&t);
  return t;
}

// The element type of this observation: built for it (everytime) or bound once.
MPI_Datatype element_type(const BoundOp& b) {
  const MPI_Datatype fresh = win_state(b).fresh_type;
  return fresh != MPI_DATATYPE_NULL ? fresh : b.send_type;
}

void setup_fence0(BoundOp& b) {
  open_window(b);
  b.note(MPI_Win_fence(0, win_state(b).win));
}
template <Shape S>
void setup_fresh_type(BoundOp& b) {
  if (b.rank == 0) win_state(b).fresh_type = make_type(S);
  setup_fence0(b);
}
void teardown_fresh_type(BoundOp& b) {
  free_window(b);
  OneSidedState& s = win_state(b);
  if (s.fresh_type != MPI_DATATYPE_NULL) MPI_Type_free(&s.fresh_type);
}

void call_put_fence(BoundOp& b) noexcept {
  const MPI_Win w = win_state(b).win;
  if (b.rank == 0) {
    const MPI_Datatype t = element_type(b);
    b.note(MPI_Put(b.buf.send(), b.send_count, t, 1, 0, b.send_count, t, w));
  }
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, w));
}
// The window (receive buffer) holds the data; rank 0 gets it into its send side.
void call_get_fence(BoundOp& b) noexcept {
  const MPI_Win w = win_state(b).win;
  if (b.rank == 0) {
    const MPI_Datatype t = element_type(b);
    b.note(MPI_Get(b.buf.send(), b.send_count, t, 1, 0, b.send_count, t, w));
  }
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, w));
}

// Verification over the bytes: every type is contiguous, so the bytes arrive unchanged.
std::int64_t bytes_of(const BoundOp& b) {
  return win_state(b).win_bytes;
}
void fill_put(BoundOp& b) {
  fill_pattern(b.buf.send(), TypeDesc(datatype_named("MPI_BYTE")), bytes_of(b), b.rank, 0);
  fill_sentinel(b.buf.recv(), bytes_of(b));
}
std::optional<std::string> check_put(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  if (auto m = check_pattern(b.buf.recv(), TypeDesc(datatype_named("MPI_BYTE")), bytes_of(b), 0, 0))
    return verify_message(b, DiagId::verify_in_window, *m);
  return std::nullopt;
}
void fill_get(BoundOp& b) {
  fill_pattern(b.buf.recv(), TypeDesc(datatype_named("MPI_BYTE")), bytes_of(b), b.rank, 0);
  fill_sentinel(b.buf.send(), bytes_of(b));
}
std::optional<std::string> check_get(const BoundOp& b) {
  if (b.rank != 0) return std::nullopt;
  if (auto m = check_pattern(b.buf.send(), TypeDesc(datatype_named("MPI_BYTE")), bytes_of(b), 1, 0))
    return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  return std::nullopt;
}

enum class Build { Everytime, Once };
template <Shape S, Build When, bool Get>
void bind_datatype(BoundOp& b, const Args& a) {
  const std::int64_t bytes = a.count("count") * kStructElementBytes;
  bind_onesided(b, a, bytes, bytes, 1);
  b.send_dt = b.recv_dt = TypeDesc(datatype_named("MPI_BYTE"));
  b.send_count = b.recv_count =
      S == Shape::Int ? static_cast<int>(a.count("count") * 1200) : win_state(b).count;
  if (When == Build::Once) {
    b.send_type = b.recv_type = make_type(S);
    if (S != Shape::Int) b.owned_types.handles.push_back(b.send_type);
    b.setup_fn = setup_fence0;
    b.teardown_fn = free_window;
  } else {
    b.send_type = b.recv_type = MPI_DATATYPE_NULL;
    b.setup_fn = setup_fresh_type<S>;
    b.teardown_fn = teardown_fresh_type;
  }
  b.participates = b.rank == 0;
  b.call_fn = Get ? call_get_fence : call_put_fence;
  b.fill_fn = Get ? fill_get : fill_put;
  b.check_fn = Get ? check_get : check_put;
  b.result_in_send = Get;
}

}  // namespace

void bind_datatype_complex_everytime(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Complex, Build::Everytime, false>(b, a);
}
void bind_datatype_complex_once(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Complex, Build::Once, false>(b, a);
}
void bind_datatype_complex_mixed_everytime(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Mixed, Build::Everytime, false>(b, a);
}
void bind_datatype_complex_mixed_once(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Mixed, Build::Once, false>(b, a);
}
void bind_datatype_complex_get(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Complex, Build::Everytime, true>(b, a);
}
void bind_datatype_int(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Int, Build::Once, false>(b, a);
}
void bind_datatype_simple(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Simple, Build::Everytime, false>(b, a);
}
void bind_datatype_simple_get(BoundOp& b, const Args& a) {
  bind_datatype<Shape::Simple, Build::Everytime, true>(b, a);
}

}  // namespace metron::rt::ops
