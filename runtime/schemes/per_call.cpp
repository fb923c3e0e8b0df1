// MS1, `set scheme = per_call` ("MPI Benchmarking Revisited", Table III and Algorithm 1; SKaMPI,
// OSU, NBCBench, the paper's own barrier experiments): for each observation, the process sync,
// then
//     t_start = now(); op.call(); t_end = now()
// Reports, per rank and observation, the local start and end on the job's timer; the local
// duration end - start is one operation. Run-time `local` is max over ranks of (end - start)
// (gather_local_durations), `global` is max end - min start on a synchronized clock. For
// ping-pongs one call() is `iterations` round trips and end is start + time / iterations: the
// duration is one full round trip (not one-way). Buffer cycling (op.advance()), validity and
// the MPI error check happen after the second read. Operations with per-observation set-up
// (SKaMPI's one-sided functions) run op.setup() before the sync and op.teardown() after the
// second read: both outside the timed region.
#include <bit>

#include "runtime/schemes/convert.h"
#include "runtime/timers/timer.h"

namespace metron::rt {

template <class Timer>
void run_per_call(const SchemeRun& r) {
  using Stamp = typename Timer::Stamp;
  BoundOp& op = *r.op;
  ProcSync& sync = *r.sync;
  size_scratch(r);
  std::uint64_t* s0 = r.stamps_start->data();
  std::uint64_t* s1 = r.stamps_end->data();
  std::uint8_t* ok = r.valid_scratch->data();

  sync.begin_batch(r.n);
  for (std::int64_t i = 0; i < r.n; ++i) {
    op.setup();
    sync.before_observation(r.first_index + i);
    const Stamp t0 = Timer::now();
    op.call();
    const Stamp t1 = Timer::now();
    op.teardown();
    s0[i] = std::bit_cast<std::uint64_t>(t0);
    s1[i] = std::bit_cast<std::uint64_t>(t1);
    ok[i] = sync.after_observation(r.first_index + i, Timer::seconds(t0), Timer::seconds(t1));
    op.advance();
  }
  sync.end_batch();
  convert_stamps<Timer>(r, op.divisor);
}

template void run_per_call<WtimeTimer>(const SchemeRun&);
template void run_per_call<MonotonicTimer>(const SchemeRun&);
template void run_per_call<RdtscpTimer>(const SchemeRun&);

}  // namespace metron::rt
