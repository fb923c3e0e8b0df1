// SKaMPI's one-sided communication patterns (measurements/onesided.c): shifts, exchanges and
// collectives emulated with puts and accumulates. Unlike the single-call functions, SKaMPI times
// the whole epoch here: the opening fence (or the locks), the transfers and the closing fence,
// on every rank (onesided_bcast: rank 0). The window is created before the sync and freed after
// the second timer read. docs/onesided.md.
#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

int after(const BoundOp& b, int steps) {
  return (b.rank + steps) % b.size;
}

void open_epoch(BoundOp& b) {
  b.note(MPI_Win_fence(MPI_MODE_NOPRECEDE, win(b)));
}
void close_epoch(BoundOp& b) {
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win(b)));
}

// Put_Shift: every rank puts count elements to the rank `distance` after it.
void call_put_shift(BoundOp& b) noexcept {
  open_epoch(b);
  b.note(MPI_Put(b.buf.send(), cnt(b), b.send_type, after(b, b.scaled), 0, cnt(b), b.send_type,
                 win(b)));
  close_epoch(b);
}

// Put_Exchange(_passive): message m goes to the (m+1)-th next rank, into block m of its window.
void call_put_exchange(BoundOp& b) noexcept {
  open_epoch(b);
  for (int m = 0; m < win_state(b).msg_count; ++m)
    b.note(MPI_Put(b.buf.send(), cnt(b), b.send_type, after(b, m + 1), m * win_state(b).block,
                   cnt(b), b.send_type, win(b)));
  close_epoch(b);
}
void call_put_exchange_passive(BoundOp& b) noexcept {
  for (int m = 0; m < win_state(b).msg_count; ++m) {
    const int dst = after(b, m + 1);
    b.note(MPI_Win_lock(MPI_LOCK_SHARED, dst, 0, win(b)));
    b.note(MPI_Put(b.buf.send(), cnt(b), b.send_type, dst, m * win_state(b).block, cnt(b),
                   b.send_type, win(b)));
    b.note(MPI_Win_unlock(dst, win(b)));
  }
}

// Accumulate_concurrent_multi: message m accumulates into the (m+1)-th next rank, into block m
// (disjoint) or all into block 0.
void call_accumulate_multi(BoundOp& b) noexcept {
  const OneSidedState& s = win_state(b);
  open_epoch(b);
  for (int m = 0; m < s.msg_count; ++m)
    b.note(MPI_Accumulate(b.buf.send(), s.count, b.send_type, after(b, m + 1),
                          s.disjoint ? m * s.block : 0, s.count, b.send_type, b.reduce, s.win));
  close_epoch(b);
}

// onesided_bcast: rank 0 puts count elements bcast_count times to every rank (SKaMPI's loop
// runs size + 1 times: the first target gets each block twice), block j with unit one block.
void call_onesided_bcast(BoundOp& b) noexcept {
  open_epoch(b);
  if (b.rank == 0)
    for (int j = 0; j < b.scaled; ++j)
      for (int i = 0; i <= b.size; ++i)
        b.note(MPI_Put(b.buf.send(), cnt(b), b.send_type, after(b, i + 1), j, cnt(b), b.send_type,
                       win(b)));
  close_epoch(b);
}

// onesided_alltoall: alltoall_count rounds; in round j each rank puts send block d to rank d at
// block j * p + rank (SKaMPI's loop: size + 1 puts, the first target twice).
void call_onesided_alltoall(BoundOp& b) noexcept {
  const OneSidedState& s = win_state(b);
  open_epoch(b);
  for (int j = 0; j < b.scaled; ++j)
    for (int i = 0; i <= b.size; ++i) {
      const int dst = after(b, i + 1);
      b.note(MPI_Put(b.buf.send() + dst * s.block, s.count, b.send_type, dst,
                     (std::int64_t{j} * b.size + b.rank) * s.block, s.count, b.send_type, s.win));
    }
  close_epoch(b);
}

// onesided_reduce: every rank accumulates into rank 0; onesided_allreduce: into every rank.
void call_onesided_reduce(BoundOp& b) noexcept {
  open_epoch(b);
  b.note(MPI_Accumulate(b.buf.send(), cnt(b), b.send_type, 0, 0, cnt(b), b.send_type, b.reduce,
                        win(b)));
  close_epoch(b);
}
void call_onesided_allreduce(BoundOp& b) noexcept {
  open_epoch(b);
  for (int i = 1; i <= b.size; ++i)
    b.note(MPI_Accumulate(b.buf.send(), cnt(b), b.send_type, after(b, i), 0, cnt(b), b.send_type,
                          b.reduce, win(b)));
  close_epoch(b);
}

