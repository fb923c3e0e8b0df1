// IMB-RMA's benchmarks (Intel MPI Benchmarks, src_c/IMB_rma_put.c, IMB_rma_get.c,
// IMB_rma_atomic.c): passive-target transfers under a lock held for the whole job (shared locks
// on the targets, or MPI_Win_lock_all for the one-to-all and all-to-all patterns), each call
// `ops` rounds of operations, each round completed by MPI_Win_flush (non-aggregate mode) or the
// whole call once (aggregate = 1); the reported time is one round (divisor `ops`), as IMB divides
// by its sample count. The window is made as `win` says (IMB: MPI_Win_create over its receive
// buffer).
//
//   Rma_unidir_put/get        rank 0 -> rank 1, put or get of count elements
//   Rma_bidir_put/get         ranks 0 and 1 at once, each to the other
//   Rma_put_local/get_local   as unidir, completed by MPI_Win_flush_local
//   Rma_one_put_all/get_all   rank 0 -> every other rank, MPI_Win_flush_all (aggregate only)
//   Rma_put_all_local/get_all_local  as one_put_all/get_all, MPI_Win_flush_local_all
//   Rma_all_put_all/get_all   every rank -> every other rank, MPI_Win_flush_all
//   Rma_exchange_put/get      every rank -> its left (block 0) and right (block 1) neighbour
//   Rma_accumulate, Rma_get_accumulate, Rma_fetch_and_op, Rma_compare_and_swap
//                             rank 0 -> rank 1 with `op` (IMB: MPI_SUM on MPI_FLOAT; CAS on
//                             MPI_INT)
// Targets are visited from rank + 1 on, as IMB does to spread the load. Where IMB writes every
// origin's data to displacement 0 of a target (concurrent puts to one location, whose outcome
// MPI leaves undefined), each origin o here uses block o of the target's window, so the result
// can be verified; the exchange uses IMB's blocks 0 and 1.
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/rma_elements.h"
#include "runtime/ops/rma_window.h"
#include "runtime/plan/mpi_names.h"

