// SKaMPI's post/start/complete/wait/test functions (measurements/onesided.c), general active
// target synchronization; what each times on which rank is in docs/onesided.md. Rank 0 is the
// origin (start, complete) and the others the targets (post, wait), or the other way round for
// the *_wait_* and *_test* functions, as in SKaMPI.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

// Rank 0 puts count elements at displacement `disp` (window units) into every other rank.
void put_to_all_others(BoundOp& b, int disp) {
  const OneSidedState& s = win_state(b);
  for (int r = 1; r < b.size; ++r)
    b.note(MPI_Put(b.buf.send(), s.count, b.send_type, r, disp, s.count, b.send_type, s.win));
}

// --- Win_start, Win_start_delayed_post: every rank posts to rank 0, rank 0 starts to all ----

bool is_late_poster(const BoundOp& b) {
  const int late = win_state(b).delay_rank;
  return b.rank != 0 && (late == -1 || late == b.rank);
}

void setup_start(BoundOp& b) {
  open_window(b);
  b.note(MPI_Win_post(win_state(b).only0, assert_for_post(b), win_state(b).win));
}
void setup_start_delayed_post(BoundOp& b) {
  open_window(b);
  if (!is_late_poster(b))
    b.note(MPI_Win_post(win_state(b).only0, assert_for_post(b), win_state(b).win));
}
void call_start(BoundOp& b) noexcept {
  if (b.rank == 0) b.note(MPI_Win_start(win_state(b).group, assert_for_start(b), win_state(b).win));
}
void call_start_delayed_post(BoundOp& b) noexcept {
  if (b.rank == 0) {
    b.note(MPI_Win_start(win_state(b).group, assert_for_start(b), win_state(b).win));
  } else if (is_late_poster(b)) {
    busy_wait(win_state(b).delay_ns);
    b.note(MPI_Win_post(win_state(b).only0, assert_for_post(b), win_state(b).win));
  }
}
void teardown_start(BoundOp& b) {
  if (b.rank == 0) b.note(MPI_Win_complete(win_state(b).win));
  b.note(MPI_Win_wait(win_state(b).win));
  free_window(b);
}

// --- Win_post: every rank posts to all ----------------------------------------------------

void call_post(BoundOp& b) noexcept {
  b.note(MPI_Win_post(win_state(b).group, assert_for_post(b), win_state(b).win));
}
void teardown_post(BoundOp& b) {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_start(s.group, assert_for_start(b), s.win));
  b.note(MPI_Win_complete(s.win));
  b.note(MPI_Win_wait(s.win));
  free_window(b);
}

// --- rank 0 the origin: Win_complete, Win_startcomplete, Win_complete_n, *_delayed_wait ------

void origin_start(BoundOp& b) {
  b.note(MPI_Win_start(win_state(b).all_but0, assert_for_start(b), win_state(b).win));
}
void target_post(BoundOp& b) {
  b.note(MPI_Win_post(win_state(b).only0, assert_for_post(b), win_state(b).win));
}

void setup_complete(BoundOp& b) {
  open_window(b);
  if (b.rank == 0) {
    origin_start(b);
    if (win_state(b).do_put) put_to_all_others(b, 0);
  } else {
    target_post(b);
  }
}
void call_complete(BoundOp& b) noexcept {
  if (b.rank == 0)
    b.note(MPI_Win_complete(win_state(b).win));
  else
    b.note(MPI_Win_wait(win_state(b).win));
}

void call_startcomplete(BoundOp& b) noexcept {
  if (b.rank == 0) {
    origin_start(b);
    if (win_state(b).do_put) put_to_all_others(b, 0);
    b.note(MPI_Win_complete(win_state(b).win));
  } else {
    target_post(b);
    b.note(MPI_Win_wait(win_state(b).win));
  }
}

void setup_complete_n(BoundOp& b) {
  open_window(b);
  if (b.rank == 0) {
    origin_start(b);
    for (int k = win_state(b).msg_count - 1; k >= 0; --k) put_to_all_others(b, k);
    busy_wait(win_state(b).delay_ns);
  } else {
    target_post(b);
  }
}

void call_complete_delayed_wait(BoundOp& b) noexcept {
  if (b.rank == 0) {
    b.note(MPI_Win_complete(win_state(b).win));
  } else {
    busy_wait(win_state(b).delay_ns);
    b.note(MPI_Win_wait(win_state(b).win));
  }
}

// --- rank 0 the target: Win_wait_*, Win_test* --------------------------------------------

void root_post(BoundOp& b) {
  b.note(MPI_Win_post(win_state(b).all_but0, assert_for_post(b), win_state(b).win));
}
// Ranks 1.. start towards rank 0 and put their block at displacement rank (unit: one block).
void start_and_put_to_root(BoundOp& b) {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_start(s.only0, assert_for_start(b), s.win));
  if (s.do_put)
    b.note(MPI_Put(b.buf.send(), s.count, b.send_type, 0, b.rank, s.count, b.send_type, s.win));
}

