// MPI-3 nonblocking collectives, as OSU's osu_i* and IMB-NBC measure them. Each
// binds as its blocking counterpart (same arguments, buffers and verification); the call posts
// the MPI_I* operation and completes it with MPI_Wait:
//   pure     (I<name>):          post, MPI_Wait
//   overlap  (I<name>_overlap):  post, compute, MPI_Wait
// The compute is a busy-wait of `compute` seconds, split by `tests` MPI_Test calls spread
// evenly over it (they may progress the operation); compute = 0 s takes the pure time measured
// by the calibration before the job, as OSU does. Overlap % as OSU defines it:
//   100 * (1 - (t_total - t_compute) / t_pure), clamped to [0, 100] (runtime/plan/op_rates.h).
#include <time.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

namespace {

using PostFn = int (*)(BoundOp&, MPI_Request*) noexcept;

int post_ibarrier(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ibarrier(b.comm, r);
}
int post_ibcast(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ibcast(b.buf.send(), b.send_count, b.send_type, b.root, b.comm, r);
}
int post_igather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Igather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                     b.recv_type, b.root, b.comm, r);
}
int post_igatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Igatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_counts.data(),
                      b.recv_displs.data(), b.recv_type, b.root, b.comm, r);
}
int post_iscatter(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iscatter(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                      b.recv_type, b.root, b.comm, r);
}
int post_iscatterv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iscatterv(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                       b.buf.recv(), b.recv_count, b.recv_type, b.root, b.comm, r);
}
int post_iallgather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iallgather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                        b.recv_type, b.comm, r);
}
int post_iallgatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iallgatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                         b.recv_counts.data(), b.recv_displs.data(), b.recv_type, b.comm, r);
}
int post_ialltoall(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ialltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                       b.recv_type, b.comm, r);
}
int post_ialltoallv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ialltoallv(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                        b.buf.recv(), b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                        b.comm, r);
}
int post_ialltoallw(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ialltoallw(b.buf.send(), b.send_counts.data(), b.send_displs.data(),
                        b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                        b.recv_displs.data(), b.recv_types.data(), b.comm, r);
}
int post_ireduce(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ireduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.root,
                     b.comm, r);
}
int post_iallreduce(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iallreduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm, r);
}
int post_ireduce_scatter(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ireduce_scatter(b.buf.send(), b.buf.recv(), b.recv_counts.data(), b.send_type,
                             b.reduce, b.comm, r);
}
int post_ireduce_scatter_block(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ireduce_scatter_block(b.buf.send(), b.buf.recv(), b.recv_count, b.send_type, b.reduce,
                                   b.comm, r);
}
int post_iscan(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iscan(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm, r);
}
int post_iexscan(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Iexscan(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm, r);
}

std::int64_t mono_ns() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// The request is a local, so call() keeps no state between calls.
template <PostFn Post>
void call_pure(BoundOp& b) noexcept {
  MPI_Request r = MPI_REQUEST_NULL;
  b.note(Post(b, &r));
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}

template <PostFn Post>
void call_overlap(BoundOp& b) noexcept {
  MPI_Request r = MPI_REQUEST_NULL;
  b.note(Post(b, &r));
  const std::int64_t start = mono_ns();
  const int chunks = b.overlap.tests + 1;
  for (int c = 1; c <= chunks; ++c) {
    const std::int64_t until = start + b.overlap.compute_ns * c / chunks;
    while (mono_ns() < until) {
    }
    if (c < chunks) {
      int done = 0;
      b.note(MPI_Test(&r, &done, MPI_STATUS_IGNORE));
    }
  }
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}

// The calibration: kCalibrationRuns timed post + wait per rank after kCalibrationWarmup
// untimed ones; its description goes into the job's record (manifest.json's
// overlap_calibration.method).
constexpr int kCalibrationWarmup = 5, kCalibrationRuns = 25;

const char* calibration_method() {
  static const std::string text =
      fmt::format("median of {} post + wait after {}, largest over ranks", kCalibrationRuns,
                  kCalibrationWarmup);
  return text.c_str();
}

// Collective, after every rank has bound: the pure time is the median of kRuns post + wait per
// rank (after kWarmup), the largest over the ranks, so that every rank computes equally long.
template <PostFn Post>
void calibrate(BoundOp& b) {
  constexpr int kWarmup = kCalibrationWarmup, kRuns = kCalibrationRuns;
  for (int i = 0; i < kWarmup; ++i) call_pure<Post>(b);
  double t[kRuns];
  for (double& ti : t) {
    b.note(MPI_Barrier(b.comm));
    const double t0 = MPI_Wtime();
    call_pure<Post>(b);
    ti = MPI_Wtime() - t0;
  }
  std::nth_element(t, t + kRuns / 2, t + kRuns);
  double pure = 0;
  b.note(MPI_Allreduce(&t[kRuns / 2], &pure, 1, MPI_DOUBLE, MPI_MAX, b.comm));
  b.overlap.pure_s = pure;
  b.overlap.method = calibration_method();
  if (b.overlap.requested_s <= 0) b.overlap.compute_ns = std::llround(pure * 1e9);
}

