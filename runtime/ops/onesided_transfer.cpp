// SKaMPI's one-sided transfers (measurements/onesided.c): Put, Get and Accumulate in fence,
// post/start/complete/wait and lock epochs, the ping-pongs, Caching and Combining_*. Rank 0 is
// the origin, rank 1 the target; further ranks take part in the window's collective calls only
// (SKaMPI runs these on a 2-rank communicator). What is timed on which rank: docs/onesided.md.
#include "runtime/ops/onesided_window.h"
#include "runtime/ops/verify_reduce.h"

namespace metron::rt::ops {

namespace {

void put_to(BoundOp& b, const char* from, int target, MPI_Aint disp) {
  b.note(MPI_Put(from, cnt(b), b.send_type, target, disp, cnt(b), b.send_type, win(b)));
}
void get_from(BoundOp& b, char* into, int target) {
  b.note(MPI_Get(into, cnt(b), b.send_type, target, 0, cnt(b), b.send_type, win(b)));
}

// --- fence epochs --------------------------------------------------------------------------

void setup_fenced(BoundOp& b) {
  open_fenced_window(b);
}
void call_pingpong_put_put(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    if (b.rank == 0) put_to(b, b.buf.send(), 1, 0);
    b.note(MPI_Win_fence(0, win(b)));
    if (b.rank == 1) put_to(b, b.buf.recv(), 0, 0);
    b.note(MPI_Win_fence(0, win(b)));
  }
}
void call_put_fence_bidirectional(BoundOp& b) noexcept {
  if (b.rank < 2) put_to(b, b.buf.send(), 1 - b.rank, 0);
  b.note(MPI_Win_fence(0, win(b)));
}
void call_put(BoundOp& b) noexcept {
  if (b.rank == 0) put_to(b, b.buf.send(), 1, 0);
}
void call_put_fence(BoundOp& b) noexcept {
  if (b.rank == 0) put_to(b, b.buf.send(), 1, 0);
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win(b)));
}
void call_get_pingpong(BoundOp& b) noexcept {
  if (b.rank == 0) get_from(b, b.buf.recv(), 1);
  b.note(MPI_Win_fence(0, win(b)));
  if (b.rank == 1) get_from(b, b.buf.send(), 0);
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win(b)));
}
void call_get(BoundOp& b) noexcept {
  if (b.rank == 0) get_from(b, b.buf.send(), 1);
}
void call_get_fence(BoundOp& b) noexcept {
  if (b.rank == 0) get_from(b, b.buf.send(), 1);
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win(b)));
}

// Caching, Combining_Put_fence: rank 0's puts go before the sync, the closing fence is timed.
void setup_caching(BoundOp& b) {
  open_window(b);
  b.note(MPI_Win_fence(0, win(b)));
  if (b.rank == 0) {
    for (int r = 1; r < b.size; ++r) put_to(b, b.buf.send(), r, 0);
    busy_wait(win_state(b).delay_ns);
  }
}
void put_msgs_to_1(BoundOp& b) {
  const OneSidedState& s = win_state(b);
  for (int i = 0; i < s.msg_count; ++i) put_to(b, b.buf.send() + i * s.block, 1, i * s.block);
}
void setup_combining_fence(BoundOp& b) {
  open_window(b);
  b.note(MPI_Win_fence(0, win(b)));
  if (b.rank == 0) put_msgs_to_1(b);
}
void call_close_fence(BoundOp& b) noexcept {
  b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win(b)));
}

// --- post/start/complete/wait: rank 0 starts towards rank 1, which posts to rank 0 ----------

void setup_dedicated(BoundOp& b) {
  open_window(b);
  if (b.rank == 0) b.note(MPI_Win_start(win_state(b).only1, 0, win(b)));
  if (b.rank == 1) b.note(MPI_Win_post(win_state(b).only0, 0, win(b)));
}
template <void (*transfer)(BoundOp&)>
void call_dedicated(BoundOp& b) noexcept {
  if (b.rank == 0) {
    transfer(b);
    b.note(MPI_Win_complete(win(b)));
  } else if (b.rank == 1) {
    b.note(MPI_Win_wait(win(b)));
  }
}
void put_one(BoundOp& b) {
  put_to(b, b.buf.send(), 1, 0);
}
void get_one(BoundOp& b) {
  get_from(b, b.buf.send(), 1);
}
void accumulate_one(BoundOp& b) {
  b.note(MPI_Accumulate(b.buf.send(), cnt(b), b.send_type, 1, 0, cnt(b), b.send_type, b.reduce,
                        win(b)));
}