void setup_wait(BoundOp& b) {
  open_window(b);
  if (b.rank == 0)
    root_post(b);
  else
    start_and_put_to_root(b);
}
// Win_wait_early_complete, Win_test: the origins complete before the sync.
void setup_wait_early(BoundOp& b) {
  setup_wait(b);
  if (b.rank != 0) b.note(MPI_Win_complete(win_state(b).win));
}
void call_wait_root(BoundOp& b) noexcept {
  if (b.rank == 0) b.note(MPI_Win_wait(win_state(b).win));
}
void call_wait_delayed_complete(BoundOp& b) noexcept {
  if (b.rank == 0) {
    b.note(MPI_Win_wait(win_state(b).win));
  } else {
    busy_wait(win_state(b).delay_ns);
    b.note(MPI_Win_complete(win_state(b).win));
  }
}

void call_test(BoundOp& b) noexcept {
  if (b.rank == 0) b.note(MPI_Win_test(win_state(b).win, &win_state(b).flag));
}
void call_test_delayed(BoundOp& b) noexcept {
  if (b.rank == 0) {
    b.note(MPI_Win_test(win_state(b).win, &win_state(b).flag));
  } else {
    busy_wait(win_state(b).delay_ns);
    b.note(MPI_Win_complete(win_state(b).win));
  }
}
void teardown_test(BoundOp& b) {
  if (b.rank == 0 && !win_state(b).flag) b.note(MPI_Win_wait(win_state(b).win));
  free_window(b);
}

// --- verification -------------------------------------------------------------------------

// Ranks 1..: rank 0's data at each of the msg_count blocks of the window.
std::optional<std::string> check_from_origin(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (b.rank == 0 || !s.do_put) return std::nullopt;
  for (int k = 0; k < s.msg_count; ++k)
    if (auto m = check_window_from(b, 0, k * s.block, s.count)) return m;
  return std::nullopt;
}
// Rank 0: block r holds rank r's data, r >= 1.
std::optional<std::string> check_at_root(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (b.rank != 0 || !s.do_put) return std::nullopt;
  for (int r = 1; r < b.size; ++r)
    if (auto m = check_window_from(b, r, r * s.block, s.count)) return m;
  return std::nullopt;
}

// A window of count elements on every rank (disp unit 1, as SKaMPI), rank 0 timed or all.
void bind_pscw(BoundOp& b, const Args& a, bool only_root_timed) {
  const std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, bytes, bytes, 1);
  b.fill_fn = fill_origin_and_sentinel;
  b.participates = !only_root_timed || b.rank == 0;
}
// Rank 0's window holds a block per rank (unit: one block), the others' none.
void bind_gather_window(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, b.rank == 0 ? block * b.size : 0, static_cast<int>(block));
  b.fill_fn = fill_origin_and_sentinel;
  b.check_fn = check_at_root;
  b.participates = b.rank == 0;
}

}  // namespace

void bind_win_start(BoundOp& b, const Args& a) {
  bind_pscw(b, a, true);
  b.setup_fn = setup_start;
  b.call_fn = call_start;
  b.teardown_fn = teardown_start;
}

void bind_win_start_delayed_post(BoundOp& b, const Args& a) {
  bind_pscw(b, a, true);
  b.setup_fn = setup_start_delayed_post;
  b.call_fn = call_start_delayed_post;
  b.teardown_fn = teardown_start;
}

void bind_win_post(BoundOp& b, const Args& a) {
  bind_pscw(b, a, false);
  b.setup_fn = open_window;
  b.call_fn = call_post;
  b.teardown_fn = teardown_post;
}

void bind_win_complete(BoundOp& b, const Args& a) {
  bind_pscw(b, a, true);
  b.setup_fn = setup_complete;
  b.call_fn = call_complete;
  b.teardown_fn = free_window;
  b.check_fn = check_from_origin;
}

void bind_win_startcomplete(BoundOp& b, const Args& a) {
  bind_pscw(b, a, true);
  b.setup_fn = open_window;
  b.call_fn = call_startcomplete;
  b.teardown_fn = free_window;
  b.check_fn = check_from_origin;
}

void bind_win_complete_n(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, block * a.integer("msg_count"), static_cast<int>(block));
  b.fill_fn = fill_origin_and_sentinel;
  b.participates = b.rank == 0;
  b.setup_fn = setup_complete_n;
  b.call_fn = call_complete;
  b.teardown_fn = free_window;
  b.check_fn = check_from_origin;
}

void bind_win_complete_delayed_wait(BoundOp& b, const Args& a) {
  bind_pscw(b, a, true);
  b.setup_fn = setup_complete;
  b.call_fn = call_complete_delayed_wait;
  b.teardown_fn = free_window;
  b.check_fn = check_from_origin;
}

void bind_win_wait_early_complete(BoundOp& b, const Args& a) {
  bind_gather_window(b, a);
  b.setup_fn = setup_wait_early;
  b.call_fn = call_wait_root;
  b.teardown_fn = free_window;
}

void bind_win_wait_delayed_complete(BoundOp& b, const Args& a) {
  bind_gather_window(b, a);
  b.setup_fn = setup_wait;
  b.call_fn = call_wait_delayed_complete;
  b.teardown_fn = free_window;
}

void bind_win_test(BoundOp& b, const Args& a) {
  bind_gather_window(b, a);
  b.setup_fn = setup_wait_early;
  b.call_fn = call_test;
  b.teardown_fn = teardown_test;
}

void bind_win_test_delayed(BoundOp& b, const Args& a) {
  bind_gather_window(b, a);
  b.setup_fn = setup_wait;
  b.call_fn = call_test_delayed;
  b.teardown_fn = teardown_test;
}

}  // namespace metron::rt::ops
