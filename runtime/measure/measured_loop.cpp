// run_measured_loop (see measured_loop.h).
#include "runtime/measure/measured_loop.h"

#include <exception>

#include "runtime/ops/error_agreement.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/procsync/global_times.h"

namespace metron::rt {

std::string run_measured_loop(JobRunner& runner, MPI_Comm comm, const Settings& s, LoopNext first,
                              const LoopStep& step, const std::string& inject) {
  int rank = 0, p = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const bool watcher = !runner.participates();  // ranks >= 2 of a ping-pong
  const bool global = s.runtime == RuntimeKind::Global;
  // Syncs with a synchronized clock also give each observation's global start and end.
  auto* gt = dynamic_cast<GlobalTimes*>(&runner.sync());
  const bool stamps = gt != nullptr;
  const double divisor = static_cast<double>(runner.op().divisor);
  Observations obs;
  std::vector<double> times;
  LoopNext next = first;
  bool injected = false;
  while (next.batch > 0) {
    obs.clear();
    std::string local_error;
    try {
      runner.run_untimed(next.spacer);
      runner.run_batch(next.batch, obs);
      if (!inject.empty() && !injected && rank == p - 1) local_error = inject;
    } catch (const std::exception& e) {
      local_error = e.what();
    }
    injected = true;
    const std::size_t b = static_cast<std::size_t>(next.batch);
    LocalBatch mine;
    mine.failed = !local_error.empty() || obs.size() != b;
    mine.start_s = obs.start_s;
    mine.end_s = obs.end_s;
    mine.valid = obs.valid;
    if (gt) {
      mine.global_start_s = gt->global_start();
      mine.global_end_s = gt->global_end();
    }
    mine.participates = !watcher;
    // Every rank's durations travel to the root only where the job writes them.
    const GatheredDurations g = s.raw_per_rank
                                    ? gather_local_durations(comm, next.batch, stamps, mine)
                                    : reduce_local_durations(comm, next.batch, stamps, mine);
    std::int64_t decided[2] = {0, 0};  // the next batch (-1: failed) and its spacer
    if (rank == 0) {
      if (g.failed) {
        decided[0] = -1;
      } else {
        times.resize(b);
        for (std::size_t i = 0; i < b; ++i)
          times[i] =
              global ? (g.global_end_s[i] - g.global_start_s[i]) / divisor : g.max_per_obs[i];
        const LoopNext n = step(g, times);
        decided[0] = n.batch;
        decided[1] = n.spacer;
      }
    }
    MPI_Bcast(decided, 2, MPI_INT64_T, 0, comm);
    if (decided[0] < 0) {
      std::string error = agree_on_error(comm, local_error);
      if (error.empty()) error = message_text(DiagId::job_failed_elsewhere);
      return error;
    }
    next = {decided[0], decided[1]};
  }
  return "";
}

}  // namespace metron::rt
