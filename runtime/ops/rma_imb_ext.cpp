// IMB-EXT's benchmarks (Intel MPI Benchmarks 2021, the MPI-2 one-sided suite): active-target
// transfers synchronized by MPI_Win_fence, unlike IMB-RMA's passive epochs (rma_imb.cpp).
// IMB times one loop of n_sample samples and divides by n_sample; here one call is `ops`
// samples and the reported time is one sample (divisor `ops`), so `ops = n_sample` makes one
// call IMB's timed region.
//
//   Ext_window            every rank: MPI_Win_create over count elements of the receive
//                         buffer, MPI_Win_fence(0), an MPI_Put of one element to itself,
//                         MPI_Win_fence(0), MPI_Win_free
//   Ext_unidir_put/get    rank 0 puts to rank 1 / rank 1 gets from rank 0; each sample ends
//                         with MPI_Win_fence(0) on every rank (aggregate = 1: the samples'
//                         transfers, then one fence)
//   Ext_bidir_put/get     ranks 0 and 1 each put to / get from the other, fenced as above
//   Ext_accumulate        every rank MPI_Accumulate of count elements with `op` into rank 0's
//                         window at displacement 0, each sample inside
//                         fence(MPI_MODE_NOPRECEDE) .. fence(MPI_MODE_NOSUCCEED) (aggregate:
//                         all samples inside one such pair)
// The transfers' window is made before the job as IMB makes it before its timed loop:
// MPI_Win_create over the receive buffer and MPI_Win_fence(0). IMB's pair is ranks 0 and p - 1
// with the others outside its communicator; here it is ranks 0 and 1 of the measured
// communicator (run it on comm(2), as IMB's output is for 2 processes) and further ranks only
// take part in the fences.
#include "runtime/ops/op_impl.h"
#include "runtime/ops/rma_elements.h"
#include "runtime/ops/rma_window.h"
#include "runtime/ops/verify_reduce.h"

