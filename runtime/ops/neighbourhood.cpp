// MPI-3 neighbourhood collectives and their nonblocking and persistent (MPI-4)
// forms, on a periodic Cartesian communicator of `ndims` dimensions whose sizes MPI_Dims_create
// chooses (ndims = 1: a ring of all ranks). Every rank has 2 * ndims neighbours in MPI's order:
// per dimension the one below (coordinate - 1), then the one above. The communicator is made in
// prepare(), collectively and outside any timed region (MPI_Cart_create without reordering, so
// rank r of the job is rank r of the grid), and freed in release(); the persistent forms also
// make one MPI_Neighbor_*_init request per buffer slot there, as persistent_collectives.cpp.
// Counts are equal for every neighbour and the v- and w-forms' blocks are packed.
#include <climits>

#include "runtime/ops/mpi_absent_calls.h"
#include "runtime/ops/op_impl.h"
#include "runtime/ops/persistent_requests.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

int degree(const BoundOp& b) {
  return static_cast<int>(b.topo.neighbours.size());
}

// --- calls ---------------------------------------------------------------------------------

void call_allgather(BoundOp& b) noexcept {
  b.note(MPI_Neighbor_allgather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                                b.recv_type, b.topo.comm));
}
void call_allgatherv(BoundOp& b) noexcept {
  b.note(MPI_Neighbor_allgatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                 b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                                 b.topo.comm));
}
void call_alltoall(BoundOp& b) noexcept {
  b.note(MPI_Neighbor_alltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                               b.recv_type, b.topo.comm));
}
void call_alltoallv(BoundOp& b) noexcept {
  b.note(MPI_Neighbor_alltoallv(b.buf.send(), b.send_counts.data(), b.send_displs.data(),
                                b.send_type, b.buf.recv(), b.recv_counts.data(),
                                b.recv_displs.data(), b.recv_type, b.topo.comm));
}
void call_alltoallw(BoundOp& b) noexcept {
  b.note(MPI_Neighbor_alltoallw(b.buf.send(), b.send_counts.data(), b.send_byte_displs.data(),
                                b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                                b.recv_byte_displs.data(), b.recv_types.data(), b.topo.comm));
}

using PostFn = int (*)(BoundOp&, MPI_Request*) noexcept;

int post_allgather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ineighbor_allgather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                 b.recv_count, b.recv_type, b.topo.comm, r);
}
int post_allgatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ineighbor_allgatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                  b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                                  b.topo.comm, r);
}
int post_alltoall(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ineighbor_alltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                                b.recv_type, b.topo.comm, r);
}
int post_alltoallv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ineighbor_alltoallv(b.buf.send(), b.send_counts.data(), b.send_displs.data(),
                                 b.send_type, b.buf.recv(), b.recv_counts.data(),
                                 b.recv_displs.data(), b.recv_type, b.topo.comm, r);
}
int post_alltoallw(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Ineighbor_alltoallw(b.buf.send(), b.send_counts.data(), b.send_byte_displs.data(),
                                 b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                                 b.recv_byte_displs.data(), b.recv_types.data(), b.topo.comm, r);
}

int init_allgather(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Neighbor_allgather_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                     b.recv_count, b.recv_type, b.topo.comm, MPI_INFO_NULL, r);
}
int init_allgatherv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Neighbor_allgatherv_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                      b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                                      b.topo.comm, MPI_INFO_NULL, r);
}
int init_alltoall(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Neighbor_alltoall_init(b.buf.send(), b.send_count, b.send_type, b.buf.recv(),
                                    b.recv_count, b.recv_type, b.topo.comm, MPI_INFO_NULL, r);
}
int init_alltoallv(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Neighbor_alltoallv_init(
      b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type, b.buf.recv(),
      b.recv_counts.data(), b.recv_displs.data(), b.recv_type, b.topo.comm, MPI_INFO_NULL, r);
}
int init_alltoallw(BoundOp& b, MPI_Request* r) noexcept {
  return MPI_Neighbor_alltoallw_init(b.buf.send(), b.send_counts.data(), b.send_byte_displs.data(),
                                     b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                                     b.recv_byte_displs.data(), b.recv_types.data(), b.topo.comm,
                                     MPI_INFO_NULL, r);
}

