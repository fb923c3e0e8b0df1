// SKaMPI's active-wait functions (measurements/onesided.c): a transfer of count MPI_INT whose
// arrival a rank detects by polling, as MPI allows it. SKaMPI polls memory inside a fence epoch,
// which MPI leaves undefined; here each function runs in a lock_all epoch opened before the sync
// (closed after the second timer read) and polls with calls MPI defines (docs/onesided.md):
//
//   Put_activewait_get           rank 0: MPI_Put of count - 1 elements, MPI_Accumulate
//                                (MPI_REPLACE) of the flag element, then MPI_Get_accumulate
//                                (MPI_NO_OP) of it + MPI_Win_flush until it reads the flag
//                                (concurrent accumulates to one location are defined, a Get
//                                that overlaps a Put is not)
//   Put_activewait_twosided(_sleep), Accumulate_activewait_twosided
//                                rank 0: the transfer, MPI_Win_flush (the put completes at the
//                                target), MPI_Recv; rank 1: volatile loads of its window's last
//                                element with MPI_Win_sync between them until the flag is
//                                there, MPI_Send of it. Unified memory model only.
//   Get_activewait(_sleep)       rank 0: MPI_Rget, MPI_Test until complete (the origin buffer
//                                is defined only then)
//
// The flag is SKaMPI's 0xDEADBEEF in the last element of rank 0's data; rank 1's window starts
// with 0 there (set before the window is made, each observation).
#include <cstdio>
#include <cstring>

#include "runtime/ops/onesided_window.h"