// --- verification ----------------------------------------------------------------------------

std::optional<std::string> check_shift(const BoundOp& b) {
  return check_window_from(b, (b.rank + b.size - b.scaled % b.size) % b.size, 0, cnt(b));
}
std::optional<std::string> check_exchange(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  for (int m = 0; m < s.msg_count; ++m)
    if (auto e = check_window_from(b, ((b.rank - m - 1) % b.size + b.size) % b.size, m * s.block,
                                   s.count))
      return e;
  return std::nullopt;
}
std::optional<std::string> check_bcast_blocks(const BoundOp& b) {
  for (int j = 0; j < b.scaled; ++j)
    if (auto e = check_window_from(b, 0, j * win_state(b).block, cnt(b))) return e;
  return std::nullopt;
}
// onesided_alltoall: block j * p + r holds rank r's send block `rank`, i.e. its pattern from
// the significant byte that starts block `rank`.
void fill_put_alltoall(BoundOp& b) {
  const OneSidedState& s = win_state(b);
  fill_pattern(b.buf.send(), b.send_dt, std::int64_t{s.count} * b.size, b.rank, 0);
  fill_sentinel(b.buf.recv(), s.win_bytes);
}
std::optional<std::string> check_put_alltoall(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  const std::int64_t first = pattern_bytes(b.recv_dt, s.count) * b.rank;
  for (int j = 0; j < b.scaled; ++j)
    for (int r = 0; r < b.size; ++r) {
      const std::int64_t off = (std::int64_t{j} * b.size + r) * s.block;
      if (auto m = check_pattern(b.buf.recv() + off, b.recv_dt, s.count, r, first)) {
        Mismatch at = *m;
        at.offset += off;
        return verify_message(b, DiagId::verify_in_window, at);
      }
    }
  return std::nullopt;
}

std::int64_t block_of(const Args& a) {
  return block_bytes(a.count("count"), a.type("datatype"));
}
void bind_epoch(BoundOp& b, const Args& a, std::int64_t send, std::int64_t window, int unit,
                CallFn call) {
  bind_onesided(b, a, send, window, unit);
  b.fill_fn = fill_origin_and_sentinel;
  b.setup_fn = open_window;
  b.call_fn = call;
  b.teardown_fn = free_window;
}

}  // namespace

void bind_put_shift(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  bind_epoch(b, a, block, block, 1, call_put_shift);
  b.scaled = static_cast<int>(((a.integer("distance") % b.size) + b.size) % b.size);
  b.check_fn = check_shift;
}

void bind_put_exchange(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  bind_epoch(b, a, block, block * a.integer("msg_count"), 1, call_put_exchange);
  b.check_fn = check_exchange;
}

void bind_put_exchange_passive(BoundOp& b, const Args& a) {
  bind_put_exchange(b, a);
  b.call_fn = call_put_exchange_passive;
}

void bind_accumulate_concurrent_multi(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  const bool disjoint = a.integer("disjoint") != 0;
  bind_epoch(b, a, block, disjoint ? block * a.integer("msg_count") : block, 1,
             call_accumulate_multi);
}

void bind_onesided_bcast(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  b.scaled = static_cast<int>(a.integer("bcast_count"));
  bind_epoch(b, a, block, block * b.scaled, static_cast<int>(block), call_onesided_bcast);
  b.participates = b.rank == 0;
  b.check_fn = check_bcast_blocks;
}

void bind_onesided_alltoall(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  b.scaled = static_cast<int>(a.integer("alltoall_count"));
  bind_epoch(b, a, block * b.size, block * b.size * b.scaled, 1, call_onesided_alltoall);
  b.fill_fn = fill_put_alltoall;
  b.check_fn = check_put_alltoall;
}

void bind_onesided_reduce(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  bind_epoch(b, a, block, block, 1, call_onesided_reduce);
}

void bind_onesided_allreduce(BoundOp& b, const Args& a) {
  const std::int64_t block = block_of(a);
  bind_epoch(b, a, block, block, 1, call_onesided_allreduce);
}

}  // namespace metron::rt::ops