// Accumulate_concurrent: every rank but 0 accumulates into rank 0's window.
void setup_concurrent(BoundOp& b) {
  open_window(b);
  if (b.rank == 0)
    b.note(MPI_Win_post(win_state(b).all_but0, 0, win(b)));
  else
    b.note(MPI_Win_start(win_state(b).only0, 0, win(b)));
}
void call_accumulate_concurrent(BoundOp& b) noexcept {
  if (b.rank == 0) {
    b.note(MPI_Win_wait(win(b)));
    return;
  }
  const MPI_Aint disp = win_state(b).disjoint ? b.rank - 1 : 0;
  b.note(MPI_Accumulate(b.buf.send(), cnt(b), b.send_type, 0, disp, cnt(b), b.send_type, b.reduce,
                        win(b)));
  b.note(MPI_Win_complete(win(b)));
}

// --- passive target: rank 0 holds an exclusive lock on rank 1 from before the sync ----------

void setup_passive(BoundOp& b) {
  open_window(b);
  if (b.rank == 0) b.note(MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win(b)));
}
template <void (*transfer)(BoundOp&)>
void call_passive(BoundOp& b) noexcept {
  if (b.rank != 0) return;
  transfer(b);
  b.note(MPI_Win_unlock(1, win(b)));
}
void call_put_passive_concurrent(BoundOp& b) noexcept {
  b.note(MPI_Win_lock(win_state(b).lock_type, 0, 0, win(b)));
  put_to(b, b.buf.send(), 0, b.rank);
  b.note(MPI_Win_unlock(0, win(b)));
}

// --- verification ----------------------------------------------------------------------------

// (MPI_REPLACE is a macro of mpi.h: the front end's name goes through reduce_op_named.)
bool is_replace(const BoundOp& b) {
  return b.reduce_op == reduce_op_named("MPI_REPLACE");
}

// Rank 1's window (every rank but 0 for Caching) holds rank 0's msg_count blocks.
std::optional<std::string> check_at_1(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  return check_window_from(b, 0, 0, static_cast<std::int64_t>(cnt(b)) * win_state(b).msg_count);
}
std::optional<std::string> check_at_others(const BoundOp& b) {
  if (b.rank == 0) return std::nullopt;
  return check_window_from(b, 0, 0, cnt(b));
}
std::optional<std::string> check_bidirectional(const BoundOp& b) {
  if (b.rank > 1) return std::nullopt;
  return check_window_from(b, 1 - b.rank, 0, cnt(b));
}
// Pingpong_Put_Put: rank 0's data went to rank 1 and came back from rank 1's window.
std::optional<std::string> check_round_trip(const BoundOp& b) {
  if (b.rank > 1) return std::nullopt;
  return check_window_from(b, 0, 0, cnt(b));
}
std::optional<std::string> check_blocks_at_0(const BoundOp& b) {
  if (b.rank != 0) return std::nullopt;
  for (int r = 0; r < b.size; ++r)
    if (auto m = check_window_from(b, r, r * win_state(b).block, cnt(b))) return m;
  return std::nullopt;
}
// The Get functions: rank 0's send buffer holds rank 1's window (its own stream).
std::optional<std::string> check_got_at_0(const BoundOp& b) {
  if (b.rank != 0) return std::nullopt;
  if (auto m = check_pattern(b.buf.send(), b.send_dt, cnt(b), 1, 0))
    return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  return std::nullopt;
}
// Get_Pingpong: rank 0 got rank 1's window into its own, rank 1 got it back into its send side.
std::optional<std::string> check_get_pingpong(const BoundOp& b) {
  if (b.rank == 0) return check_window_from(b, 1, 0, cnt(b));
  if (b.rank != 1) return std::nullopt;
  if (auto m = check_pattern(b.buf.send(), b.send_dt, cnt(b), 1, 0))
    return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  return std::nullopt;
}

