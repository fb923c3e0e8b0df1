// The scheme of a threaded operation (runtime/ops/threaded.h), for `set scheme = per_call`
// (calls = 1) and `loop_mean` (calls = loop_iterations). For each observation: the process sync
// on thread 0, then every thread of the team
//     barrier of the rank's threads; t_start = now(); repeat calls times: part.call(); t_end =
//     now()
// on its own part. The rank's observation runs from the earliest thread's start to the latest
// thread's end, divided by calls * divisor: the time of one call of one thread while all the
// threads run (docs/methodology.md, "Threaded operations"). Waking the team and its barrier
// are outside every thread's timed region.
#include <bit>
#include <functional>

#include "runtime/ops/threaded.h"
#include "runtime/schemes/convert.h"
#include "runtime/timers/timer.h"

namespace metron::rt {

template <class Timer>
void run_threaded(const SchemeRun& r, std::int64_t calls) {
  using Stamp = typename Timer::Stamp;
  BoundOp& op = *r.op;
  ops::ThreadedParts& th = *op.threaded;
  ProcSync& sync = *r.sync;
  size_scratch(r);
  const std::size_t threads = th.parts.size();
  th.stamps_start.resize(threads);
  th.stamps_end.resize(threads);
  for (std::size_t t = 0; t < threads; ++t) {
    th.stamps_start[t].resize(static_cast<std::size_t>(r.n));
    th.stamps_end[t].resize(static_cast<std::size_t>(r.n));
  }
  std::size_t i = 0;  // the observation the task stamps
  const std::function<void(int)> task = [&th, &i, calls](int member) {
    const auto t = static_cast<std::size_t>(member);
    BoundOp& part = th.parts[t];
    th.team->barrier();
    const Stamp t0 = Timer::now();
    for (std::int64_t k = 0; k < calls; ++k) part.call();
    const Stamp t1 = Timer::now();
    th.stamps_start[t][i] = std::bit_cast<std::uint64_t>(t0);
    th.stamps_end[t][i] = std::bit_cast<std::uint64_t>(t1);
  };

  sync.begin_batch(r.n);
  for (; i < static_cast<std::size_t>(r.n); ++i) {
    sync.before_observation(r.first_index + static_cast<std::int64_t>(i));
    th.team->run(task);
    std::uint64_t first = th.stamps_start[0][i], last = th.stamps_end[0][i];
    for (std::size_t t = 1; t < threads; ++t) {
      if (Timer::seconds(std::bit_cast<Stamp>(th.stamps_start[t][i])) <
          Timer::seconds(std::bit_cast<Stamp>(first)))
        first = th.stamps_start[t][i];
      if (Timer::seconds(std::bit_cast<Stamp>(th.stamps_end[t][i])) >
          Timer::seconds(std::bit_cast<Stamp>(last)))
        last = th.stamps_end[t][i];
    }
    (*r.stamps_start)[i] = first;
    (*r.stamps_end)[i] = last;
    (*r.valid_scratch)[i] = sync.after_observation(r.first_index + static_cast<std::int64_t>(i),
                                                   Timer::seconds(std::bit_cast<Stamp>(first)),
                                                   Timer::seconds(std::bit_cast<Stamp>(last)));
    op.advance();
  }
  sync.end_batch();
  for (BoundOp& p : th.parts) {
    op.note(p.error);
    p.error = MPI_SUCCESS;
  }
  convert_stamps<Timer>(r, calls * op.divisor);
}

template void run_threaded<WtimeTimer>(const SchemeRun&, std::int64_t);
template void run_threaded<MonotonicTimer>(const SchemeRun&, std::int64_t);
template void run_threaded<RdtscpTimer>(const SchemeRun&, std::int64_t);

}  // namespace metron::rt
