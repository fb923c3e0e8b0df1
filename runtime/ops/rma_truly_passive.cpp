// IMB-RMA's Truly_passive_put (Intel MPI Benchmarks, IMB-RMA): does a passive-target put
// progress while the target computes without calling MPI? Rank 0 locks rank 1's window
// (MPI_LOCK_SHARED), puts count elements and unlocks; rank 1 meanwhile busy-waits `compute`
// without any MPI call (0 s: it returns at once and waits in the next MPI call, the process
// sync, where MPI progresses). IMB reports the origin's time without and with the target
// computing as two numbers; here they are two jobs, `compute = 0s` and `compute` at least the
// first one's time. When the two are about equal the put completed without the target (truly
// passive); when the second grows with `compute` the implementation needs the target's progress.
// The window is made before the sync and freed after the second timer read (its collective
// free also waits for rank 1's compute to end, outside the timed region).
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

void call_truly_passive_put(BoundOp& b) noexcept {
  OneSidedState& s = win_state(b);
  if (b.rank == 0) {
    b.note(MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, s.win));
    b.note(MPI_Put(b.buf.send(), s.count, b.send_type, 1, 0, s.count, b.send_type, s.win));
    b.note(MPI_Win_unlock(1, s.win));
  } else if (b.rank == 1) {
    busy_wait(s.delay_ns);
  }
}

std::optional<std::string> check_at_1(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  return check_window_from(b, 0, 0, win_state(b).count);
}

}  // namespace

void bind_rma_truly_passive_put(BoundOp& b, const Args& a) {
  const std::int64_t bytes = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, bytes, bytes, 1);
  win_state(b).delay_ns = static_cast<std::int64_t>(a.seconds("compute") * 1e9);
  b.participates = b.rank == 0;
  b.setup_fn = open_window;
  b.call_fn = call_truly_passive_put;
  b.teardown_fn = free_window;
  b.fill_fn = fill_origin_and_sentinel;
  b.check_fn = check_at_1;
}

}  // namespace metron::rt::ops
