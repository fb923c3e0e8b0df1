// SKaMPI's fence functions, window creation and freeing (measurements/onesided.c): what each
// times is in docs/onesided.md. The window is opened before the process sync and freed after
// the second timer read (setup_fn, teardown_fn), the epoch's puts happen before the sync.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

// SKaMPI puts one element into the rank's own window: the epoch is not empty (none into an empty
// window, where SKaMPI's put would be an MPI error).
void put_one_to_self(BoundOp& b) {
  if (win_state(b).do_put && win_state(b).count > 0)
    b.note(MPI_Put(b.buf.send(), 1, b.send_type, b.rank, 0, 1, b.send_type, win_state(b).win));
}

void call_fence_open(BoundOp& b) noexcept {
  b.note(MPI_Win_fence(MPI_MODE_NOPRECEDE | assert_for_fence(b), win_state(b).win));
}

void setup_fence_close(BoundOp& b) {
  open_fenced_window(b, assert_for_fence(b));
  put_one_to_self(b);
}
void call_fence_close(BoundOp& b) noexcept {
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win_state(b).win));
}

void setup_fence_close_collective(BoundOp& b) {
  open_fenced_window(b, assert_for_fence(b));
  const OneSidedState& s = win_state(b);
  if (b.rank != 0 && s.do_put)
    b.note(MPI_Put(b.buf.send(), s.count, b.send_type, 0, b.rank, s.count, b.send_type, s.win));
}

void setup_fence_close_delayed(BoundOp& b) {
  open_fenced_window(b);
  const OneSidedState& s = win_state(b);
  const int next = (b.rank + 1) % b.size;
  for (int i = 0; i < s.msg_count; ++i)
    b.note(MPI_Put(b.buf.send() + i * s.block, s.count, b.send_type, next, i, s.count, b.send_type,
                   s.win));
  busy_wait(s.delay_ns);
}

void setup_fence_openclose(BoundOp& b) {
  open_fenced_window(b);
  put_one_to_self(b);
}
void call_fence_openclose(BoundOp& b) noexcept {
  b.note(MPI_Win_fence(0, win_state(b).win));
}

void call_win_create(BoundOp& b) noexcept {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_create(b.buf.recv(), s.win_bytes, s.disp_unit, s.info, b.comm, &s.win));
}

void setup_win_free(BoundOp& b) {
  setup_fence_openclose(b);
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win_state(b).win));
}
void call_win_free(BoundOp& b) noexcept {
  OneSidedState& s = win_state(b);
  b.note(MPI_Win_free(&s.win));
}

// Verification: the element each rank put into its own window.
std::optional<std::string> check_put_to_self(const BoundOp& b) {
  if (!win_state(b).do_put || win_state(b).count == 0) return std::nullopt;
  return check_window_from(b, b.rank, 0, 1);
}
// Rank 0's window: block r holds rank r's data, r >= 1.
std::optional<std::string> check_blocks_at_root(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (b.rank != 0 || !s.do_put) return std::nullopt;
  for (int r = 1; r < b.size; ++r)
    if (auto m = check_window_from(b, r, r * s.block, s.count)) return m;
  return std::nullopt;
}
// Every rank's window holds the previous rank's msg_count blocks.
std::optional<std::string> check_from_previous(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  return check_window_from(b, (b.rank + b.size - 1) % b.size, 0,
                           static_cast<std::int64_t>(s.count) * s.msg_count);
}

// Fence_close_delayed: msg_count blocks on every rank, the send side too (unit: one block).
void window_of_msg_count_blocks(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  const std::int64_t all = block * a.integer("msg_count");
  bind_onesided(b, a, all, all, static_cast<int>(block));
}

}  // namespace

METRON_ONESIDED_FN(win_fence_open, .call = call_fence_open)
METRON_ONESIDED_FN(win_fence_close, .setup = setup_fence_close, .call = call_fence_close,
                   .check = check_put_to_self)
METRON_ONESIDED_FN(win_fence_close_collective, .window = window_block_per_rank_at_root,
                   .setup = setup_fence_close_collective, .call = call_fence_close,
                   .check = check_blocks_at_root)
METRON_ONESIDED_FN(win_fence_close_delayed, .window = window_of_msg_count_blocks,
                   .setup = setup_fence_close_delayed, .call = call_fence_close,
                   .check = check_from_previous)
METRON_ONESIDED_FN(win_fence_openclose, .setup = setup_fence_openclose,
                   .call = call_fence_openclose, .check = check_put_to_self)
// Timed: the window's creation, then its freeing (no epoch around either).
METRON_ONESIDED_FN(win_create, .setup = nullptr, .call = call_win_create)
METRON_ONESIDED_FN(win_free, .setup = setup_win_free, .call = call_win_free, .teardown = nullptr,
                   .check = check_put_to_self)

}  // namespace metron::rt::ops
