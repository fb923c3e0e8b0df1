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

void setup_fence_open(BoundOp& b) {
  open_window(b);
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

void bind_window(BoundOp& b, const Args& a) {
  const std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, bytes, bytes, 1);
  b.fill_fn = fill_origin_and_sentinel;
}

}  // namespace

void bind_win_fence_open(BoundOp& b, const Args& a) {
  bind_window(b, a);
  b.setup_fn = setup_fence_open;
  b.call_fn = call_fence_open;
  b.teardown_fn = free_window;
}

void bind_win_fence_close(BoundOp& b, const Args& a) {
  bind_window(b, a);
  b.setup_fn = setup_fence_close;
  b.call_fn = call_fence_close;
  b.teardown_fn = free_window;
  b.check_fn = check_put_to_self;
}

void bind_win_fence_close_collective(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, b.rank == 0 ? block * b.size : 0, static_cast<int>(block));
  b.fill_fn = fill_origin_and_sentinel;
  b.setup_fn = setup_fence_close_collective;
  b.call_fn = call_fence_close;
  b.teardown_fn = free_window;
  b.check_fn = check_blocks_at_root;
}

void bind_win_fence_close_delayed(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  const std::int64_t all = block * a.integer("msg_count");
  bind_onesided(b, a, all, all, static_cast<int>(block));
  b.fill_fn = fill_origin_and_sentinel;
  b.setup_fn = setup_fence_close_delayed;
  b.call_fn = call_fence_close;
  b.teardown_fn = free_window;
  b.check_fn = check_from_previous;
}

void bind_win_fence_openclose(BoundOp& b, const Args& a) {
  bind_window(b, a);
  b.setup_fn = setup_fence_openclose;
  b.call_fn = call_fence_openclose;
  b.teardown_fn = free_window;
  b.check_fn = check_put_to_self;
}

void bind_win_create(BoundOp& b, const Args& a) {
  bind_window(b, a);
  b.call_fn = call_win_create;
  b.teardown_fn = free_window;
}

void bind_win_free(BoundOp& b, const Args& a) {
  bind_window(b, a);
  b.setup_fn = setup_win_free;
  b.call_fn = call_win_free;
  b.check_fn = check_put_to_self;
}

}  // namespace metron::rt::ops
