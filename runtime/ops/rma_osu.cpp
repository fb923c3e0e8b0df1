// OSU's one-sided benchmarks (OSU Micro-Benchmarks 7.4, c/mpi/one-sided): latency of MPI_Put,
// MPI_Get, MPI_Accumulate, MPI_Get_accumulate, MPI_Fetch_and_op and MPI_Compare_and_swap, and the
// windowed bandwidth of MPI_Put and MPI_Get (one way) and MPI_Put (both ways). Rank 0 is the
// origin and rank 1 the target, as in OSU; further ranks only join the fences.
//
// One call() is what OSU times per iteration, by sync mode:
//   lock, lock_all:     rank 0: lock; op(s); unlock                    (rank 1 idle)
//   flush, flush_local: rank 0: op(s); flush  (the lock is held for the whole job, opened in
//                       prepare() and closed in release(), as OSU holds it around its loop)
//   fence  latency:     rank 0: fence; op; fence; fence   rank 1: fence; fence; op; fence
//   pscw   latency:     rank 0: start; op; complete; post; wait
//                       rank 1: post; wait; start; op; complete
//   fence  bandwidth:   rank 0: fence; window ops; fence   rank 1: fence; fence
//   pscw   bandwidth:   rank 0: start; window ops; complete   rank 1: post; wait
//   bidirectional:      both: fence; window ops; fence, or post; start; ops; complete; wait
// The fence and pscw latencies are an exchange of two operations; OSU reports half of it
// (divisor 2). The bandwidth ops put the window's operations at distinct offsets of the target
// window and of the origin buffer (OSU's sbuf + j * size).
//
// Buffers: the send slot holds the origin data (window blocks; CAS: the value, then the compare
// value); the receive slot holds the window (create and dynamic expose it; allocate and shared
// use MPI's memory instead) followed by the results of Get, Get_accumulate, Fetch_and_op and
// Compare_and_swap.
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/rma_elements.h"
#include "runtime/ops/rma_window.h"
#include "runtime/plan/mpi_names.h"

