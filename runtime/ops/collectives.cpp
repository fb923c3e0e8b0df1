// The library's data-movement collectives (Barrier, Bcast, Gather, Allgather, Scatter, Alltoall
// and their v-variants with equal counts, Alltoallw): bind, call and verification.
#include <algorithm>
#include <climits>

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

// --- calls: one MPI call each, nothing else ------------------------------------------------

void call_barrier(BoundOp& b) noexcept {
  b.note(MPI_Barrier(b.comm));
}

void call_bcast(BoundOp& b) noexcept {
  b.note(MPI_Bcast(b.buf.send(), b.send_count, b.send_type, b.root, b.comm));
}

void call_gather(BoundOp& b) noexcept {
  b.note(MPI_Gather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                    b.recv_type, b.root, b.comm));
}

void call_gatherv(BoundOp& b) noexcept {
  b.note(MPI_Gatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_counts.data(),
                     b.recv_displs.data(), b.recv_type, b.root, b.comm));
}

void call_allgather(BoundOp& b) noexcept {
  b.note(MPI_Allgather(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                       b.recv_type, b.comm));
}

void call_allgatherv(BoundOp& b) noexcept {
  b.note(MPI_Allgatherv(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_counts.data(),
                        b.recv_displs.data(), b.recv_type, b.comm));
}

void call_scatter(BoundOp& b) noexcept {
  b.note(MPI_Scatter(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                     b.recv_type, b.root, b.comm));
}

void call_scatterv(BoundOp& b) noexcept {
  b.note(MPI_Scatterv(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                      b.buf.recv(), b.recv_count, b.recv_type, b.root, b.comm));
}

void call_alltoall(BoundOp& b) noexcept {
  b.note(MPI_Alltoall(b.buf.send(), b.send_count, b.send_type, b.buf.recv(), b.recv_count,
                      b.recv_type, b.comm));
}

void call_alltoallv(BoundOp& b) noexcept {
  b.note(MPI_Alltoallv(b.buf.send(), b.send_counts.data(), b.send_displs.data(), b.send_type,
                       b.buf.recv(), b.recv_counts.data(), b.recv_displs.data(), b.recv_type,
                       b.comm));
}

void call_alltoallw(BoundOp& b) noexcept {
  b.note(MPI_Alltoallw(b.buf.send(), b.send_counts.data(), b.send_displs.data(),
                       b.send_types.data(), b.buf.recv(), b.recv_counts.data(),
                       b.recv_displs.data(), b.recv_types.data(), b.comm));
}

}  // namespace

// --- verification (shared with handmade.cpp, which checks its versions the same way) ------

// Bcast (and Bcast_using_Send_Recv): in place in the send slot.
void fill_bcast(BoundOp& b) {
  if (b.rank == b.root)
    fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.root, 0);
  else
    fill_sentinel(b.buf.send(), b.send_block_bytes);
}
std::optional<std::string> check_bcast(const BoundOp& b) {
  if (auto m = check_pattern(b.buf.send(), b.send_dt, b.send_count, b.root, 0))
    return verify_message(b, DiagId::verify_in_buffer, *m);
  return std::nullopt;
}