// The request is a local, so call() keeps no state between calls.
template <PostFn Post>
void call_post_wait(BoundOp& b) noexcept {
  MPI_Request r = MPI_REQUEST_NULL;
  b.note(Post(b, &r));
  b.note(MPI_Wait(&r, MPI_STATUS_IGNORE));
}

// --- the communicator and the persistent requests (prepare / release) ----------------------

// Collective over the job communicator; the same grid on every rank, since MPI_Dims_create
// depends only on the size and ndims.
void make_topology(BoundOp& b) {
  std::vector<int> dims(static_cast<std::size_t>(b.topo.ndims), 0);
  std::vector<int> periods(dims.size(), 1);
  b.note(MPI_Dims_create(b.size, b.topo.ndims, dims.data()));
  b.note(MPI_Cart_create(b.comm, b.topo.ndims, dims.data(), periods.data(), 0, &b.topo.comm));
  if (b.topo.comm == MPI_COMM_NULL) bind_error(b, DiagId::job_cart_create_failed);
  MPI_Comm_set_errhandler(b.topo.comm, MPI_ERRORS_RETURN);
  for (int d = 0; d < b.topo.ndims; ++d) {
    int below = MPI_PROC_NULL, above = MPI_PROC_NULL;
    b.note(MPI_Cart_shift(b.topo.comm, d, 1, &below, &above));
    b.topo.neighbours[static_cast<std::size_t>(2 * d)] = below;
    b.topo.neighbours[static_cast<std::size_t>(2 * d + 1)] = above;
  }
}

void free_topology(BoundOp& b) {
  free_persistent_requests(b);
  if (b.topo.comm != MPI_COMM_NULL) MPI_Comm_free(&b.topo.comm);
}

template <PostFn Init>
void make_topology_and_requests(BoundOp& b) {
  make_topology(b);
  init_persistent_requests(b, Init);
}

// --- verification ----------------------------------------------------------------------------

void fill_allgather(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

// Block k holds the stream of neighbour k.
std::optional<std::string> check_allgather(const BoundOp& b) {
  for (int k = 0; k < degree(b); ++k) {
    const int from = b.topo.neighbours[static_cast<std::size_t>(k)];
    if (auto m = check_pattern(b.buf.recv() + k * b.recv_block_bytes, b.recv_dt, b.recv_count, from,
                               0)) {
      m->offset += k * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_neighbour_block, k, from}, *m);
    }
  }
  return std::nullopt;
}

void fill_alltoall(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, std::int64_t{b.send_count} * degree(b), b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

// Block k comes from neighbour k, which sent it as its block k ^ 1: the neighbour below sent
// it upwards (its block 2d + 1), the one above downwards (its block 2d). This holds also where
// both neighbours are one rank (a dimension of size 1 or 2), as MPI 4.0 §7.6 specifies.
std::optional<std::string> check_alltoall(const BoundOp& b) {
  for (int k = 0; k < degree(b); ++k) {
    const int from = b.topo.neighbours[static_cast<std::size_t>(k)];
    const std::int64_t first = (k ^ 1) * pattern_bytes(b.send_dt, b.send_count);
    if (auto m = check_pattern(b.buf.recv() + k * b.recv_block_bytes, b.recv_dt, b.recv_count, from,
                               first)) {
      m->offset += k * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_neighbour_block, k, from}, *m);
    }
  }
  return std::nullopt;
}

// --- binding ---------------------------------------------------------------------------------

// (send_count, send_dt, recv_count, recv_dt, ndims); `all_to_all`: one send block per neighbour.
void bind_common(BoundOp& b, const Args& a, bool all_to_all) {
  bind_two_sided(b, a);
  b.topo.ndims = static_cast<int>(a.integer("ndims"));  // checked: op_checks.h (kMaxDims)
  const int n = 2 * b.topo.ndims;
  b.topo.neighbours.assign(static_cast<std::size_t>(n), MPI_PROC_NULL);
  b.send_need_bytes = all_to_all ? b.send_block_bytes * n : b.send_block_bytes;
  b.recv_need_bytes = b.recv_block_bytes * n;
  b.prepare_fn = make_topology;
  b.release_fn = free_topology;
  b.fill_fn = all_to_all ? fill_alltoall : fill_allgather;
  b.check_fn = all_to_all ? check_alltoall : check_allgather;
}