// Accumulate: rank 1's window is its own contribution folded with rank 0's (MPI_REPLACE: rank
// 0's pattern replaces it).
void fill_accumulate(BoundOp& b) {
  if (is_replace(b)) {
    fill_origin_and_sentinel(b);
    return;
  }
  fill_reduce_input(b.buf.send(), b.send_dt.basic(), b.reduce_op, cnt(b), b.rank, 0);
  fill_reduce_input(b.buf.recv(), b.recv_dt.basic(), b.reduce_op, cnt(b), b.rank, 0);
}
std::optional<std::string> check_accumulate(const BoundOp& b) {
  if (b.rank != 1) return std::nullopt;
  if (is_replace(b)) return check_window_from(b, 0, 0, cnt(b));
  if (auto m = check_reduce_result(b.buf.recv(), b.recv_dt.basic(), b.reduce_op, cnt(b), 0, 1, 0))
    return verify_message(b, DiagId::verify_in_window, *m);
  return std::nullopt;
}
// Accumulate_concurrent: rank 0's window block k starts as rank 0's contribution for elements
// k*count..; each rank r adds its own (disjoint: into block r - 1 with elements (r-1)*count..).
// Checked where the contributing ranks are a range: block 0 (ranks 0 and 1) when disjoint,
// ranks 0..p-1 otherwise. MPI_REPLACE: the block of a single origin holds its pattern.
void fill_accumulate_concurrent(BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (is_replace(b)) {
    fill_origin_and_sentinel(b);
    return;
  }
  const std::int64_t first = s.disjoint && b.rank > 0 ? (b.rank - 1) * std::int64_t{s.count} : 0;
  fill_reduce_input(b.buf.send(), b.send_dt.basic(), b.reduce_op, s.count, b.rank, first);
  if (b.rank == 0) {
    const int blocks = s.disjoint ? b.size - 1 : 1;
    for (int k = 0; k < blocks; ++k)
      fill_reduce_input(b.buf.recv() + k * s.block, b.recv_dt.basic(), b.reduce_op, s.count, 0,
                        k * std::int64_t{s.count});
  }
}
std::optional<std::string> check_accumulate_concurrent(const BoundOp& b) {
  const OneSidedState& s = win_state(b);
  if (b.rank != 0) return std::nullopt;
  if (is_replace(b)) {
    if (s.disjoint) {
      for (int r = 1; r < b.size; ++r)
        if (auto m = check_window_from(b, r, (r - 1) * s.block, s.count)) return m;
    } else if (b.size == 2) {
      return check_window_from(b, 1, 0, s.count);
    }
    return std::nullopt;  // several origins replace one block: any of them may win
  }
  const int last = s.disjoint ? 1 : b.size - 1;
  if (auto m =
          check_reduce_result(b.buf.recv(), b.recv_dt.basic(), b.reduce_op, s.count, 0, last, 0))
    return verify_message(b, DiagId::verify_in_window, *m);
  return std::nullopt;
}

// --- the functions as (synchronization, transfer) pairs ---------------------------------------

// The epoch an observation opens before the sync and closes after the second timer read, and
// who reports a time.
struct Sync {
  FillFn setup;
  FillFn teardown;
  Timed timed;
};
// The fence stays open after the timed transfer (Put, Get_callduration: only rank 0's call).
constexpr Sync kFenceOpenAfter{setup_fenced, close_fenced_window, Timed::Rank0};
// The timed call closes the fence: every rank takes part (Put_fence, Get_fence, Get_Pingpong).
constexpr Sync kFenceClosedInCall{setup_fenced, free_window, Timed::All};
// Ranks 0 and 1 both transfer in fence epochs (Pingpong_Put_Put, Put_fence_bidirectional).
constexpr Sync kFenceBetween01{setup_fenced, free_window, Timed::Ranks01};
constexpr Sync kDedicated{setup_dedicated, free_window, Timed::Ranks01};
constexpr Sync kPassive{setup_passive, free_window, Timed::Rank0};
constexpr Sync kCaching{setup_caching, free_window, Timed::Rank0};
constexpr Sync kCombiningFence{setup_combining_fence, free_window, Timed::All};

