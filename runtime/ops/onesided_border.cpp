// SKaMPI's border exchanges (measurements/onesided.c): a grid of `rows` rows of `cols` doubles
// per rank (rows = floor(sqrt(count / 2)), cols = 2 * rows) plus a halo row above (row 0) and
// below (row rows + 1), in two buffers (old and new state: the send and the receive buffer)
// that swap after each step. A step fetches the halo rows of the new state from the ring
// neighbours (row 0 <- the previous rank's row `rows`, row rows + 1 <- the next rank's row 1),
// updates the outer rows (1 and rows), waits for the halos, updates the inner rows. With compute
// = 1 an update is a 3-point average over the rows of the old state; with 0 it is skipped. The
// composite is the operation, so the updates are inside the timed region (as in SKaMPI).
//
//   onesided_borderexchange        MPI_Get from both neighbours in a post/start epoch on the
//                                  buffer's window (MPI_Win_post(MPI_MODE_NOPUT), MPI_Win_start),
//                                  closed by MPI_Win_complete + MPI_Win_wait
//   onesided_borderexchange_fence  the same in MPI_Win_fence(0) epochs
//   twosided_borderexchange        the rows copied into two send rows, MPI_Irecv + MPI_Isend,
//                                  MPI_Waitall
// The windows are made before the sync and freed after the second timer read.
#include <cstring>
#include <vector>

#include "runtime/ops/onesided_window.h"
#include "runtime/plan/onesided_usage.h"

namespace metron::rt::ops {

namespace {

enum class Sync { Pscw, Fence, TwoSided };

// The grid and the state of one observation; the buffers alternate between the two sides.
struct Grid {
  int rows = 0, cols = 0, prev = 0, next = 0;
  double* from = nullptr;  // the old state
  double* to = nullptr;    // the new state
  MPI_Win from_win = MPI_WIN_NULL, to_win = MPI_WIN_NULL;
  MPI_Request requests[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL,
                             MPI_REQUEST_NULL};
  double* send_rows = nullptr;  // twosided: two rows after the grid of the send buffer
};

Grid grid_of(BoundOp& b) {
  OneSidedState& s = win_state(b);
  Grid g;
  g.rows = static_cast<int>(border_rows(s.count));
  g.cols = 2 * g.rows;
  g.prev = (b.rank + b.size - 1) % b.size;
  g.next = (b.rank + 1) % b.size;
  g.from = reinterpret_cast<double*>(b.buf.send());
  g.to = reinterpret_cast<double*>(b.buf.recv());
  g.from_win = s.win2;
  g.to_win = s.win;
  g.send_rows = g.from + static_cast<std::ptrdiff_t>(g.rows + 2) * g.cols;
  return g;
}
void swap_states(Grid& g) {
  std::swap(g.from, g.to);
  std::swap(g.from_win, g.to_win);
}

double* row(double* base, const Grid& g, int r) {
  return base + static_cast<std::ptrdiff_t>(r) * g.cols;
}

template <Sync S>
void fetch_halos(BoundOp& b, Grid& g) noexcept {
  const MPI_Aint first = g.cols, last = static_cast<MPI_Aint>(g.rows) * g.cols;
  if (S == Sync::TwoSided) {
    std::memcpy(g.send_rows, row(g.to, g, 1), sizeof(double) * g.cols);
    std::memcpy(g.send_rows + g.cols, row(g.to, g, g.rows), sizeof(double) * g.cols);
    b.note(MPI_Irecv(row(g.to, g, 0), g.cols, MPI_DOUBLE, g.prev, 0, b.comm, &g.requests[0]));
    b.note(
        MPI_Irecv(row(g.to, g, g.rows + 1), g.cols, MPI_DOUBLE, g.next, 1, b.comm, &g.requests[1]));
    b.note(MPI_Isend(g.send_rows, g.cols, MPI_DOUBLE, g.prev, 1, b.comm, &g.requests[2]));
    b.note(MPI_Isend(g.send_rows + g.cols, g.cols, MPI_DOUBLE, g.next, 0, b.comm, &g.requests[3]));
    return;
  }
  if (S == Sync::Pscw) {
    const MPI_Group ring = win_state(b).group;  // the neighbours (bind_border)
    b.note(MPI_Win_post(ring, MPI_MODE_NOPUT, g.to_win));
    b.note(MPI_Win_start(ring, 0, g.to_win));
  } else {
    b.note(MPI_Win_fence(0, g.to_win));
  }
  b.note(MPI_Get(row(g.to, g, 0), g.cols, MPI_DOUBLE, g.prev, last, g.cols, MPI_DOUBLE, g.to_win));
  b.note(MPI_Get(row(g.to, g, g.rows + 1), g.cols, MPI_DOUBLE, g.next, first, g.cols, MPI_DOUBLE,
                 g.to_win));
}
// After the swap: the halos fetched into the state that is now `from`.
template <Sync S>
void await_halos(BoundOp& b, Grid& g) noexcept {
  if (S == Sync::TwoSided) {
    b.note(MPI_Waitall(4, g.requests, MPI_STATUSES_IGNORE));
  } else if (S == Sync::Pscw) {
    b.note(MPI_Win_complete(g.from_win));
    b.note(MPI_Win_wait(g.from_win));
  } else {
    b.note(MPI_Win_fence(0, g.from_win));
  }
}

void average_row(Grid& g, int r) {
  double* out = row(g.to, g, r);
  const double *up = row(g.from, g, r - 1), *mid = row(g.from, g, r), *down = row(g.from, g, r + 1);
  for (int j = 0; j < g.cols; ++j) out[j] = (up[j] + mid[j] + down[j]) / 3;
}
void update_outer(Grid& g, bool compute) {
  if (!compute) return;
  average_row(g, 1);
  average_row(g, g.rows);
}
void update_inner(Grid& g, bool compute) {
  if (!compute) return;
  for (int r = 2; r < g.rows; ++r) average_row(g, r);
}

template <Sync S>
void call_border(BoundOp& b) noexcept {
  Grid g = grid_of(b);
  const bool compute = win_state(b).do_put;  // the `compute` argument (bind_border)
  swap_states(g);
  fetch_halos<S>(b, g);
  swap_states(g);
  for (int it = 0; it < b.iterations; ++it) {
    await_halos<S>(b, g);
    update_outer(g, compute);
    fetch_halos<S>(b, g);
    update_inner(g, compute);
    swap_states(g);
  }
  await_halos<S>(b, g);
  update_outer(g, compute);
  update_inner(g, compute);
}

// Both buffers are windows (old state: send buffer, win2; new state: receive buffer, win).
void setup_windows(BoundOp& b) {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_create(b.buf.send(), s.win_bytes, sizeof(double), s.info, b.comm, &s.win2));
  b.note(MPI_Win_create(b.buf.recv(), s.win_bytes, sizeof(double), s.info, b.comm, &s.win));
  for (MPI_Win w : {s.win, s.win2})
    if (w != MPI_WIN_NULL) MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN);
}
void free_windows(BoundOp& b) {
  OneSidedState& s = win_state(b);
  if (s.win2 != MPI_WIN_NULL) b.note(MPI_Win_free(&s.win2));
  free_window(b);
}

