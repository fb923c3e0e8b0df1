// The measurement schemes' common interface: one run of n observations of a bound operation
// under a process sync, templated on the timer (per_call.cpp, loop_mean.cpp, loop_barrier.cpp
// hold the timed loops; JobRunner picks the instance with one switch outside the loop).
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/ops/bound_op.h"
#include "runtime/procsync/proc_sync.h"

namespace metron::rt {

struct SchemeRun {
  BoundOp* op = nullptr;
  ProcSync* sync = nullptr;
  BarrierSync* loop_barrier = nullptr;  // MS3: the barrier inside the loop
  std::int64_t first_index = 0;         // job-level index of the first observation
  std::int64_t n = 0;                   // observations to take
  std::int64_t loop_iterations = 1;     // MS2, MS3: calls per timed loop
  // Raw timer stamps (bit copies of Timer::Stamp, all 8 bytes): sized by the scheme before
  // its loop, so the loop itself never allocates.
  std::vector<std::uint64_t>* stamps_start = nullptr;
  std::vector<std::uint64_t>* stamps_end = nullptr;
  std::vector<std::uint8_t>* valid_scratch = nullptr;
  // Output, n entries each, written after the loop: local seconds on the timer. The end is
  // start + (loop time) / (loop_iterations * op->divisor), so end - start is always the time of
  // one operation as the scheme defines it.
  double* start_s = nullptr;
  double* end_s = nullptr;
  std::uint8_t* valid = nullptr;
};

template <class Timer>
void run_per_call(const SchemeRun& r);
template <class Timer>
void run_loop_mean(const SchemeRun& r);
template <class Timer>
void run_loop_barrier(const SchemeRun& r);
// Threaded operations (runtime/schemes/threaded.cpp): `calls` calls per thread and observation.
template <class Timer>
void run_threaded(const SchemeRun& r, std::int64_t calls);

}  // namespace metron::rt
