// MS2, `set scheme = loop_mean` ("MPI Benchmarking Revisited", Table III; IMB, mpptest): after the
// process sync, one timed loop of loop_iterations calls with no synchronization between them:
//     t_start = now(); repeat loop_iterations times: op.call(); t_end = now()
// One observation per loop. Reports the local start and start + (t_end - t_start) /
// (loop_iterations * divisor): the mean local time of one operation in the loop (for
// ping-pongs one full round trip). Consecutive calls may overlap ("pipelining", [J] §3.1), so
// this mean can be smaller than a single call's time; the loop counter is inside the timed
// region, as in IMB and mpptest. All calls of one loop use the same buffer slot; cycling
// advances between loops.
#include <bit>

#include "runtime/schemes/convert.h"
#include "runtime/timers/timer.h"

namespace metron::rt {

template <class Timer>
void run_loop_mean(const SchemeRun& r) {
  using Stamp = typename Timer::Stamp;
  BoundOp& op = *r.op;
  ProcSync& sync = *r.sync;
  const std::int64_t iters = r.loop_iterations;
  size_scratch(r);
  std::uint64_t* s0 = r.stamps_start->data();
  std::uint64_t* s1 = r.stamps_end->data();
  std::uint8_t* ok = r.valid_scratch->data();

  sync.begin_batch(r.n);
  for (std::int64_t i = 0; i < r.n; ++i) {
    sync.before_observation(r.first_index + i);
    const Stamp t0 = Timer::now();
    for (std::int64_t k = 0; k < iters; ++k) op.call();
    const Stamp t1 = Timer::now();
    s0[i] = std::bit_cast<std::uint64_t>(t0);
    s1[i] = std::bit_cast<std::uint64_t>(t1);
    ok[i] = sync.after_observation(r.first_index + i, Timer::seconds(t0), Timer::seconds(t1));
    op.advance();
  }
  sync.end_batch();
  convert_stamps<Timer>(r, iters * op.divisor);
}

template void run_loop_mean<WtimeTimer>(const SchemeRun&);
template void run_loop_mean<MonotonicTimer>(const SchemeRun&);
template void run_loop_mean<RdtscpTimer>(const SchemeRun&);

}  // namespace metron::rt
