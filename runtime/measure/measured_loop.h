// The job's measured loop, shared by its warm-up and its measurement: per batch, a spacer of
// untimed observations, the batch with the job's scheme, process sync, buffers, cycling and
// timer, the gather of the durations onto the job root, and the root's decision (the next batch
// and its spacer), broadcast. Only what the root does with the times differs (issue 35: a
// warm-up of calls run back to back reached a state the synchronized loop did not share).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "runtime/measure/job_runner.h"
#include "runtime/measure/local_runtime.h"

namespace metron::rt {

// The root's decision after a batch.
struct LoopNext {
  std::int64_t batch = 0;   // observations to take next; 0 ends the loop
  std::int64_t spacer = 0;  // untimed observations before them
};

// Called on the job root after each batch: the gathered batch and each observation's time as
// the job records it (`runtime = global`: latest end minus earliest start on the synchronized
// clock per operation; else the `local` run-time, the maximum of the ranks' durations).
using LoopStep =
    std::function<LoopNext(const GatheredDurations& g, std::span<const double> time_s)>;

// Runs batches from `first` until the root's step returns a batch of 0. Collective over comm.
// Returns "" or the error, the same on every rank (a failed MPI call on any rank, or the test
// hook `inject`: the last rank reports an MPI error from its first batch).
std::string run_measured_loop(JobRunner& runner, MPI_Comm comm, const Settings& s, LoopNext first,
                              const LoopStep& step, const std::string& inject = "");

}  // namespace metron::rt