namespace metron::rt::ops {

namespace {

constexpr int kFlag = static_cast<int>(0xDEADBEEFu);
constexpr int kNoTag = 0x7eed;  // probed by the polling target, sent by no one

int* ints(char* p) {
  return reinterpret_cast<int*>(p);
}
MPI_Aint last_disp(const BoundOp& b) {
  return static_cast<MPI_Aint>(cnt(b) - 1) * static_cast<MPI_Aint>(sizeof(int));
}

// Put and accumulate variants: rank 0's last element is the flag, rank 1's window ends in 0.
void setup_flagged(BoundOp& b) {
  if (b.rank == 0) ints(b.buf.send())[cnt(b) - 1] = kFlag;
  if (b.rank == 1) ints(b.buf.recv())[cnt(b) - 1] = 0;
  open_window(b);
  b.note(MPI_Win_lock_all(MPI_MODE_NOCHECK, win(b)));
}
// Get variants: rank 1's window holds the data, ending in the flag; rank 0's origin ends in 0.
void setup_get_flagged(BoundOp& b) {
  if (b.rank == 1) ints(b.buf.recv())[cnt(b) - 1] = kFlag;
  if (b.rank == 0) ints(b.buf.send())[cnt(b) - 1] = 0;
  open_window(b);
  b.note(MPI_Win_lock_all(MPI_MODE_NOCHECK, win(b)));
}
void teardown_lock_all(BoundOp& b) {
  b.note(MPI_Win_unlock_all(win(b)));
  free_window(b);
}

void call_put_activewait_get(BoundOp& b) noexcept {
  if (b.rank != 0) return;
  OneSidedState& s = win_state(b);
  if (s.count > 1)
    b.note(MPI_Put(b.buf.send(), s.count - 1, MPI_INT, 1, 0, s.count - 1, MPI_INT, s.win));
  b.note(MPI_Accumulate(b.buf.send() + last_disp(b), 1, MPI_INT, 1, last_disp(b), 1, MPI_INT,
                        MPI_REPLACE, s.win));
  s.polled = 0;
  do {
    b.note(MPI_Get_accumulate(nullptr, 0, MPI_INT, &s.polled, 1, MPI_INT, 1, last_disp(b), 1,
                              MPI_INT, MPI_NO_OP, s.win));
    b.note(MPI_Win_flush(1, s.win));
  } while (s.polled != kFlag && b.error == MPI_SUCCESS);
}

// Rank 1 looks at its window until the flag is there (MPI_Win_sync orders the loads with the
// RMA updates), pausing delay_ns between two looks, then returns it to rank 0.
void wait_for_flag_and_answer(BoundOp& b) {
  OneSidedState& s = win_state(b);
  volatile int* last = ints(b.buf.recv()) + (s.count - 1);
  int unused = 0;
  while (*last != kFlag && b.error == MPI_SUCCESS) {
    busy_wait(s.delay_ns);
    // MPI promises progress of the origin's put only while the target calls MPI (MPICH applies
    // a put to an MPI_Win_create window on the target, in its progress engine): the probe of a
    // tag no one sends is that call.
    b.note(MPI_Iprobe(0, kNoTag, b.comm, &unused, MPI_STATUS_IGNORE));
    b.note(MPI_Win_sync(s.win));
  }
  int seen = *last;
  b.note(MPI_Send(&seen, 1, MPI_INT, 0, 0, b.comm));
}
template <bool Accumulate>
void call_activewait_twosided(BoundOp& b) noexcept {
  OneSidedState& s = win_state(b);
  if (b.rank == 0) {
    if (Accumulate)
      b.note(
          MPI_Accumulate(b.buf.send(), s.count, MPI_INT, 1, 0, s.count, MPI_INT, MPI_SUM, s.win));
    else
      b.note(MPI_Put(b.buf.send(), s.count, MPI_INT, 1, 0, s.count, MPI_INT, s.win));
    b.note(MPI_Win_flush(1, s.win));
    b.note(MPI_Recv(&s.polled, 1, MPI_INT, 1, 0, b.comm, MPI_STATUS_IGNORE));
  } else if (b.rank == 1) {
    wait_for_flag_and_answer(b);
  }
}

void call_get_activewait(BoundOp& b) noexcept {
  if (b.rank != 0) return;
  OneSidedState& s = win_state(b);
  b.note(MPI_Rget(b.buf.send(), s.count, MPI_INT, 1, 0, s.count, MPI_INT, s.win, &s.request));
  int done = 0;
  for (;;) {
    b.note(MPI_Test(&s.request, &done, MPI_STATUS_IGNORE));
    if (done || b.error != MPI_SUCCESS) break;
    busy_wait(s.delay_ns);
  }
}

// --- verification ---------------------------------------------------------------------------

// Rank 1's window: rank 0's stream in the first count - 1 elements, then the flag (the sum of
// 0 and the flag for the accumulate). Rank 0's pattern is written after its flag would be, so
// setup_flagged puts the flag back.
void fill_put(BoundOp& b) {
  fill_origin_and_sentinel(b);
  if (b.rank == 1) std::memset(b.buf.recv(), 0, static_cast<std::size_t>(cnt(b)) * sizeof(int));
}
// The first byte of the last element that differs from the flag's.
Mismatch flag_mismatch(const BoundOp& b, int got) {
  unsigned char want[sizeof(int)], have[sizeof(int)];
  std::memcpy(want, &kFlag, sizeof want);
  std::memcpy(have, &got, sizeof have);
  std::size_t i = 0;
  while (i + 1 < sizeof want && want[i] == have[i]) ++i;
  return Mismatch{last_disp(b) + static_cast<std::int64_t>(i), hex_byte(want[i]), hex_byte(have[i]),
                  DiagId::verify_found_flag};
}
std::optional<std::string> check_put(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  if (auto m = check_window_from(b, 0, 0, cnt(b) - 1)) return m;
  const int got = ints(b.buf.recv())[cnt(b) - 1];
  if (got != kFlag) return verify_message(b, DiagId::verify_in_window, flag_mismatch(b, got));
  return std::nullopt;
}
// Rank 0's origin buffer: rank 1's stream in the first count - 1 elements, then the flag.
std::optional<std::string> check_get(const BoundOp& b) {
  if (b.rank != 0) return std::nullopt;
  if (auto m = check_pattern(b.buf.send(), b.send_dt, cnt(b) - 1, 1, 0))
    return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  const int got = ints(b.buf.send())[cnt(b) - 1];
  if (got != kFlag)
    return verify_message(b, DiagId::verify_in_origin_buffer, flag_mismatch(b, got));
  return std::nullopt;
}

// A window of count ints on every rank; the origin (rank 0) is timed, and the lock_all epoch its
// call opened ends after the observation.
void window_of_ints(BoundOp& b, const Args& a) {
  const std::int64_t bytes = a.count("count") * std::int64_t{sizeof(int)};
  bind_onesided(b, a, bytes, bytes, 1);
}
constexpr EpochVariant put_polling(CallFn call) {
  return {.window = window_of_ints,
          .timed = Timed::Rank0,
          .setup = setup_flagged,
          .call = call,
          .teardown = teardown_lock_all,
          .check = check_put,
          .fill = fill_put};
}
constexpr EpochVariant get_polling() {
  return {.window = window_of_ints,
          .timed = Timed::Rank0,
          .setup = setup_get_flagged,
          .call = call_get_activewait,
          .teardown = teardown_lock_all,
          .check = check_get,
          .fill = fill_window_pattern,
          .result_in_send = true};
}

}  // namespace

METRON_ONESIDED_FN(put_activewait_get, put_polling(call_put_activewait_get))
METRON_ONESIDED_FN(get_activewait, get_polling())
METRON_ONESIDED_FN(get_activewait_sleep, get_polling())

// Polling window memory is defined in the unified memory model only.
void bind_put_activewait_twosided(BoundOp& b, const Args& a) {
  require_unified_model(b);
  bind_epoch(b, a, put_polling(call_activewait_twosided<false>));
}

void bind_put_activewait_twosided_sleep(BoundOp& b, const Args& a) {
  bind_put_activewait_twosided(b, a);
}

void bind_accumulate_activewait_twosided(BoundOp& b, const Args& a) {
  require_unified_model(b);
  bind_epoch(b, a, put_polling(call_activewait_twosided<true>));
}

}  // namespace metron::rt::ops