// Equal counts and packed displacements in elements (v-forms) or bytes (w-forms).
void v_counts(BoundOp& b, int count, std::vector<int>& counts, std::vector<int>& displs) {
  const int n = degree(b);
  if (static_cast<std::int64_t>(count) * n > INT_MAX)
    bind_error(b, DiagId::job_neighbour_displacement_exceeds, INT_MAX);
  counts.assign(static_cast<std::size_t>(n), count);
  displs.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) displs[static_cast<std::size_t>(i)] = i * count;
}
void w_counts(BoundOp& b) {
  w_blocks(b, static_cast<std::size_t>(degree(b)), b.send_byte_displs, b.recv_byte_displs);
}

void bind_allgather_args(BoundOp& b, const Args& a) {
  bind_common(b, a, false);
}
void bind_allgatherv_args(BoundOp& b, const Args& a) {
  bind_common(b, a, false);
  v_counts(b, b.recv_count, b.recv_counts, b.recv_displs);
}
void bind_alltoall_args(BoundOp& b, const Args& a) {
  bind_common(b, a, true);
}
void bind_alltoallv_args(BoundOp& b, const Args& a) {
  bind_common(b, a, true);
  v_counts(b, b.send_count, b.send_counts, b.send_displs);
  v_counts(b, b.recv_count, b.recv_counts, b.recv_displs);
}
void bind_alltoallw_args(BoundOp& b, const Args& a) {
  bind_common(b, a, true);
  w_counts(b);
}

template <BindFn Args_, CallFn Call>
void bind_blocking(BoundOp& b, const Args& a) {
  Args_(b, a);
  b.call_fn = Call;
}
template <BindFn Args_, PostFn Post>
void bind_nonblocking(BoundOp& b, const Args& a) {
  Args_(b, a);
  b.call_fn = call_post_wait<Post>;
}
template <BindFn Args_, PostFn Init>
void bind_persistent(BoundOp& b, const Args& a) {
  Args_(b, a);
  b.call_fn = start_and_wait;
  b.prepare_fn = make_topology_and_requests<Init>;
}

}  // namespace

void bind_neighbor_allgather(BoundOp& b, const Args& a) {
  bind_blocking<bind_allgather_args, call_allgather>(b, a);
}
void bind_neighbor_allgatherv(BoundOp& b, const Args& a) {
  bind_blocking<bind_allgatherv_args, call_allgatherv>(b, a);
}
void bind_neighbor_alltoall(BoundOp& b, const Args& a) {
  bind_blocking<bind_alltoall_args, call_alltoall>(b, a);
}
void bind_neighbor_alltoallv(BoundOp& b, const Args& a) {
  bind_blocking<bind_alltoallv_args, call_alltoallv>(b, a);
}
void bind_neighbor_alltoallw(BoundOp& b, const Args& a) {
  bind_blocking<bind_alltoallw_args, call_alltoallw>(b, a);
}
void bind_ineighbor_allgather(BoundOp& b, const Args& a) {
  bind_nonblocking<bind_allgather_args, post_allgather>(b, a);
}
void bind_ineighbor_allgatherv(BoundOp& b, const Args& a) {
  bind_nonblocking<bind_allgatherv_args, post_allgatherv>(b, a);
}
void bind_ineighbor_alltoall(BoundOp& b, const Args& a) {
  bind_nonblocking<bind_alltoall_args, post_alltoall>(b, a);
}
void bind_ineighbor_alltoallv(BoundOp& b, const Args& a) {
  bind_nonblocking<bind_alltoallv_args, post_alltoallv>(b, a);
}
void bind_ineighbor_alltoallw(BoundOp& b, const Args& a) {
  bind_nonblocking<bind_alltoallw_args, post_alltoallw>(b, a);
}
void bind_neighbor_allgather_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_allgather_args, init_allgather>(b, a);
}
void bind_neighbor_allgatherv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_allgatherv_args, init_allgatherv>(b, a);
}
void bind_neighbor_alltoall_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoall_args, init_alltoall>(b, a);
}
void bind_neighbor_alltoallv_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoallv_args, init_alltoallv>(b, a);
}
void bind_neighbor_alltoallw_init(BoundOp& b, const Args& a) {
  bind_persistent<bind_alltoallw_args, init_alltoallw>(b, a);
}

}  // namespace metron::rt::ops