// Gather and Allgather: rank i's send stream lands in receive block i.
void fill_gather(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
namespace {

std::optional<std::string> check_blocks_from_each(const BoundOp& b) {
  for (int i = 0; i < b.size; ++i)
    if (auto m =
            check_pattern(b.buf.recv() + i * b.recv_block_bytes, b.recv_dt, b.recv_count, i, 0)) {
      m->offset += i * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_receive_block, i}, *m);
    }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_gather(const BoundOp& b) {
  return b.rank == b.root ? check_blocks_from_each(b) : std::nullopt;
}

namespace {

// Scatter: block i of the root's stream lands at rank i.
void fill_scatter(BoundOp& b) {
  if (b.rank == b.root)
    fill_pattern(b.buf.send(), b.send_dt, std::int64_t{b.send_count} * b.size, b.root, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
std::optional<std::string> check_scatter(const BoundOp& b) {
  const std::int64_t first = b.rank * pattern_bytes(b.send_dt, b.send_count);
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, b.root, first))
    return verify_message(b, DiagId::verify_in_receive_buffer, *m);
  return std::nullopt;
}

}  // namespace

// Alltoall: block j of rank i's stream lands in block i at rank j.
void fill_alltoall(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, std::int64_t{b.send_count} * b.size, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}
std::optional<std::string> check_alltoall(const BoundOp& b) {
  const std::int64_t first = b.rank * pattern_bytes(b.send_dt, b.send_count);
  for (int j = 0; j < b.size; ++j)
    if (auto m = check_pattern(b.buf.recv() + j * b.recv_block_bytes, b.recv_dt, b.recv_count, j,
                               first)) {
      m->offset += j * b.recv_block_bytes;
      return verify_message(b, {DiagId::verify_in_receive_block, j}, *m);
    }
  return std::nullopt;
}

void bind_two_sided(BoundOp& b, const Args& a) {
  b.send_count = int_count(a, "send_count");
  b.send_dt = a.type("send_dt");
  b.recv_count = int_count(a, "recv_count");
  b.recv_dt = a.type("recv_dt");
  b.send_type = commit_type(b, b.send_dt);
  b.recv_type = commit_type(b, b.recv_dt);
  b.send_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.recv_block_bytes = block_bytes(b.recv_count, b.recv_dt);
}

namespace {

// Equal counts and packed displacements for the v-variants, built once here.
void equal_counts(BoundOp& b, int count, std::vector<int>& counts, std::vector<int>& displs) {
  if (static_cast<std::int64_t>(count) * b.size > INT_MAX)
    bind_error(b, DiagId::job_displacement_exceeds, INT_MAX);
  counts.assign(static_cast<std::size_t>(b.size), count);
  displs.resize(static_cast<std::size_t>(b.size));
  for (int i = 0; i < b.size; ++i) displs[static_cast<std::size_t>(i)] = i * count;
}

// A collective of the two-sided convention: its buffers in blocks (1, or kPerRank: one per rank)
// and its hooks.
constexpr int kPerRank = -1;
struct BlocksVariant {
  int send_blocks;
  int recv_blocks;
  CallFn call;
  FillFn fill;
  CheckFn check;
};
void bind_blocks(BoundOp& b, const Args& a, const BlocksVariant& v) {
  bind_two_sided(b, a);
  b.send_need_bytes = b.send_block_bytes * (v.send_blocks == kPerRank ? b.size : v.send_blocks);
  b.recv_need_bytes = b.recv_block_bytes * (v.recv_blocks == kPerRank ? b.size : v.recv_blocks);
  b.call_fn = v.call;
  b.fill_fn = v.fill;
  b.check_fn = v.check;
}

}  // namespace

void bind_barrier(BoundOp& b, const Args&) {
  b.call_fn = call_barrier;
}

void bind_bcast(BoundOp& b, const Args& a) {
  b.send_count = int_count(a, "count");
  b.send_dt = b.recv_dt = a.type("datatype");
  b.send_type = b.recv_type = commit_type(b, b.send_dt);
  b.send_block_bytes = block_bytes(b.send_count, b.send_dt);
  b.send_need_bytes = b.send_block_bytes;
  b.result_in_send = true;
  b.call_fn = call_bcast;
  b.fill_fn = fill_bcast;
  b.check_fn = check_bcast;
}

void bind_gather(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {1, kPerRank, call_gather, fill_gather, check_gather});
}
void bind_gatherv(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {1, kPerRank, call_gatherv, fill_gather, check_gather});
  equal_counts(b, b.recv_count, b.recv_counts, b.recv_displs);
}
void bind_allgather(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {1, kPerRank, call_allgather, fill_gather, check_blocks_from_each});
}
void bind_allgatherv(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {1, kPerRank, call_allgatherv, fill_gather, check_blocks_from_each});
  equal_counts(b, b.recv_count, b.recv_counts, b.recv_displs);
}
void bind_scatter(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {kPerRank, 1, call_scatter, fill_scatter, check_scatter});
}
void bind_scatterv(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {kPerRank, 1, call_scatterv, fill_scatter, check_scatter});
  equal_counts(b, b.send_count, b.send_counts, b.send_displs);
}
void bind_alltoall(BoundOp& b, const Args& a) {
  bind_blocks(b, a, {kPerRank, kPerRank, call_alltoall, fill_alltoall, check_alltoall});
}

void bind_alltoallv(BoundOp& b, const Args& a) {
  bind_alltoall(b, a);
  equal_counts(b, b.send_count, b.send_counts, b.send_displs);
  equal_counts(b, b.recv_count, b.recv_counts, b.recv_displs);
  b.call_fn = call_alltoallv;
}

// MPI_Alltoallw takes its displacements in bytes (an int each) and a datatype per block: here
// equal counts, packed blocks and the same datatype for every block.
void bind_alltoallw(BoundOp& b, const Args& a) {
  bind_alltoall(b, a);
  const std::int64_t largest = std::max(b.send_block_bytes, b.recv_block_bytes) * b.size;
  if (largest > INT_MAX) bind_error(b, DiagId::job_alltoallw_displacement_exceeds, INT_MAX);
  w_blocks(b, static_cast<std::size_t>(b.size), b.send_displs, b.recv_displs);
  b.call_fn = call_alltoallw;
}

}  // namespace metron::rt::ops