namespace metron::rt::ops {

namespace {

enum class Kind { Put, Get, Acc };

char* results(const BoundOp& b) {
  return b.buf.recv() + b.rma->spec.bytes;
}

// The transfer of this rank in one sample (an access of rma::Window, target_offset 0).
template <Kind K>
void transfer(BoundOp& b) noexcept {
  rma::Window& w = *b.rma;
  const int t = w.accesses.front().target;
  const int n = b.send_count;
  const MPI_Datatype dt = b.send_type;
  if (K == Kind::Put)
    b.note(MPI_Put(b.buf.send(), n, dt, t, w.disp(t), n, dt, w.win));
  else if (K == Kind::Get)
    b.note(MPI_Get(results(b), n, dt, t, w.disp(t), n, dt, w.win));
  else
    b.note(MPI_Accumulate(b.buf.send(), n, dt, t, w.disp(t), n, dt, b.reduce, w.win));
}

// Unidir and bidir: every sample (aggregate = 0) or the call (aggregate = 1) closed by a fence.
template <Kind K, bool Aggregate>
void call_fenced(BoundOp& b) noexcept {
  const bool origin = !b.rma->accesses.empty();
  for (int i = 0; i < b.iterations; ++i) {
    if (origin) transfer<K>(b);
    if (!Aggregate) b.note(MPI_Win_fence(0, b.rma->win));
  }
  if (Aggregate) b.note(MPI_Win_fence(0, b.rma->win));
}

// Accumulate: each sample (aggregate = 0) or the call (aggregate = 1) is an epoch of its own.
template <bool Aggregate>
void call_accumulate(BoundOp& b) noexcept {
  MPI_Win win = b.rma->win;
  const int epochs = Aggregate ? 1 : b.iterations;
  const int per_epoch = Aggregate ? b.iterations : 1;
  for (int e = 0; e < epochs; ++e) {
    b.note(MPI_Win_fence(MPI_MODE_NOPRECEDE, win));
    for (int i = 0; i < per_epoch; ++i) transfer<Kind::Acc>(b);
    b.note(MPI_Win_fence(MPI_MODE_NOSUCCEED, win));
  }
}

// Window: IMB's timed region is the window's whole life, collective over the communicator.
void call_window(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    MPI_Win win = MPI_WIN_NULL;
    const auto bytes = static_cast<MPI_Aint>(b.recv_need_bytes);
    b.note(MPI_Win_create(b.buf.recv(), bytes, 1, MPI_INFO_NULL, b.comm, &win));
    if (win == MPI_WIN_NULL) return;
    b.note(MPI_Win_fence(0, win));
    if (b.send_count > 0)
      b.note(MPI_Put(b.buf.send(), 1, b.send_type, b.rank, 0, 1, b.send_type, win));
    b.note(MPI_Win_fence(0, win));
    b.note(MPI_Win_free(&win));
  }
}

// --- verification ----------------------------------------------------------------------------

template <Kind K>
void fill(BoundOp& b) {
  rma::Window& w = *b.rma;
  const std::int64_t block = b.send_block_bytes;
  if (K == Kind::Acc) {
    fill_reduce_input(b.buf.send(), b.send_dt.basic(), b.reduce_op, b.send_count, b.rank, 0);
    std::fill(w.base, w.base + block, char(0));
  } else {
    fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
    if (K == Kind::Get)
      fill_pattern(w.base, b.send_dt, b.send_count, b.rank, 0);
    else
      fill_sentinel(w.base, block);
    if (K == Kind::Get) fill_sentinel(results(b), block);
  }
  b.note(MPI_Barrier(b.comm));  // the windows are written before any origin accesses them
}

// Puts: the target's window holds its origin's data; gets: the origin holds its target's;
// accumulate (one sample, MPI_SUM): rank 0's window holds the sum of every rank's data.
template <Kind K>
std::optional<std::string> check(const BoundOp& b) {
  const rma::Window& w = *b.rma;
  // Targets of puts: rank 1, and rank 0 in the bidirectional pattern (b.scaled = 1).
  const bool target = b.rank == 1 || (b.rank == 0 && b.scaled == 1);
  if (K == Kind::Put && target && b.size > 1)
    if (auto m = check_pattern(w.base, b.send_dt, b.send_count, 1 - b.rank, 0))
      return verify_message(b, DiagId::verify_in_target_window, *m);
  if (K == Kind::Get && !w.accesses.empty())
    if (auto m = check_pattern(results(b), b.send_dt, b.send_count, w.accesses.front().target, 0))
      return verify_message(b, DiagId::verify_in_origin_buffer, *m);
  if (K == Kind::Acc && b.rank == 0 && b.iterations == 1 && b.reduce == MPI_SUM)
    if (auto m = check_reduce_result(w.base, b.send_dt.basic(), b.reduce_op, b.send_count, 0,
                                     b.size - 1, 0))
      return verify_message(b, DiagId::verify_in_target_window, *m);
  return std::nullopt;
}

void fill_window(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, 1, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

std::optional<std::string> check_window(const BoundOp& b) {
  if (b.send_count == 0) return std::nullopt;
  if (auto m = check_pattern(b.buf.recv(), b.send_dt, 1, b.rank, 0))
    return verify_message(b, DiagId::verify_in_window, *m);
  return std::nullopt;
}

// Collective: IMB's set-up before its timed loop, MPI_Win_create and MPI_Win_fence(0).
void prepare(BoundOp& b) {
  rma::Window& w = *b.rma;
  b.buf.rewind();
  w.spec.memory = b.buf.recv();
  b.note(rma::open_window(w, b.comm, b.name));
  if (b.error == MPI_SUCCESS) b.note(MPI_Win_fence(0, w.win));
}

// count, datatype, [op] and ops as every IMB-EXT transfer has them.
void bind_common(BoundOp& b, const Args& a) {
  bind_rma_elements(b, a, RmaAtomic::None);           // and Ext_accumulate's op
  b.iterations = static_cast<int>(a.integer("ops"));  // checked: op_checks.h
  b.divisor = b.iterations;
  b.send_block_bytes = b.recv_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.participates = true;
}

template <Kind K>
void bind_ext(BoundOp& b, const Args& a, bool bidir) {
  bind_common(b, a);
  const int aggregate = static_cast<int>(a.integer("aggregate"));  // 0 or 1: op_checks.h
  b.scaled = bidir ? 1 : 0;
  b.rma_sync = RmaSync::Fence;
  b.rma_both_ways = bidir;
  b.rma = std::make_shared<rma::Window>();
  b.rma->spec.kind = RmaWindowKind::Create;
  b.rma->spec.bytes = b.send_block_bytes;
  // IMB: the getter of Unidir_Get is the second rank of the pair, so that data flows from the
  // first to the second in both unidirectional benchmarks.
  if (K == Kind::Acc)
    b.rma->accesses.push_back({0, 0, 0});
  else if (bidir && b.rank < 2)
    b.rma->accesses.push_back({1 - b.rank, 0, 0});
  else if (!bidir && b.rank == (K == Kind::Put ? 0 : 1))
    b.rma->accesses.push_back({1 - b.rank, 0, 0});
  b.send_need_bytes = b.send_block_bytes;
  b.recv_need_bytes = (K == Kind::Get ? 2 : 1) * b.send_block_bytes;
  if (K == Kind::Acc)
    b.call_fn = aggregate ? call_accumulate<true> : call_accumulate<false>;
  else
    b.call_fn = aggregate ? call_fenced<K, true> : call_fenced<K, false>;
  set_rma_hooks(b, fill<K>, check<K>, prepare);
}

}  // namespace

void bind_ext_window(BoundOp& b, const Args& a) {
  bind_common(b, a);
  b.send_need_bytes = block_bytes(1, b.send_dt);
  b.recv_need_bytes = b.send_block_bytes;
  b.call_fn = call_window;
  b.fill_fn = fill_window;
  b.check_fn = check_window;
}
void bind_ext_unidir_put(BoundOp& b, const Args& a) {
  bind_ext<Kind::Put>(b, a, false);
}
void bind_ext_unidir_get(BoundOp& b, const Args& a) {
  bind_ext<Kind::Get>(b, a, false);
}
void bind_ext_bidir_put(BoundOp& b, const Args& a) {
  bind_ext<Kind::Put>(b, a, true);
}
void bind_ext_bidir_get(BoundOp& b, const Args& a) {
  bind_ext<Kind::Get>(b, a, true);
}
void bind_ext_accumulate(BoundOp& b, const Args& a) {
  bind_ext<Kind::Acc>(b, a, false);
}

}  // namespace metron::rt::ops