namespace metron::rt::ops {

namespace {

enum class Kind { Put, Get, Acc, GetAcc, Fop, Cas };
enum class Shape { Unidir, Bidir, Local, OneToAll, AllToAll, Exchange, OneToAllLocal };

bool to_all(Shape s) {
  return s == Shape::OneToAll || s == Shape::AllToAll || s == Shape::OneToAllLocal;
}

using Access = rma::Window::Access;

char* results(const BoundOp& b) {
  return b.buf.recv() + b.rma->spec.bytes;
}

template <Kind K>
void issue(BoundOp& b, const Access& x) noexcept {
  rma::Window& w = *b.rma;
  char* src = b.buf.send() + x.origin_offset;
  char* res = results(b) + x.origin_offset;
  const MPI_Aint disp = w.disp(x.target, x.target_offset);
  const int n = b.send_count;
  const MPI_Datatype t = b.send_type;
  switch (K) {
    case Kind::Put:
      b.note(MPI_Put(src, n, t, x.target, disp, n, t, w.win));
      break;
    case Kind::Get:
      b.note(MPI_Get(res, n, t, x.target, disp, n, t, w.win));
      break;
    case Kind::Acc:
      b.note(MPI_Accumulate(src, n, t, x.target, disp, n, t, b.reduce, w.win));
      break;
    case Kind::GetAcc:
      b.note(MPI_Get_accumulate(src, n, t, res, n, t, x.target, disp, n, t, b.reduce, w.win));
      break;
    case Kind::Fop:
      b.note(MPI_Fetch_and_op(src, res, t, x.target, disp, b.reduce, w.win));
      break;
    case Kind::Cas:
      b.note(MPI_Compare_and_swap(src, src + b.send_block_bytes, res, t, x.target, disp, w.win));
      break;
  }
}

// The completion of a round: flush (or flush_local) of each target, or flush_all.
template <Shape S>
void complete(BoundOp& b) noexcept {
  rma::Window& w = *b.rma;
  if (S == Shape::OneToAllLocal) {
    b.note(MPI_Win_flush_local_all(w.win));
    return;
  }
  if (to_all(S)) {
    b.note(MPI_Win_flush_all(w.win));
    return;
  }
  for (int t : w.held_targets)
    b.note(S == Shape::Local ? MPI_Win_flush_local(t, w.win) : MPI_Win_flush(t, w.win));
}

template <Kind K, Shape S, bool Aggregate>
void call_rounds(BoundOp& b) noexcept {
  const std::vector<Access>& xs = b.rma->accesses;
  for (int i = 0; i < b.iterations; ++i) {
    for (const Access& x : xs) issue<K>(b, x);
    if (!Aggregate) complete<S>(b);
  }
  if (Aggregate) complete<S>(b);
}

void idle(BoundOp&) noexcept {}

// --- verification ----------------------------------------------------------------------------

std::int64_t stream_start(const BoundOp& b, std::int64_t offset) {
  if (b.send_block_bytes == 0) return 0;  // count 0 (IMB's first size): nothing to compare
  return offset / b.send_block_bytes * pattern_bytes(b.send_dt, b.send_count);
}

// The origin's block at byte `offset` of its buffer holds its stream from the block's index on;
// a target's window block at `offset` likewise holds the target's own stream (gets read it).
void fill_block(char* base, const BoundOp& b, std::int64_t offset, int rank) {
  fill_pattern(base + offset, b.send_dt, b.send_count, rank, stream_start(b, offset));
}

bool zero_is_identity(const BoundOp& b) {
  // MPI's handles: after <mpi.h> ReduceOp::MPI_SUM would expand to one (mpi_handles.h).
  if (b.reduce == MPI_REPLACE) return true;
  const TypeClass c = datatype_class(b.send_dt.basic());
  const bool integral = c == TypeClass::Integer || c == TypeClass::Byte;
  return integral && (b.reduce == MPI_SUM || b.reduce == MPI_BOR || b.reduce == MPI_BXOR);
}

constexpr int kCasOldStream = 7;  // the target's old value, equal to the compare value

template <Kind K>
void fill(BoundOp& b) {
  // Operations of earlier calls are complete at their targets before any window is rewritten.
  b.note(rma::settle(*b.rma, b.rma_sync));
  rma::Window& w = *b.rma;
  const std::int64_t blocks = w.spec.bytes / std::max<std::int64_t>(b.send_block_bytes, 1);
  for (std::int64_t j = 0; j < blocks; ++j) {
    const std::int64_t off = j * b.send_block_bytes;
    fill_block(b.buf.send(), b, off, b.rank);
    if (K == Kind::Get)
      fill_block(w.base, b, off, b.rank);
    else if (K == Kind::Put)
      fill_sentinel(w.base + off, b.send_block_bytes);
    else if (K == Kind::Cas)
      fill_pattern(w.base + off, b.send_dt, 1, kCasOldStream, 0);
    else
      std::fill(w.base + off, w.base + off + b.send_block_bytes, char(0));
  }
  if (K == Kind::Cas)
    fill_pattern(b.buf.send() + b.send_block_bytes, b.send_dt, 1, kCasOldStream, 0);
  fill_sentinel(results(b), b.recv_need_bytes - w.spec.bytes);
  b.note(MPI_Barrier(b.comm));  // the windows are written before any origin accesses them
}

// Which origin wrote this rank's window block at `offset`, and from which of its blocks: the
// inverse of the accesses, listed at bind for the target side (target_sources).
struct Source {
  int origin;
  std::int64_t target_offset;
  std::int64_t origin_offset;
};

std::optional<std::string> check_block(const BoundOp& b, const char* base, std::int64_t at,
                                       int rank, std::int64_t stream_offset,
                                       const VerifyPlace& where) {
  if (auto m =
          check_pattern(base + at, b.send_dt, b.send_count, rank, stream_start(b, stream_offset))) {
    m->offset += at;
    return verify_message(b, where, *m);
  }
  return std::nullopt;
}

std::vector<Source> sources_of(const BoundOp& b);

template <Kind K>
std::optional<std::string> check(const BoundOp& b) {
  const char* base = b.rma->base;
  // One round of accumulates or swaps is what the checks know; more change the target again.
  const bool one_round = b.iterations == 1;
  if (K == Kind::Put ||
      ((K == Kind::Acc || K == Kind::GetAcc || K == Kind::Fop) && one_round && zero_is_identity(b)))
    for (const Source& s : sources_of(b))
      if (auto m = check_block(b, base, s.target_offset, s.origin, s.origin_offset,
                               DiagId::verify_in_target_window))
        return m;
  if (K == Kind::Cas && one_round)
    for (const Source& s : sources_of(b))
      if (auto m = check_pattern(base + s.target_offset, b.send_dt, 1, s.origin, 0))
        return verify_message(b, DiagId::verify_in_target_window, *m);
  for (const Access& x : b.rma->accesses) {
    if (K == Kind::Get)
      if (auto m = check_block(b, results(b), x.origin_offset, x.target, x.target_offset,
                               DiagId::verify_in_origin_buffer))
        return m;
    if ((K == Kind::GetAcc || K == Kind::Fop) && one_round)  // later rounds fetch earlier ones
      for (std::int64_t i = 0; i < b.send_block_bytes; ++i)
        if (results(b)[x.origin_offset + i] != 0)
          return verify_message(
              b, DiagId::verify_in_origin_buffer,
              Mismatch{x.origin_offset + i, "0x00",
                       hex_byte(static_cast<unsigned char>(results(b)[x.origin_offset + i])),
                       DiagId::verify_found_old_value_changed});
    if (K == Kind::Cas && one_round)
      if (auto m = check_pattern(results(b) + x.origin_offset, b.send_dt, 1, kCasOldStream, 0))
        return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  }
  return std::nullopt;
}

// --- the accesses of each shape --------------------------------------------------------------

// The accesses of `rank` under shape S on p ranks (block = bytes of one operation).
std::vector<Access> accesses_of(Shape s, int rank, int p, std::int64_t block) {
  std::vector<Access> xs;
  switch (s) {
    case Shape::Unidir:
    case Shape::Local:
      if (rank == 0) xs.push_back({1, 0, 0});
      break;
    case Shape::Bidir:
      if (rank < 2) xs.push_back({1 - rank, 0, 0});
      break;
    case Shape::OneToAll:
    case Shape::OneToAllLocal:
    case Shape::AllToAll:
      if (rank == 0 || s == Shape::AllToAll)
        for (int k = 1; k < p; ++k) {
          const int t = (rank + k) % p;
          xs.push_back({t, rank * block, t * block});
        }
      break;
    case Shape::Exchange: {
      const int left = (rank + p - 1) % p;
      const int right = (rank + 1) % p;
      xs.push_back({left, 0, 0});
      xs.push_back({right, block, block});
      break;
    }
  }
  return xs;
}

Shape shape_of(const BoundOp& b) {
  return static_cast<Shape>(b.scaled);  // stored at bind
}

std::vector<Source> sources_of(const BoundOp& b) {
  std::vector<Source> out;
  for (int o = 0; o < b.size; ++o)
    for (const Access& x : accesses_of(shape_of(b), o, b.size, b.send_block_bytes))
      if (x.target == b.rank) out.push_back({o, x.target_offset, x.origin_offset});
  return out;
}

// Collective: the window over the receive slot (create, dynamic) or MPI's memory, then this
// rank's job-long locks on the targets it accesses.
void prepare(BoundOp& b) {
  rma::Window& w = *b.rma;
  b.buf.rewind();
  w.spec.memory = b.buf.recv();
  b.note(rma::open_window(w, b.comm, b.name));
  if (b.error != MPI_SUCCESS || w.accesses.empty()) return;
  if (to_all(shape_of(b))) {
    b.note(rma::hold_passive(w, RmaSync::Flush, -1, RmaLock::Shared));
    return;
  }
  std::vector<int> targets;
  for (const Access& x : w.accesses)
    if (std::find(targets.begin(), targets.end(), x.target) == targets.end())
      targets.push_back(x.target);
  for (int t : targets) b.note(rma::hold_passive(w, RmaSync::Flush, t, RmaLock::Shared));
}

template <Kind K, Shape S>
void bind_imb(BoundOp& b, const Args& a) {
  bind_rma_elements(b, a,
                    K == Kind::Fop   ? RmaAtomic::FetchAndOp
                    : K == Kind::Cas ? RmaAtomic::CompareAndSwap
                                     : RmaAtomic::None);
  b.iterations = static_cast<int>(a.integer("ops"));  // checked: op_checks.h
  b.divisor = b.iterations;
  const std::int64_t aggregate = a.has("aggregate") ? a.integer("aggregate") : 1;
  b.scaled = static_cast<int>(S);
  b.rma_sync =
      S == Shape::Local || S == Shape::OneToAllLocal ? RmaSync::FlushLocal : RmaSync::Flush;
  b.rma_both_ways = S == Shape::Bidir || S == Shape::AllToAll || S == Shape::Exchange;

  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
  const std::int64_t blocks = to_all(S) ? b.size : S == Shape::Exchange ? 2 : 1;
  const std::int64_t wbytes = b.send_block_bytes * blocks;
  b.rma = std::make_shared<rma::Window>();
  b.rma->spec.kind = *rma_window_kind_named(a.value("win").as_string());
  b.rma->spec.bytes = wbytes;
  b.rma->accesses = accesses_of(S, b.rank, b.size, b.send_block_bytes);
  const bool fetches = K != Kind::Put && K != Kind::Acc;
  b.send_need_bytes = wbytes + (K == Kind::Cas ? b.send_block_bytes : 0);
  b.recv_need_bytes = fetches ? 2 * wbytes : wbytes;
  if (b.rma->accesses.empty())
    b.call_fn = idle;
  else if (aggregate == 1 || to_all(S))
    b.call_fn = call_rounds<K, S, true>;
  else
    b.call_fn = call_rounds<K, S, false>;
  b.participates = true;
  set_rma_hooks(b, fill<K>, check<K>, prepare);
}

}  // namespace

void bind_rma_unidir_put(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::Unidir>(b, a);
}
void bind_rma_unidir_get(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::Unidir>(b, a);
}
void bind_rma_bidir_put(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::Bidir>(b, a);
}
void bind_rma_bidir_get(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::Bidir>(b, a);
}
void bind_rma_put_local(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::Local>(b, a);
}
void bind_rma_get_local(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::Local>(b, a);
}
void bind_rma_one_put_all(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::OneToAll>(b, a);
}
void bind_rma_one_get_all(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::OneToAll>(b, a);
}
void bind_rma_all_put_all(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::AllToAll>(b, a);
}
void bind_rma_all_get_all(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::AllToAll>(b, a);
}
void bind_rma_exchange_put(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::Exchange>(b, a);
}
void bind_rma_exchange_get(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::Exchange>(b, a);
}
void bind_rma_put_all_local(BoundOp& b, const Args& a) {
  bind_imb<Kind::Put, Shape::OneToAllLocal>(b, a);
}
void bind_rma_get_all_local(BoundOp& b, const Args& a) {
  bind_imb<Kind::Get, Shape::OneToAllLocal>(b, a);
}
void bind_rma_accumulate(BoundOp& b, const Args& a) {
  bind_imb<Kind::Acc, Shape::Unidir>(b, a);
}
void bind_rma_get_accumulate(BoundOp& b, const Args& a) {
  bind_imb<Kind::GetAcc, Shape::Unidir>(b, a);
}
void bind_rma_fetch_and_op(BoundOp& b, const Args& a) {
  bind_imb<Kind::Fop, Shape::Unidir>(b, a);
}
void bind_rma_compare_and_swap(BoundOp& b, const Args& a) {
  bind_imb<Kind::Cas, Shape::Unidir>(b, a);
}

}  // namespace metron::rt::ops
