// MS3, `set scheme = loop_barrier` ("MPI Benchmarking Revisited", Table III; Phloem): after the
// process sync, one timed loop in which every call is followed by a barrier, so each call after the
// first also starts right after a barrier:
//     t_start = now(); repeat loop_iterations times: { op.call(); barrier }; t_end = now()
// One observation per loop. Reports the local start and start + (t_end - t_start) /
// (loop_iterations * divisor): the loop time per iteration, barrier included (the seed's
// t = (e_time - s_time) / nrep). The barrier is the job's sync when that is a barrier kind
// (barrier, double_barrier, dissemination), MPI_Barrier otherwise. Buffer cycling advances
// between loops.
#include <bit>

#include "runtime/schemes/convert.h"
#include "runtime/timers/timer.h"

namespace metron::rt {

template <class Timer>
void run_loop_barrier(const SchemeRun& r) {
  using Stamp = typename Timer::Stamp;
  BoundOp& op = *r.op;
  ProcSync& sync = *r.sync;
  BarrierSync& barrier = *r.loop_barrier;
  const std::int64_t iters = r.loop_iterations;
  size_scratch(r);
  std::uint64_t* s0 = r.stamps_start->data();
  std::uint64_t* s1 = r.stamps_end->data();
  std::uint8_t* ok = r.valid_scratch->data();

  sync.begin_batch(r.n);
  for (std::int64_t i = 0; i < r.n; ++i) {
    sync.before_observation(r.first_index + i);
    const Stamp t0 = Timer::now();
    for (std::int64_t k = 0; k < iters; ++k) {
      op.call();
      barrier.wait();
    }
    const Stamp t1 = Timer::now();
    s0[i] = std::bit_cast<std::uint64_t>(t0);
    s1[i] = std::bit_cast<std::uint64_t>(t1);
    ok[i] = sync.after_observation(r.first_index + i, Timer::seconds(t0), Timer::seconds(t1));
    op.advance();
  }
  sync.end_batch();
  convert_stamps<Timer>(r, iters * op.divisor);
}

template void run_loop_barrier<WtimeTimer>(const SchemeRun&);
template void run_loop_barrier<MonotonicTimer>(const SchemeRun&);
template void run_loop_barrier<RdtscpTimer>(const SchemeRun&);

}  // namespace metron::rt