namespace metron::rt::ops {

namespace {

enum class Pattern { Put, Get, Acc, GetAcc, Fop, Cas };

rma::Window& win(BoundOp& b) {
  return *b.rma;
}
std::int64_t window_bytes(const BoundOp& b) {
  return b.rma->spec.bytes;
}
char* results(const BoundOp& b) {
  return b.buf.recv() + window_bytes(b);
}

// Operation j of a window: block j of the origin buffers and of the target window.
template <Pattern P>
void issue(BoundOp& b, int target, int j) noexcept {
  rma::Window& w = win(b);
  const std::int64_t off = static_cast<std::int64_t>(j) * b.send_block_bytes;
  char* src = b.buf.send() + off;
  char* res = results(b) + off;
  const MPI_Aint disp = w.disp(target, off);
  const int n = b.send_count;
  const MPI_Datatype t = b.send_type;
  switch (P) {
    case Pattern::Put:
      b.note(MPI_Put(src, n, t, target, disp, n, t, w.win));
      break;
    case Pattern::Get:
      b.note(MPI_Get(res, n, t, target, disp, n, t, w.win));
      break;
    case Pattern::Acc:
      b.note(MPI_Accumulate(src, n, t, target, disp, n, t, b.reduce, w.win));
      break;
    case Pattern::GetAcc:
      b.note(MPI_Get_accumulate(src, n, t, res, n, t, target, disp, n, t, b.reduce, w.win));
      break;
    case Pattern::Fop:
      b.note(MPI_Fetch_and_op(src, res, t, target, disp, b.reduce, w.win));
      break;
    case Pattern::Cas:
      b.note(MPI_Compare_and_swap(src, src + b.send_block_bytes, res, t, target, disp, w.win));
      break;
  }
}

template <Pattern P>
void issue_window(BoundOp& b, int target) noexcept {
  for (int j = 0; j < b.window; ++j) issue<P>(b, target, j);
}

void idle(BoundOp&) noexcept {}

// --- latency: one operation and its completion -----------------------------------------------

template <Pattern P>
void latency_passive(BoundOp& b) noexcept {
  b.note(rma::access_begin(win(b), b.rma_sync, b.peer, b.rma_lock));
  issue<P>(b, b.peer, 0);
  b.note(rma::access_end(win(b), b.rma_sync, b.peer));
}

void fence(BoundOp& b) noexcept {
  b.note(MPI_Win_fence(0, win(b).win));
}

template <Pattern P>
void latency_fence_first(BoundOp& b) noexcept {
  fence(b);
  issue<P>(b, b.peer, 0);
  fence(b);
  fence(b);
}
template <Pattern P>
void latency_fence_second(BoundOp& b) noexcept {
  fence(b);
  fence(b);
  issue<P>(b, b.peer, 0);
  fence(b);
}
void three_fences(BoundOp& b) noexcept {
  fence(b);
  fence(b);
  fence(b);
}

template <Pattern P>
void latency_pscw_first(BoundOp& b) noexcept {
  rma::Window& w = win(b);
  b.note(MPI_Win_start(w.access, 0, w.win));
  issue<P>(b, b.peer, 0);
  b.note(MPI_Win_complete(w.win));
  b.note(MPI_Win_post(w.exposure, 0, w.win));
  b.note(MPI_Win_wait(w.win));
}
template <Pattern P>
void latency_pscw_second(BoundOp& b) noexcept {
  rma::Window& w = win(b);
  b.note(MPI_Win_post(w.exposure, 0, w.win));
  b.note(MPI_Win_wait(w.win));
  b.note(MPI_Win_start(w.access, 0, w.win));
  issue<P>(b, b.peer, 0);
  b.note(MPI_Win_complete(w.win));
}

// --- bandwidth: a window of operations and their completion ----------------------------------

template <Pattern P>
void bandwidth_origin(BoundOp& b) noexcept {
  b.note(rma::access_begin(win(b), b.rma_sync, b.peer, b.rma_lock));
  issue_window<P>(b, b.peer);
  b.note(rma::access_end(win(b), b.rma_sync, b.peer));
}
// The target of fence and pscw (and further ranks under fence).
void bandwidth_target(BoundOp& b) noexcept {
  b.note(rma::exposure_begin(win(b), b.rma_sync));
  b.note(rma::exposure_end(win(b), b.rma_sync));
}

template <Pattern P>
void bibandwidth(BoundOp& b) noexcept {
  rma::Window& w = win(b);
  if (b.rma_sync == RmaSync::Pscw) {
    b.note(MPI_Win_post(w.exposure, 0, w.win));
    b.note(MPI_Win_start(w.access, 0, w.win));
    issue_window<P>(b, b.peer);
    b.note(MPI_Win_complete(w.win));
    b.note(MPI_Win_wait(w.win));
  } else {
    fence(b);
    issue_window<P>(b, b.peer);
    fence(b);
  }
}

// --- verification ----------------------------------------------------------------------------

// Whether a zeroed target holds exactly the origin's data after one accumulate with this
// reduction: 0 is the identity of sum, bor and bxor on integers (floating sums could quieten a
// signalling NaN of the byte pattern), and replace ignores the old value.
bool zero_is_identity(const BoundOp& b) {
  // MPI's handles: after <mpi.h> ReduceOp::MPI_SUM would expand to one (mpi_handles.h).
  if (b.reduce == MPI_REPLACE) return true;
  const TypeClass c = datatype_class(b.send_dt.basic());
  const bool integral = c == TypeClass::Integer || c == TypeClass::Byte;
  return integral && (b.reduce == MPI_SUM || b.reduce == MPI_BOR || b.reduce == MPI_BXOR);
}

// Rank 0 issues operations; rank 1 too where they go both ways (fence and pscw latency, bibw).
bool issues(const BoundOp& b) {
  return b.peer >= 0 && (b.rank == 0 || b.rma_both_ways);
}

// The old value of a compare-and-swap target, equal to the compare value: the stream of a rank
// that takes no part, so that a swap in either direction changes the target.
constexpr int kCasOldStream = 7;

template <Pattern P>
void fill(BoundOp& b) {
  // Operations of earlier calls are complete at their targets before any window is rewritten.
  b.note(rma::settle(*b.rma, b.rma_sync));
  rma::Window& w = win(b);
  for (int j = 0; j < b.window; ++j)
    fill_pattern(b.buf.send() + j * b.send_block_bytes, b.send_dt, b.send_count, b.rank,
                 static_cast<std::int64_t>(j) * pattern_bytes(b.send_dt, b.send_count));
  fill_sentinel(results(b), b.recv_need_bytes - window_bytes(b));
  if (P == Pattern::Get) {
    // The target's window holds its own stream, which the origin's Get must bring back.
    for (int j = 0; j < b.window; ++j)
      fill_pattern(w.base + j * b.send_block_bytes, b.send_dt, b.send_count, b.rank,
                   static_cast<std::int64_t>(j) * pattern_bytes(b.send_dt, b.send_count));
  } else if (P == Pattern::Cas) {
    // The compare value equals the target's value, so the swap happens: the target ends with
    // the origin's value and the origin fetches the old one.
    fill_pattern(w.base, b.send_dt, 1, kCasOldStream, 0);
    fill_pattern(b.buf.send() + b.send_block_bytes, b.send_dt, 1, kCasOldStream, 0);
  } else if (P == Pattern::Put) {
    fill_sentinel(w.base, window_bytes(b));
  } else {
    std::fill(w.base, w.base + window_bytes(b), char(0));  // accumulates start from zero
  }
  // The target's window is written before any origin reads or updates it.
  b.note(MPI_Barrier(b.comm));
}

// The window blocks at `base` hold `rank`'s stream.
std::optional<std::string> check_blocks(const BoundOp& b, const char* base, int rank,
                                        const VerifyPlace& where) {
  for (int j = 0; j < b.window; ++j)
    if (auto m =
            check_pattern(base + j * b.send_block_bytes, b.send_dt, b.send_count, rank,
                          static_cast<std::int64_t>(j) * pattern_bytes(b.send_dt, b.send_count))) {
      m->offset += static_cast<std::int64_t>(j) * b.send_block_bytes;
      return verify_message(b, where, *m);
    }
  return std::nullopt;
}

std::optional<std::string> check_zero(const BoundOp& b, const char* base, std::int64_t bytes,
                                      const VerifyPlace& where) {
  for (std::int64_t i = 0; i < bytes; ++i)
    if (base[i] != 0)
      return verify_message(b, where,
                            Mismatch{i, "0x00", hex_byte(static_cast<unsigned char>(base[i])),
                                     DiagId::verify_found_old_value_changed});
  return std::nullopt;
}

// Target side: what the peer's operations left in this rank's window. Origin side: what this
// rank's operations brought back.
template <Pattern P>
std::optional<std::string> check(const BoundOp& b) {
  if (b.peer < 0) return std::nullopt;
  const char* base = b.rma->base;
  const bool target = b.rank == 1 || (b.rank == 0 && b.rma_both_ways);
  if (!target && !issues(b)) return std::nullopt;
  const bool origin = issues(b);
  if (target) {
    if (P == Pattern::Put || P == Pattern::Cas)
      if (auto m = check_blocks(b, base, b.peer, DiagId::verify_in_target_window)) return m;
    if ((P == Pattern::Acc || P == Pattern::GetAcc || P == Pattern::Fop) && zero_is_identity(b))
      if (auto m = check_blocks(b, base, b.peer, DiagId::verify_in_target_window)) return m;
  }
  if (origin) {
    if (P == Pattern::Get)
      if (auto m = check_blocks(b, results(b), b.peer, DiagId::verify_in_origin_buffer)) return m;
    if (P == Pattern::GetAcc || P == Pattern::Fop)
      if (auto m = check_zero(b, results(b), window_bytes(b), DiagId::verify_in_origin_buffer))
        return m;
    if (P == Pattern::Cas)
      if (auto m = check_pattern(results(b), b.send_dt, 1, kCasOldStream, 0))
        return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  }
  return std::nullopt;
}

// --- bind ------------------------------------------------------------------------------------

// Collective: the window over the receive slot (create, dynamic) or MPI's memory, the pscw
// groups, and the job-long lock of the flush modes.
void prepare_window(BoundOp& b) {
  rma::Window& w = win(b);
  b.buf.rewind();
  w.spec.memory = b.buf.recv();
  b.note(rma::open_window(w, b.comm, b.name));
  if (b.error != MPI_SUCCESS) return;
  const bool origin = issues(b);
  const bool target = b.peer >= 0 && (b.rank == 1 || b.rma_both_ways);
  std::vector<int> peer;
  if (b.peer >= 0) peer.push_back(b.peer);
  b.note(rma::set_pscw_peers(w, origin ? peer : std::vector<int>{},
                             target ? peer : std::vector<int>{}));
  if (b.rank == 0 && b.peer >= 0) b.note(rma::hold_passive(w, b.rma_sync, b.peer, b.rma_lock));
}

enum class Shape { Latency, Bandwidth, Bibandwidth };

// (count, datatype, [window,] [op,] sync, win, [lock])
template <Pattern P>
void bind_osu(BoundOp& b, const Args& a, Shape shape) {
  b.peer = b.rank == 0 ? 1 : b.rank == 1 ? 0 : -1;
  bind_rma_elements(b, a,
                    P == Pattern::Fop   ? RmaAtomic::FetchAndOp
                    : P == Pattern::Cas ? RmaAtomic::CompareAndSwap
                                        : RmaAtomic::None);
  b.window = 1;
  if (shape != Shape::Latency) {
    const std::int64_t window = a.integer("window");
    if (window < 1 || window > INT_MAX / 2)
      bind_error(b, DiagId::job_param_range, "window", 1, INT_MAX / 2, window);
    b.window = static_cast<int>(window);
  }
  b.rma_sync = *rma_sync_named(a.value("sync").as_string());  // checked: op_checks.cpp
  b.rma_lock = a.has("lock") ? *rma_lock_named(a.value("lock").as_string()) : RmaLock::Shared;
  b.rma_both_ways =
      shape == Shape::Bibandwidth || (shape == Shape::Latency && !rma::is_passive(b.rma_sync));

  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
  const std::int64_t wbytes = b.send_block_bytes * b.window;
  b.rma = std::make_shared<rma::Window>();
  b.rma->spec.kind = *rma_window_kind_named(a.value("win").as_string());
  b.rma->spec.bytes = wbytes;
  b.send_need_bytes = wbytes + (P == Pattern::Cas ? b.send_block_bytes : 0);
  // The window, then the results: room for one always in the latencies, for a window of
  // fetched blocks in Get_bandwidth (as usage_rma_* in op_usage.cpp).
  const bool fetches = P != Pattern::Put && P != Pattern::Acc;
  b.recv_need_bytes = shape == Shape::Latency || fetches ? 2 * wbytes : wbytes;
  // The fence and pscw latencies time an exchange of two operations; OSU reports half.
  b.divisor = shape == Shape::Latency && !rma::is_passive(b.rma_sync) ? 2 : 1;

  const bool passive = rma::is_passive(b.rma_sync);
  if (shape == Shape::Latency) {
    if (passive)
      b.call_fn = b.rank == 0 ? latency_passive<P> : idle;
    else if (b.rma_sync == RmaSync::Fence)
      b.call_fn = b.rank == 0   ? latency_fence_first<P>
                  : b.rank == 1 ? latency_fence_second<P>
                                : three_fences;
    else
      b.call_fn = b.rank == 0 ? latency_pscw_first<P> : b.rank == 1 ? latency_pscw_second<P> : idle;
  } else if (shape == Shape::Bandwidth) {
    if (b.rank == 0)
      b.call_fn = bandwidth_origin<P>;
    else if (passive || (b.rma_sync == RmaSync::Pscw && b.rank > 1))
      b.call_fn = idle;
    else
      b.call_fn = bandwidth_target;
  } else {
    if (b.peer >= 0)
      b.call_fn = bibandwidth<P>;
    else
      b.call_fn = b.rma_sync == RmaSync::Fence ? bandwidth_target : idle;
  }
  set_rma_hooks(b, fill<P>, check<P>, prepare_window);
}

}  // namespace

void bind_put_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Put>(b, a, Shape::Latency);
}
void bind_get_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Get>(b, a, Shape::Latency);
}
void bind_accumulate_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Acc>(b, a, Shape::Latency);
}
void bind_get_accumulate_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::GetAcc>(b, a, Shape::Latency);
}
void bind_fetch_and_op_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Fop>(b, a, Shape::Latency);
}
void bind_compare_and_swap_latency(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Cas>(b, a, Shape::Latency);
}
void bind_put_bandwidth(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Put>(b, a, Shape::Bandwidth);
}
void bind_get_bandwidth(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Get>(b, a, Shape::Bandwidth);
}
void bind_put_bibandwidth(BoundOp& b, const Args& a) {
  bind_osu<Pattern::Put>(b, a, Shape::Bibandwidth);
}

}  // namespace metron::rt::ops
