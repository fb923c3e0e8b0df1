// IMB-RMA's Truly_passive_put (Intel MPI Benchmarks, IMB-RMA): does a passive-target put
// progress while the target computes without calling MPI? Rank 0 holds a shared lock on rank
// 1's window (taken before the sync, released after the second timer read) and times MPI_Put of
// count elements + MPI_Win_flush(1); rank 1 meanwhile busy-waits `compute` without any MPI call
// (0 s: it returns at once and waits in the next MPI call, the process sync, where MPI
// progresses). IMB reports the origin's time with the target idle in MPI_Barrier (t_pure) and
// with the target computing about t_pure (t_ovrl) as two numbers; here they are two jobs,
// `compute = 0s` and `compute` about the first one's time. IMB's timed loop also holds the
// barrier that follows each put; here the process sync takes its place, outside the timed
// region, so the reading is plain: with the target computing, a put that needs the target's
// progress takes about `compute`, a truly passive one about its time with compute = 0s.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

void call_truly_passive_put(BoundOp& b) noexcept {
  OneSidedState& s = win_state(b);
  if (b.rank == 0) {
    b.note(MPI_Put(b.buf.send(), s.count, b.send_type, 1, 0, s.count, b.send_type, s.win));
    b.note(MPI_Win_flush(1, s.win));
  } else if (b.rank == 1) {
    busy_wait(s.delay_ns);
  }
}

void setup_locked(BoundOp& b) {
  open_window(b);
  if (b.rank == 0) b.note(MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win_state(b).win));
}
void teardown_locked(BoundOp& b) {
  if (b.rank == 0) b.note(MPI_Win_unlock(1, win_state(b).win));
  free_window(b);
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
  b.setup_fn = setup_locked;
  b.call_fn = call_truly_passive_put;
  b.teardown_fn = teardown_locked;
  b.fill_fn = fill_origin_and_sentinel;
  b.check_fn = check_at_1;
}

}  // namespace metron::rt::ops
