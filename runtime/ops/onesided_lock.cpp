// SKaMPI's passive target lock functions (measurements/onesided.c): rank 0 locks the window of
// dest_rank; only rank 0 is timed. docs/onesided.md.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

void lock_dest(BoundOp& b) {
  const OneSidedState& s = win_state(b);
  b.note(MPI_Win_lock(s.lock_type, s.dest, assert_for_lock(b), s.win));
}
void unlock_dest(BoundOp& b) {
  b.note(MPI_Win_unlock(win_state(b).dest, win_state(b).win));
}

void setup_lock_desync(BoundOp& b) {
  open_window(b);
  busy_wait(win_state(b).delay_ns);
}
void call_lock(BoundOp& b) noexcept {
  if (b.rank == 0) lock_dest(b);
}
void teardown_lock(BoundOp& b) {
  if (b.rank == 0) unlock_dest(b);
  free_window(b);
}

void setup_unlock(BoundOp& b) {
  open_window(b);
  const OneSidedState& s = win_state(b);
  if (b.rank == 0) {
    lock_dest(b);
    if (s.do_put)
      b.note(MPI_Put(b.buf.send(), s.count, b.send_type, s.dest, 0, s.count, b.send_type, s.win));
  }
  busy_wait(s.delay_ns);
}
void call_unlock(BoundOp& b) noexcept {
  if (b.rank == 0) unlock_dest(b);
}

// The lock target holds rank 0's data once rank 0 has unlocked and every rank has freed the
// window (MPI_Win_free synchronizes).
std::optional<std::string> check_at_dest(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (b.rank != s.dest || !s.do_put) return std::nullopt;
  return check_window_from(b, 0, 0, s.count);
}

}  // namespace

METRON_ONESIDED_FN(win_lock, .timed = Timed::Rank0, .call = call_lock, .teardown = teardown_lock)
METRON_ONESIDED_FN(win_lock_desync, .timed = Timed::Rank0, .setup = setup_lock_desync,
                   .call = call_lock, .teardown = teardown_lock)
METRON_ONESIDED_FN(win_unlock, .timed = Timed::Rank0, .setup = setup_unlock, .call = call_unlock,
                   .check = check_at_dest)

}  // namespace metron::rt::ops