// What verification fills and checks for the transfer.
struct Transfer {
  FillFn fill;
  CheckFn check;
  bool result_in_send = false;
};
constexpr Transfer kPutTo1{fill_origin_and_sentinel, check_at_1};
constexpr Transfer kGetFrom1{fill_window_pattern, check_got_at_0, true};
constexpr Transfer kAccumulateTo1{fill_accumulate, check_accumulate};

// A window of count elements * msg_count on every rank, disp unit 1 (SKaMPI's).
constexpr EpochVariant transfer(const Sync& sync, const Transfer& t, CallFn call) {
  return {.window = window_of_msg_blocks,
          .timed = sync.timed,
          .setup = sync.setup,
          .call = call,
          .teardown = sync.teardown,
          .check = t.check,
          .fill = t.fill,
          .result_in_send = t.result_in_send};
}

// Put_passive_concurrent: rank 0's window a block per rank (unit: one block).
void window_for_concurrent_puts(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  bind_onesided(b, a, block, block * b.size, static_cast<int>(block));
}
// Accumulate_concurrent: rank 0's window a block per origin when disjoint, one block else.
void window_for_concurrent_accumulates(BoundOp& b, const Args& a) {
  const std::int64_t block = block_bytes(a.count("count"), a.type("datatype"));
  const bool disjoint = a.integer("disjoint") != 0;
  if (b.rank == 0)
    bind_onesided(b, a, block, disjoint ? block * (b.size - 1) : block, static_cast<int>(block));
  else
    bind_onesided(b, a, block, block, 1);
}

}  // namespace

void bind_pingpong_put_put(BoundOp& b, const Args& a) {
  bind_epoch(b, a,
             transfer(kFenceBetween01, {fill_origin_and_sentinel, check_round_trip},
                      call_pingpong_put_put));
  b.iterations = static_cast<int>(a.integer("iterations"));
  b.divisor = b.iterations;
}

// (synchronization, transfer, the timed call) of each function.
METRON_ONESIDED_FN(put_fence_bidirectional,
                   transfer(kFenceBetween01, {fill_origin_and_sentinel, check_bidirectional},
                            call_put_fence_bidirectional))
METRON_ONESIDED_FN(get_pingpong,
                   transfer(kFenceClosedInCall, {fill_window_pattern, check_get_pingpong},
                            call_get_pingpong))
// Put and Get under the same synchronizations: (Put's function, Get's, the synchronization,
// Put's timed call, Get's).
#define METRON_PUT_AND_GET_FN(put_fn, get_fn, sync, put_call, get_call) \
  METRON_ONESIDED_FN(put_fn, transfer(sync, kPutTo1, put_call))         \
  METRON_ONESIDED_FN(get_fn, transfer(sync, kGetFrom1, get_call))
METRON_PUT_AND_GET_FN(put, get_callduration, kFenceOpenAfter, call_put, call_get)
METRON_PUT_AND_GET_FN(put_dedicated, get_dedicated, kDedicated, call_dedicated<put_one>,
                      call_dedicated<get_one>)
METRON_PUT_AND_GET_FN(put_passive, get_passive, kPassive, call_passive<put_one>,
                      call_passive<get_one>)
METRON_PUT_AND_GET_FN(put_fence, get_fence, kFenceClosedInCall, call_put_fence, call_get_fence)
#undef METRON_PUT_AND_GET_FN
METRON_ONESIDED_FN(accumulate, transfer(kDedicated, kAccumulateTo1, call_dedicated<accumulate_one>))
METRON_ONESIDED_FN(caching, transfer(kCaching, {fill_origin_and_sentinel, check_at_others},
                                     call_close_fence))
METRON_ONESIDED_FN(combining_put_fence, transfer(kCombiningFence, kPutTo1, call_close_fence))
METRON_ONESIDED_FN(combining_put_dedicated,
                   transfer(kDedicated, kPutTo1, call_dedicated<put_msgs_to_1>))

METRON_ONESIDED_FN(put_passive_concurrent, .window = window_for_concurrent_puts,
                   .call = call_put_passive_concurrent, .check = check_blocks_at_0)
METRON_ONESIDED_FN(accumulate_concurrent, .window = window_for_concurrent_accumulates,
                   .timed = Timed::Rank0, .setup = setup_concurrent,
                   .call = call_accumulate_concurrent, .check = check_accumulate_concurrent,
                   .fill = fill_accumulate_concurrent)

}  // namespace metron::rt::ops
