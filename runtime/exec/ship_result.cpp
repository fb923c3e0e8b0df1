// ship_result (see ship_result.h).
#include "runtime/exec/ship_result.h"

#include "runtime/measure/sync_choice.h"
#include "runtime/procsync/clock_cache.h"

namespace metron::rt {

void ship_result(JobResult& r, int job_root_world, int me, MPI_Comm world) {
  if (job_root_world == 0) return;
  constexpr int kTag = 4711;
  if (me == job_root_world) {
    std::int64_t head[9] = {static_cast<std::int64_t>(r.time_s.size()),
                            static_cast<std::int64_t>(r.rank_time_s.size()),
                            static_cast<std::int64_t>(r.stop_reason),
                            r.batches,
                            r.sync.late,
                            r.sync.overran,
                            static_cast<std::int64_t>(r.global_start_s.size()),
                            r.warmup,
                            static_cast<std::int64_t>(r.warmup_end)};
    MPI_Send(head, 9, MPI_INT64_T, 0, kTag, world);
    double tail[10] = {r.achieved_precision, r.elapsed_s,
                       r.rule_time_s,        r.sync.window_s,
                       r.sync.start_wait_s,  r.sync.clock_sync_s,
                       r.achieved_coverage,  r.overlap_pure_s,
                       r.overlap_compute_s,  static_cast<double>(r.overlap_tests)};
    MPI_Send(tail, 10, MPI_DOUBLE, 0, kTag, world);
    MPI_Send(r.time_s.data(), static_cast<int>(r.time_s.size()), MPI_DOUBLE, 0, kTag, world);
    MPI_Send(r.valid.data(), static_cast<int>(r.valid.size()), MPI_UINT8_T, 0, kTag, world);
    MPI_Send(r.rank_time_s.data(), static_cast<int>(r.rank_time_s.size()), MPI_DOUBLE, 0, kTag,
             world);
    MPI_Send(r.global_start_s.data(), static_cast<int>(r.global_start_s.size()), MPI_DOUBLE, 0,
             kTag, world);
    MPI_Send(r.global_end_s.data(), static_cast<int>(r.global_end_s.size()), MPI_DOUBLE, 0, kTag,
             world);
  } else if (me == 0) {
    std::int64_t head[9];
    MPI_Recv(head, 9, MPI_INT64_T, job_root_world, kTag, world, MPI_STATUS_IGNORE);
    double tail[10];
    MPI_Recv(tail, 10, MPI_DOUBLE, job_root_world, kTag, world, MPI_STATUS_IGNORE);
    r.overlap_pure_s = tail[7];
    r.overlap_compute_s = tail[8];
    r.overlap_tests = static_cast<int>(tail[9]);
    r.warmup = head[7];
    r.warmup_end = static_cast<adapt::WarmupEnd>(head[8]);
    r.achieved_coverage = tail[6];
    r.time_s.resize(static_cast<std::size_t>(head[0]));
    r.valid.resize(static_cast<std::size_t>(head[0]));
    r.rank_time_s.resize(static_cast<std::size_t>(head[1]));
    r.stop_reason = static_cast<StopReason>(head[2]);
    r.batches = head[3];
    r.achieved_precision = tail[0];
    r.elapsed_s = tail[1];
    r.rule_time_s = tail[2];
    r.sync.late = head[4];
    r.sync.overran = head[5];
    r.sync.window_s = tail[3];
    r.sync.start_wait_s = tail[4];
    r.sync.clock_sync_s = tail[5];
    if (uses_global_clock(*r.job->settings))
      r.sync.clock = clock_method_name(r.job->settings->sync.clock);
    MPI_Recv(r.time_s.data(), static_cast<int>(head[0]), MPI_DOUBLE, job_root_world, kTag, world,
             MPI_STATUS_IGNORE);
    MPI_Recv(r.valid.data(), static_cast<int>(head[0]), MPI_UINT8_T, job_root_world, kTag, world,
             MPI_STATUS_IGNORE);
    MPI_Recv(r.rank_time_s.data(), static_cast<int>(head[1]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
    r.global_start_s.resize(static_cast<std::size_t>(head[6]));
    r.global_end_s.resize(static_cast<std::size_t>(head[6]));
    MPI_Recv(r.global_start_s.data(), static_cast<int>(head[6]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
    MPI_Recv(r.global_end_s.data(), static_cast<int>(head[6]), MPI_DOUBLE, job_root_world, kTag,
             world, MPI_STATUS_IGNORE);
  }
}

}  // namespace metron::rt
