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

// Win_complete_n: a window of msg_count blocks on every rank (unit: one block).
void window_of_msg_count_blocks(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, block * a.integer("msg_count"), static_cast<int>(block));
}

}  // namespace

// Rank 0 starts towards every rank, which posts.
METRON_ONESIDED_FN(win_start, .timed = Timed::Rank0, .setup = setup_start, .call = call_start,
                   .teardown = teardown_start)
METRON_ONESIDED_FN(win_start_delayed_post, .timed = Timed::Rank0, .setup = setup_start_delayed_post,
                   .call = call_start_delayed_post, .teardown = teardown_start)
METRON_ONESIDED_FN(win_post, .call = call_post, .teardown = teardown_post)

// Rank 0 the origin: its data lands in the targets' windows.
METRON_ONESIDED_FN(win_complete, .timed = Timed::Rank0, .setup = setup_complete,
                   .call = call_complete, .check = check_from_origin)
METRON_ONESIDED_FN(win_startcomplete, .timed = Timed::Rank0, .call = call_startcomplete,
                   .check = check_from_origin)
METRON_ONESIDED_FN(win_complete_n, .window = window_of_msg_count_blocks, .timed = Timed::Rank0,
                   .setup = setup_complete_n, .call = call_complete, .check = check_from_origin)
METRON_ONESIDED_FN(win_complete_delayed_wait, .timed = Timed::Rank0, .setup = setup_complete,
                   .call = call_complete_delayed_wait, .check = check_from_origin)

// Rank 0 the target: a block per origin in its window.
METRON_ONESIDED_FN(win_wait_early_complete, .window = window_block_per_rank_at_root,
                   .timed = Timed::Rank0, .setup = setup_wait_early, .call = call_wait_root,
                   .check = check_at_root)
METRON_ONESIDED_FN(win_wait_delayed_complete, .window = window_block_per_rank_at_root,
                   .timed = Timed::Rank0, .setup = setup_wait, .call = call_wait_delayed_complete,
                   .check = check_at_root)
METRON_ONESIDED_FN(win_test, .window = window_block_per_rank_at_root, .timed = Timed::Rank0,
                   .setup = setup_wait_early, .call = call_test, .teardown = teardown_test,
                   .check = check_at_root)
METRON_ONESIDED_FN(win_test_delayed, .window = window_block_per_rank_at_root, .timed = Timed::Rank0,
                   .setup = setup_wait, .call = call_test_delayed, .teardown = teardown_test,
                   .check = check_at_root)

}  // namespace metron::rt::ops