// Verification with compute = 0: the rows 1..rows keep every rank's stream, and the halos of
// the state the last step fetched into hold the neighbours' rows. The first fetch goes into
// the send buffer; each iteration fetches into the other one.
void fill_border(BoundOp& b) {
  const std::int64_t bytes = win_state(b).win_bytes;
  fill_pattern(b.buf.send(), TypeDesc(datatype_named("MPI_BYTE")), bytes, b.rank, 0);
  fill_pattern(b.buf.recv(), TypeDesc(datatype_named("MPI_BYTE")), bytes, b.rank, 0);
}
std::optional<std::string> check_border(const BoundOp& b) {
  if (win_state(b).do_put) return std::nullopt;  // compute = 1: MPI errors only
  const int rows = static_cast<int>(border_rows(win_state(b).count));
  const std::int64_t row_bytes = 2 * std::int64_t{rows} * 8;
  const int prev = (b.rank + b.size - 1) % b.size, next = (b.rank + 1) % b.size;
  const bool in_send = b.iterations % 2 == 0;
  const char* base = in_send ? b.buf.send() : b.buf.recv();
  const VerifyPlace where =
      in_send ? DiagId::verify_in_send_buffer : DiagId::verify_in_receive_buffer;
  const TypeDesc bytes_dt(datatype_named("MPI_BYTE"));
  // Row 0 holds prev's row `rows`, row rows + 1 next's row 1.
  if (auto m = check_pattern(base, bytes_dt, row_bytes, prev, rows * row_bytes))
    return verify_message(b, where, *m);
  const std::int64_t low = (rows + 1) * row_bytes;
  if (auto m = check_pattern(base + low, bytes_dt, row_bytes, next, row_bytes)) {
    m->offset += low;
    return verify_message(b, where, *m);
  }
  return std::nullopt;
}

template <Sync S>
void bind_border(BoundOp& b, const Args& a) {
  const std::int64_t rows = border_rows(a.count("count"));
  const std::int64_t bytes = (rows + (S == Sync::TwoSided ? 4 : 2)) * 2 * rows * 8;
  bind_onesided(b, a, bytes, bytes, sizeof(double));
  OneSidedState& s = win_state(b);
  s.do_put = a.integer("compute") != 0;
  b.iterations = static_cast<int>(a.integer("iteration_count"));
  if (S == Sync::Pscw) {
    // The epochs' group: both neighbours (one rank when they are the same).
    MPI_Group all = MPI_GROUP_NULL, ring = MPI_GROUP_NULL;
    MPI_Comm_group(b.comm, &all);
    std::vector<int> ranks{(b.rank + 1) % b.size};
    if ((b.rank + b.size - 1) % b.size != ranks[0]) ranks.push_back((b.rank + b.size - 1) % b.size);
    MPI_Group_incl(all, static_cast<int>(ranks.size()), ranks.data(), &ring);
    MPI_Group_free(&all);
    MPI_Group_free(&s.group);
    s.group = ring;
  }
  if (S != Sync::TwoSided) {
    b.setup_fn = setup_windows;
    b.teardown_fn = free_windows;
  }
  b.fill_fn = fill_border;
  b.check_fn = check_border;
  b.call_fn = call_border<S>;
}

}  // namespace

void bind_onesided_borderexchange(BoundOp& b, const Args& a) {
  bind_border<Sync::Pscw>(b, a);
}
void bind_onesided_borderexchange_fence(BoundOp& b, const Args& a) {
  bind_border<Sync::Fence>(b, a);
}
void bind_twosided_borderexchange(BoundOp& b, const Args& a) {
  bind_border<Sync::TwoSided>(b, a);
}

}  // namespace metron::rt::ops
