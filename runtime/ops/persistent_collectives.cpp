// MPI-4 persistent collectives: each binds as its blocking counterpart (same
// arguments, buffers and verification). The MPI_<name>_init calls are collective, so they run
// in prepare(), once every rank has bound, one request per buffer slot (a persistent request is
// tied to its buffers, and buffer cycling moves them); release() frees them. The timed region
// is MPI_Start and MPI_Wait on the current slot's request, as OSU's osu_*_persistent time it.
#include "runtime/ops/mpi_absent_calls.h"
#include "runtime/ops/op_impl.h"
#include "runtime/ops/persistent_requests.h"

namespace metron::rt::ops {

namespace {

using InitFn = InitRequestFn;

int init_barrier(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Barrier_init(b.comm, MPI_INFO_NULL, r);
}
int init_bcast(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Bcast_init(b.buf.send(), b.send_count, b.send_type, b.root, b.comm, MPI_INFO_NULL, r);
}
int init_gather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Gather_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                         b.recv_type, b.root, b.comm, MPI_INFO_NULL, r);
}
int init_gatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Gatherv_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                          b.recv_counts.data(), b.recv_displs.data(), b.recv_type, b.root, b.comm,
                          MPI_INFO_NULL, r);
}
int init_scatter(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Scatter_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                          b.recv_type, b.root, b.comm, MPI_INFO_NULL, r);
}
int init_scatterv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Scatterv_init(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                           b.buf.recv(), b.recv_count, b.recv_type, b.root, b.comm, MPI_INFO_NULL,
                           r);
}
int init_allgather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Allgather_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                            b.recv_type, b.comm, MPI_INFO_NULL, r);
}
int init_allgatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Allgatherv_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                             b.recv_counts.data(), b.recv_displs.data(), b.recv_type, b.comm,
                             MPI_INFO_NULL, r);
}
int init_alltoall(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Alltoall_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                           b.recv_type, b.comm, MPI_INFO_NULL, r);
}
int init_alltoallv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Alltoallv_init(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                            b.buf.recv(), b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                            b.comm, MPI_INFO_NULL, r);
}
int init_alltoallw(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Alltoallw_init(b.buf.send(), b.send_counts.data(), b.send_displs.data(),
                            b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                            b.recv_displs.data(), b.recv_types.data(), b.comm, MPI_INFO_NULL, r);
}
int init_reduce(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Reduce_init(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.root,
                         b.comm, MPI_INFO_NULL, r);
}
int init_allreduce(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Allreduce_init(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm,
                            MPI_INFO_NULL, r);
}
int init_reduce_scatter(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Reduce_scatter_init(b.buf.send(), b.buf.recv(), b.recv_counts.data(), b.send_type,
                                 b.reduce, b.comm, MPI_INFO_NULL, r);
}
int init_reduce_scatter_block(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Reduce_scatter_block_init(b.buf.send(), b.buf.recv(), b.recv_count, b.send_type,
                                       b.reduce, b.comm, MPI_INFO_NULL, r);
}
int init_scan(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Scan_init(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm,
                       MPI_INFO_NULL, r);
}
int init_exscan(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Exscan_init(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.comm,
                         MPI_INFO_NULL, r);
}

template <InitFn Init>
void init_requests(BoundOp& b) {
  init_persistent_requests(b, Init);
}

template <BindFn Blocking, InitFn Init>
void bind_persistent(BoundOp& b, const Args& a) {
  Blocking(b, a);
  b.call_fn = start_and_wait;
  b.prepare_fn = init_requests<Init>;
  b.release_fn = free_persistent_requests;
}

}  // namespace

void bind_barrier_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_barrier, init_barrier>(b, a);
}
void bind_bcast_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_bcast, init_bcast>(b, a);
}
void bind_gather_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_gather, init_gather>(b, a);
}
void bind_gatherv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_gatherv, init_gatherv>(b, a);
}
void bind_scatter_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_scatter, init_scatter>(b, a);
}
void bind_scatterv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_scatterv, init_scatterv>(b, a);
}
void bind_allgather_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_allgather, init_allgather>(b, a);
}
void bind_allgatherv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_allgatherv, init_allgatherv>(b, a);
}
void bind_alltoall_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoall, init_alltoall>(b, a);
}
void bind_alltoallv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoallv, init_alltoallv>(b, a);
}
void bind_alltoallw_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoallw, init_alltoallw>(b, a);
}
void bind_reduce_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_reduce, init_reduce>(b, a);
}
void bind_allreduce_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_allreduce, init_allreduce>(b, a);
}
void bind_reduce_scatter_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_reduce_scatter, init_reduce_scatter>(b, a);
}
void bind_reduce_scatter_block_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_reduce_scatter_block, init_reduce_scatter_block>(b, a);
}
void bind_scan_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_scan, init_scan>(b, a);
}
void bind_exscan_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_exscan, init_exscan>(b, a);
}

}  // namespace metron::rt::ops
