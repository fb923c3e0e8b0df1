// What SKaMPI's one-sided functions share (measurements/onesided.c): their arguments, the window
// each observation opens over the receive buffer (MPI_Win_create, as SKaMPI; the OSU and IMB
// benchmarks' window kinds are runtime/ops/rma_window.*), the groups of the post/start epochs,
// the info object, the assertion and lock constants in this MPI's values, the busy-wait of the
// delayed variants and the verification of the target's window.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

// Bound once per job; groups and info are local MPI objects, made at bind, freed with the state.
struct OneSidedState {
  OneSidedState() = default;
  OneSidedState(const OneSidedState&) = delete;
  OneSidedState& operator=(const OneSidedState&) = delete;
  ~OneSidedState();

  int count = 0;                           // elements per transfer
  std::int64_t block = 0;                  // count * extent: the bytes of one transfer
  int assertion = 0;                       // MPI_MODE_* of this MPI (all the script gave)
  int lock_type = MPI_LOCK_EXCLUSIVE;      // of this MPI
  int dest = 1;                            // the target of Win_lock / Win_unlock
  bool do_put = true;                      // the epoch carries a transfer
  int msg_count = 1;                       // transfers per epoch (Combining_*, *_n, *_delayed)
  std::int64_t delay_ns = 0;               // delay_us, the busy-wait of the delayed variants
  int delay_rank = -1;                     // Win_start_delayed_post: the late rank (-1: all)
  bool disjoint = true;                    // Accumulate_concurrent
  MPI_Aint win_bytes = 0;                  // this rank's window
  int disp_unit = 1;                       // SKaMPI's displacement unit for the function
  MPI_Info info = MPI_INFO_NULL;           // made from the script's info object, or MPI_INFO_NULL
  MPI_Group group = MPI_GROUP_NULL;        // the window's group (the job communicator's)
  MPI_Group only0 = MPI_GROUP_NULL;        // {0}
  MPI_Group only1 = MPI_GROUP_NULL;        // {1} (MPI_GROUP_EMPTY on one rank)
  MPI_Group all_but0 = MPI_GROUP_NULL;     // every rank but 0
  MPI_Win win = MPI_WIN_NULL;              // the window of the current observation
  int flag = 0;                            // Win_test's answer
  MPI_Win win2 = MPI_WIN_NULL;             // the border exchanges' second window
  int polled = 0;                          // Put_activewait_get: the flag as the last poll read it
  MPI_Request request = MPI_REQUEST_NULL;  // Get_activewait's MPI_Rget
  MPI_Datatype fresh_type = MPI_DATATYPE_NULL;  // Datatype_*_everytime: this observation's type
};

OneSidedState& win_state(BoundOp& b);
const OneSidedState& win_state(const BoundOp& b);
// The window of the current observation, the elements per transfer.
inline MPI_Win win(BoundOp& b) {
  return win_state(b).win;
}
inline int cnt(const BoundOp& b) {
  return win_state(b).count;
}

// Reads the arguments every one-sided function has (count, datatype (MPI_INT where the function
// has none), info) and those of the
// function that exist (assertion, lock_type, dest_rank, do_a_put, msg_count, delay_us,
// delay_rank, op, disjoint); sets the buffer needs to send_bytes and recv_bytes (this rank's
// window) and the window to win_bytes with disp_unit. Makes the groups and the info.
void bind_onesided(BoundOp& b, const Args& a, std::int64_t send_bytes, std::int64_t win_bytes,
                   int disp_unit);

// Throws a bind error unless this MPI's windows are MPI_WIN_UNIFIED (asked of a window on
// MPI_COMM_SELF): the functions whose target polls its window memory need that model.
void require_unified_model(const BoundOp& b);

// MPI_Win_create over the receive buffer (errors return, not abort) / MPI_Win_free.
void open_window(BoundOp& b);
void free_window(BoundOp& b);
// As open_window, then MPI_Win_fence(MPI_MODE_NOPRECEDE [| extra]): the fence epoch of most
// functions, opened before the sync.
void open_fenced_window(BoundOp& b, int extra_assert = 0);
// MPI_Win_fence(MPI_MODE_NOSUCCEED), then free: the teardown of a fence epoch.
void close_fenced_window(BoundOp& b);

// The flags of `assertion` that the call accepts (MPI 4.1 §12.5): SKaMPI meant to pass these
// (its mask starts from 0, so SKaMPI 5 passes none to start, post and lock: docs/onesided.md).
int assert_for_start(const BoundOp& b);  // MPI_MODE_NOCHECK
int assert_for_post(const BoundOp& b);   // MPI_MODE_NOCHECK, NOSTORE, NOPUT
int assert_for_fence(const BoundOp& b);  // MPI_MODE_NOSTORE, NOPUT, NOPRECEDE, NOSUCCEED
int assert_for_lock(const BoundOp& b);   // MPI_MODE_NOCHECK

// SKaMPI's wait_for: a busy-wait of ns nanoseconds on the steady clock (no sleep: the rank
// stays as busy as in a computation).
void busy_wait(std::int64_t ns) noexcept;

// Verification: the send side holds the rank's pattern (msg_count blocks), the window a
// sentinel; check_window_from(b, rank_of_data, offset_bytes, bytes) checks bytes of the window
// at offset against rank_of_data's stream from its start.
void fill_origin_and_sentinel(BoundOp& b);
std::optional<std::string> check_window_from(const BoundOp& b, int source, std::int64_t offset,
                                             std::int64_t count);
// The window holds the rank's own stream and the send side a sentinel (the Get functions).
void fill_window_pattern(BoundOp& b);

// The window sizes of most functions (bind_onesided with the arguments' count and datatype):
// one block of count elements on every rank, displacement unit 1 (SKaMPI's) ...
void window_of_one_block(BoundOp& b, const Args& a);
// ... msg_count such blocks where the function has msg_count ...
void window_of_msg_blocks(BoundOp& b, const Args& a);
// ... or rank 0's window a block per rank (unit: one block), the others' none.
void window_block_per_rank_at_root(BoundOp& b, const Args& a);

// Who reports a time (BoundOp::participates): the origin, origin and target, or every rank.
enum class Timed { Rank0, Ranks01, All };

// One of SKaMPI's one-sided functions as data: its window, who is timed, the hooks around the
// observation (setup before the process sync, call between the timer reads, teardown after the
// second) and its verification. bind_epoch wires it into the BoundOp once per job, so the timed
// region stays one call through BoundOp::call_fn.
struct EpochVariant {
  void (*window)(BoundOp&, const Args&) = window_of_one_block;
  Timed timed = Timed::All;
  FillFn setup = open_window;
  CallFn call = nullptr;
  FillFn teardown = free_window;
  CheckFn check = nullptr;
  FillFn fill = fill_origin_and_sentinel;
  bool result_in_send = false;  // the Get functions: the result is the origin's buffer
};
void bind_epoch(BoundOp& b, const Args& a, const EpochVariant& v);

// A row of a one-sided file's table: defines bind_<fn> (the name operations.def gives) as
// bind_epoch of the EpochVariant the rest of the row describes.
#define METRON_ONESIDED_FN(fn, ...)           \
  void bind_##fn(BoundOp& b, const Args& a) { \
    bind_epoch(b, a, {__VA_ARGS__});          \
  }

}  // namespace metron::rt::ops