template <BindFn Blocking, PostFn Post>
void bind_pure(BoundOp& b, const Args& a) {
  Blocking(b, a);
  b.call_fn = call_pure<Post>;
}

// The blocking arguments, then (compute, tests).
template <BindFn Blocking, PostFn Post>
void bind_overlap(BoundOp& b, const Args& a) {
  Blocking(b, a);
  // Both in range: op_checks.h (kMaxComputeSeconds, kMaxTests).
  const double compute = a.seconds("compute");
  b.overlap.requested_s = compute;
  b.overlap.compute_ns = std::llround(compute * 1e9);
  b.overlap.tests = static_cast<int>(a.integer("tests"));
  b.overlap.enabled = true;
  b.call_fn = call_overlap<Post>;
  b.prepare_fn = calibrate<Post>;
}

}  // namespace

void bind_ibarrier(BoundOp& b, const Args& a) {
  bind_pure<bind_barrier, post_ibarrier>(b, a);
}
void bind_ibarrier_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_barrier, post_ibarrier>(b, a);
}
void bind_ibcast(BoundOp& b, const Args& a) {
  bind_pure<bind_bcast, post_ibcast>(b, a);
}
void bind_ibcast_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_bcast, post_ibcast>(b, a);
}
void bind_igather(BoundOp& b, const Args& a) {
  bind_pure<bind_gather, post_igather>(b, a);
}
void bind_igather_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_gather, post_igather>(b, a);
}
void bind_igatherv(BoundOp& b, const Args& a) {
  bind_pure<bind_gatherv, post_igatherv>(b, a);
}
void bind_igatherv_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_gatherv, post_igatherv>(b, a);
}
void bind_iscatter(BoundOp& b, const Args& a) {
  bind_pure<bind_scatter, post_iscatter>(b, a);
}
void bind_iscatter_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_scatter, post_iscatter>(b, a);
}
void bind_iscatterv(BoundOp& b, const Args& a) {
  bind_pure<bind_scatterv, post_iscatterv>(b, a);
}
void bind_iscatterv_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_scatterv, post_iscatterv>(b, a);
}
void bind_iallgather(BoundOp& b, const Args& a) {
  bind_pure<bind_allgather, post_iallgather>(b, a);
}
void bind_iallgather_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_allgather, post_iallgather>(b, a);
}
void bind_iallgatherv(BoundOp& b, const Args& a) {
  bind_pure<bind_allgatherv, post_iallgatherv>(b, a);
}
void bind_iallgatherv_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_allgatherv, post_iallgatherv>(b, a);
}
void bind_ialltoall(BoundOp& b, const Args& a) {
  bind_pure<bind_alltoall, post_ialltoall>(b, a);
}
void bind_ialltoall_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_alltoall, post_ialltoall>(b, a);
}
void bind_ialltoallv(BoundOp& b, const Args& a) {
  bind_pure<bind_alltoallv, post_ialltoallv>(b, a);
}
void bind_ialltoallv_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_alltoallv, post_ialltoallv>(b, a);
}
void bind_ialltoallw(BoundOp& b, const Args& a) {
  bind_pure<bind_alltoallw, post_ialltoallw>(b, a);
}
void bind_ialltoallw_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_alltoallw, post_ialltoallw>(b, a);
}
void bind_ireduce(BoundOp& b, const Args& a) {
  bind_pure<bind_reduce, post_ireduce>(b, a);
}
void bind_ireduce_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_reduce, post_ireduce>(b, a);
}
void bind_iallreduce(BoundOp& b, const Args& a) {
  bind_pure<bind_allreduce, post_iallreduce>(b, a);
}
void bind_iallreduce_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_allreduce, post_iallreduce>(b, a);
}
void bind_ireduce_scatter(BoundOp& b, const Args& a) {
  bind_pure<bind_reduce_scatter, post_ireduce_scatter>(b, a);
}
void bind_ireduce_scatter_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_reduce_scatter, post_ireduce_scatter>(b, a);
}
void bind_ireduce_scatter_block(BoundOp& b, const Args& a) {
  bind_pure<bind_reduce_scatter_block, post_ireduce_scatter_block>(b, a);
}
void bind_ireduce_scatter_block_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_reduce_scatter_block, post_ireduce_scatter_block>(b, a);
}
void bind_iscan(BoundOp& b, const Args& a) {
  bind_pure<bind_scan, post_iscan>(b, a);
}
void bind_iscan_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_scan, post_iscan>(b, a);
}
void bind_iexscan(BoundOp& b, const Args& a) {
  bind_pure<bind_exscan, post_iexscan>(b, a);
}
void bind_iexscan_overlap(BoundOp& b, const Args& a) {
  bind_overlap<bind_exscan, post_iexscan>(b, a);
}

}  // namespace metron::rt::ops
