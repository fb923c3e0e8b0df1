// Internal to runtime/ops: argument helpers and the bind functions of each family file, which
// the catalog maps to measurement-function names.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ops/bound_op.h"
#include "runtime/ops/derived_types.h"
#include "runtime/ops/verify_pattern.h"
#include "runtime/plan/message_error.h"
#include "runtime/plan/op_args.h"

namespace metron::rt::ops {

// Arguments by name: args.count("count"), args.datatype("send_dt").
using Args = OpArgs;
using BindFn = void (*)(BoundOp&, const Args&);

// An element count for an MPI call; bind_op has checked it (op_checks.h) before any bind
// function runs.
int int_count(const Args& a, std::string_view param);
// MPI_TAG_UB of MPI_COMM_WORLD.
std::int64_t tag_upper_bound();
// count * extent of the datatype, in bytes.
std::int64_t block_bytes(std::int64_t count, const TypeDesc& d);
// `count` elements of `datatype` sent and received alike: both counts, both types (committed,
// owned by b) and both block sizes.
void bind_same_blocks(BoundOp& b, const Args& a);
// Refuses the binding with a catalogue message whose first argument is the op's name
// ("'Bcast': ..."): throws MessageError.
template <typename... Args>
[[noreturn]] void bind_error(const BoundOp& b, DiagId id, const Args&... args) {
  throw_message(id, b.name, args...);
}
// "verification of 'Gather' failed on rank 0: receive buffer byte 17 (block from rank 1):
// expected 0x3a, got 0xc5".
std::string verify_message(const BoundOp& b, const VerifyPlace& where, const Mismatch& m);

// The bind function of a measurement function, or null (catalog.cpp, from the operation table).
BindFn find_bind(std::string_view name);

// (send_count, send_dt, recv_count, recv_dt): the two-sided argument convention (collectives.cpp,
// neighbourhood.cpp): counts, datatypes committed, block bytes.
void bind_two_sided(BoundOp& b, const Args& a);

// The arguments of MPI_Alltoallw (D = int: checked to fit by the caller) and
// MPI_Neighbor_alltoallw (D = MPI_Aint): n blocks of the job's counts and types, block i at i
// blocks' bytes on each side.
template <typename D>
void w_blocks(BoundOp& b, std::size_t n, std::vector<D>& send_displs, std::vector<D>& recv_displs) {
  b.send_counts.assign(n, b.send_count);
  b.recv_counts.assign(n, b.recv_count);
  b.send_types.assign(n, b.send_type);
  b.recv_types.assign(n, b.recv_type);
  send_displs.resize(n);
  recv_displs.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    send_displs[i] = static_cast<D>(static_cast<std::int64_t>(i) * b.send_block_bytes);
    recv_displs[i] = static_cast<D>(static_cast<std::int64_t>(i) * b.recv_block_bytes);
  }
}

// A collective made by hand from other calls (handmade.cpp, skampi_collectives.cpp): its library
// original's binding, so that verification checks the same result, its own timed call, and
// 2p requests when it posts a send and a receive per rank.
struct Handmade {
  BindFn original;
  CallFn call;
  bool posts_pairs = false;
};
void bind_handmade(BoundOp& b, const Args& a, const Handmade& h);

// Verification functions shared by the library's collectives and the hand-made versions.
void fill_bcast(BoundOp& b);
std::optional<std::string> check_bcast(const BoundOp& b);
void fill_gather(BoundOp& b);
std::optional<std::string> check_gather(const BoundOp& b);
void fill_alltoall(BoundOp& b);
std::optional<std::string> check_alltoall(const BoundOp& b);
void fill_allreduce(BoundOp& b);
std::optional<std::string> check_allreduce(const BoundOp& b);

// collectives.cpp: the library's collectives.
void bind_barrier(BoundOp&, const Args&);
void bind_bcast(BoundOp&, const Args&);
void bind_gather(BoundOp&, const Args&);
void bind_gatherv(BoundOp&, const Args&);
void bind_allgather(BoundOp&, const Args&);
void bind_allgatherv(BoundOp&, const Args&);
void bind_scatter(BoundOp&, const Args&);
void bind_scatterv(BoundOp&, const Args&);
void bind_alltoall(BoundOp&, const Args&);
void bind_alltoallv(BoundOp&, const Args&);
void bind_alltoallw(BoundOp&, const Args&);
// reductions.cpp: the library's reductions.
void bind_reduce(BoundOp&, const Args&);
void bind_allreduce(BoundOp&, const Args&);
void bind_reduce_scatter(BoundOp&, const Args&);
void bind_reduce_scatter_block(BoundOp&, const Args&);
void bind_scan(BoundOp&, const Args&);
void bind_exscan(BoundOp&, const Args&);
// handmade.cpp: SKaMPI's collectives built from other calls.
void bind_bcast_send_recv(BoundOp&, const Args&);
void bind_allreduce_reduce_bcast(BoundOp&, const Args&);
void bind_alltoall_isend_irecv(BoundOp&, const Args&);
void bind_gather_send_recv(BoundOp&, const Args&);
// mockups.cpp: PGMPI's mock-ups, a collective emulated by others (docs/guidelines.md).
void bind_gather_reduce(BoundOp&, const Args&);
void bind_allgather_alltoall(BoundOp&, const Args&);
void bind_allgather_allreduce(BoundOp&, const Args&);
void bind_scatter_bcast(BoundOp&, const Args&);
void bind_reduce_scatter_allreduce(BoundOp&, const Args&);
void bind_bcast_scatter_allgather(BoundOp&, const Args&);
void bind_allgather_gather_bcast(BoundOp&, const Args&);
void bind_allreduce_rsb_allgather(BoundOp&, const Args&);
void bind_reduce_rsb_gather(BoundOp&, const Args&);
void bind_rsb_reduce_scatter(BoundOp&, const Args&);
void bind_scan_exscan_reduce_local(BoundOp&, const Args&);
void bind_reduce_scatter_reduce_scatterv(BoundOp&, const Args&);
// pingpong.cpp
void bind_pingpong_send_recv(BoundOp&, const Args&);
void bind_pingpong_isend_recv(BoundOp&, const Args&);
void bind_pingpong_send_irecv(BoundOp&, const Args&);
void bind_pingpong_ssend_recv(BoundOp&, const Args&);
void bind_pingpong_issend_recv(BoundOp&, const Args&);
void bind_pingpong_send_recv_at(BoundOp&, const Args&);
void bind_pingpong_send_iprobe_recv(BoundOp&, const Args&);
void bind_pingpong_sendrecv(BoundOp&, const Args&);
void bind_pingpong_isend_irecv(BoundOp&, const Args&);
// Shared by the point-to-point files (pingpong.cpp): the peer's stream lands in the receive
// block; the partner of rank in the pairs (r, r + p/2), -1 for an odd last rank.
void fill_from_peer(BoundOp& b);
// (count, datatype): one block each way between b.peer (set before) and this rank; the ranks
// without a peer (b.peer < 0) idle; verification checks the peer's stream (fill/check_from_peer).
void bind_peer_block(BoundOp& b, const Args& a);
std::optional<std::string> check_from_peer(const BoundOp& b);
int pair_peer(int rank, int size);
// threaded.cpp: IMB-MT's benchmarks and osu_latency_mt (T threads per rank).
void bind_threaded_imb(BoundOp&, const Args&);
void bind_latency_mt(BoundOp&, const Args&);
// pt2pt_latency.cpp: OSU's and IMB's latencies.
void bind_latency(BoundOp&, const Args&);
void bind_multi_latency(BoundOp&, const Args&);
void bind_multi_pingping(BoundOp&, const Args&);
void bind_pingping(BoundOp&, const Args&);
// pt2pt_bandwidth.cpp: windowed bandwidth.
void bind_bandwidth(BoundOp&, const Args&);
void bind_bibandwidth(BoundOp&, const Args&);
void bind_multi_bandwidth(BoundOp&, const Args&);
void bind_multi_bibandwidth(BoundOp&, const Args&);
// pt2pt_ring.cpp: IMB's ring patterns.
void bind_ring_sendrecv(BoundOp&, const Args&);
void bind_exchange(BoundOp&, const Args&);
void bind_sendrecv_replace(BoundOp&, const Args&);  // IMB-P2P's
// pt2pt_random.cpp: IMB-P2P's random patterns.
void bind_unirandom(BoundOp&, const Args&);
void bind_birandom(BoundOp&, const Args&);
void bind_corandom(BoundOp&, const Args&);
// pt2pt_stencil.cpp: IMB-P2P's stencils.
void bind_stencil2d(BoundOp&, const Args&);
void bind_stencil3d(BoundOp&, const Args&);
// skampi_collectives.cpp, skampi_pt2pt.cpp, skampi_misc.cpp: SKaMPI's other MPI-1 functions.
void bind_gather_isend_irecv_waitall(BoundOp&, const Args&);
void bind_alltoallv_isend_irecv(BoundOp&, const Args&);
void bind_myalltoallv(BoundOp&, const Args&);
void bind_reduce_scatterv(BoundOp&, const Args&);
void bind_delayed_alltoall(BoundOp&, const Args&);
void bind_delayed_gather(BoundOp&, const Args&);
void bind_pingpong_bsend_recv(BoundOp&, const Args&);
void bind_pingpong_sendrecv_replace(BoundOp&, const Args&);
void bind_par_pingpong_send_recv(BoundOp&, const Args&);
void bind_comm_split(BoundOp&, const Args&);
void bind_comm_dup(BoundOp&, const Args&);
void bind_wtime(BoundOp&, const Args&);
void bind_waitpattern_up(BoundOp&, const Args&);
void bind_waitpattern_down(BoundOp&, const Args&);
// empty.cpp
void bind_empty(BoundOp&, const Args&);
// nonblocking_collectives.cpp: the blocking bind with an MPI_I* + MPI_Wait call (pure), or with
// a calibrated compute between post and wait (_overlap).
void bind_ibarrier(BoundOp&, const Args&);
void bind_ibarrier_overlap(BoundOp&, const Args&);
void bind_ibcast(BoundOp&, const Args&);
void bind_ibcast_overlap(BoundOp&, const Args&);
void bind_igather(BoundOp&, const Args&);
void bind_igather_overlap(BoundOp&, const Args&);
void bind_igatherv(BoundOp&, const Args&);
void bind_igatherv_overlap(BoundOp&, const Args&);
void bind_iscatter(BoundOp&, const Args&);
void bind_iscatter_overlap(BoundOp&, const Args&);
void bind_iscatterv(BoundOp&, const Args&);
void bind_iscatterv_overlap(BoundOp&, const Args&);
void bind_iallgather(BoundOp&, const Args&);
void bind_iallgather_overlap(BoundOp&, const Args&);
void bind_iallgatherv(BoundOp&, const Args&);
void bind_iallgatherv_overlap(BoundOp&, const Args&);
void bind_ialltoall(BoundOp&, const Args&);
void bind_ialltoall_overlap(BoundOp&, const Args&);
void bind_ialltoallv(BoundOp&, const Args&);
void bind_ialltoallv_overlap(BoundOp&, const Args&);
void bind_ireduce(BoundOp&, const Args&);
void bind_ireduce_overlap(BoundOp&, const Args&);
void bind_iallreduce(BoundOp&, const Args&);
void bind_iallreduce_overlap(BoundOp&, const Args&);
void bind_ireduce_scatter(BoundOp&, const Args&);
void bind_ireduce_scatter_overlap(BoundOp&, const Args&);
void bind_ireduce_scatter_block(BoundOp&, const Args&);
void bind_ireduce_scatter_block_overlap(BoundOp&, const Args&);
void bind_iscan(BoundOp&, const Args&);
void bind_iscan_overlap(BoundOp&, const Args&);
void bind_iexscan(BoundOp&, const Args&);
void bind_iexscan_overlap(BoundOp&, const Args&);
// persistent_collectives.cpp: the blocking bind with MPI_<name>_init in prepare(), Start + Wait.
void bind_barrier_init(BoundOp&, const Args&);
void bind_bcast_init(BoundOp&, const Args&);
void bind_gather_init(BoundOp&, const Args&);
void bind_gatherv_init(BoundOp&, const Args&);
void bind_scatter_init(BoundOp&, const Args&);
void bind_scatterv_init(BoundOp&, const Args&);
void bind_allgather_init(BoundOp&, const Args&);
void bind_allgatherv_init(BoundOp&, const Args&);
void bind_alltoall_init(BoundOp&, const Args&);
void bind_alltoallv_init(BoundOp&, const Args&);
void bind_reduce_init(BoundOp&, const Args&);
void bind_allreduce_init(BoundOp&, const Args&);
void bind_reduce_scatter_init(BoundOp&, const Args&);
void bind_reduce_scatter_block_init(BoundOp&, const Args&);
void bind_scan_init(BoundOp&, const Args&);
void bind_exscan_init(BoundOp&, const Args&);
// rma_osu.cpp: OSU's one-sided latency and bandwidth.
void bind_put_latency(BoundOp&, const Args&);
void bind_get_latency(BoundOp&, const Args&);
void bind_accumulate_latency(BoundOp&, const Args&);
void bind_get_accumulate_latency(BoundOp&, const Args&);
void bind_fetch_and_op_latency(BoundOp&, const Args&);
void bind_compare_and_swap_latency(BoundOp&, const Args&);
void bind_put_bandwidth(BoundOp&, const Args&);
void bind_get_bandwidth(BoundOp&, const Args&);
void bind_put_bibandwidth(BoundOp&, const Args&);
// rma_imb.cpp: IMB-RMA's benchmarks.
void bind_rma_unidir_put(BoundOp&, const Args&);
void bind_rma_unidir_get(BoundOp&, const Args&);
void bind_rma_bidir_put(BoundOp&, const Args&);
void bind_rma_bidir_get(BoundOp&, const Args&);
void bind_rma_put_local(BoundOp&, const Args&);
void bind_rma_get_local(BoundOp&, const Args&);
void bind_rma_one_put_all(BoundOp&, const Args&);
void bind_rma_one_get_all(BoundOp&, const Args&);
void bind_rma_all_put_all(BoundOp&, const Args&);
void bind_rma_all_get_all(BoundOp&, const Args&);
void bind_rma_exchange_put(BoundOp&, const Args&);
void bind_rma_exchange_get(BoundOp&, const Args&);
void bind_rma_accumulate(BoundOp&, const Args&);
void bind_rma_get_accumulate(BoundOp&, const Args&);
void bind_rma_fetch_and_op(BoundOp&, const Args&);
void bind_rma_compare_and_swap(BoundOp&, const Args&);
// Issue 33 (rma_imb.cpp): IMB-RMA's Put_all_local and Get_all_local.
void bind_rma_put_all_local(BoundOp&, const Args&);
void bind_rma_get_all_local(BoundOp&, const Args&);
// Issue 33 (rma_imb_ext.cpp): IMB-EXT's benchmarks.
void bind_ext_window(BoundOp&, const Args&);
void bind_ext_unidir_put(BoundOp&, const Args&);
void bind_ext_unidir_get(BoundOp&, const Args&);
void bind_ext_bidir_put(BoundOp&, const Args&);
void bind_ext_bidir_get(BoundOp&, const Args&);
void bind_ext_accumulate(BoundOp&, const Args&);
// Issue 15 item 7 (section imb of operations.def): Alltoallw in its three forms
// (collectives.cpp, nonblocking_collectives.cpp, persistent_collectives.cpp) and the
// neighbourhood collectives on a periodic Cartesian communicator (neighbourhood.cpp).
void bind_ialltoallw(BoundOp&, const Args&);
void bind_ialltoallw_overlap(BoundOp&, const Args&);
void bind_alltoallw_init(BoundOp&, const Args&);
void bind_latency_any_source(BoundOp&, const Args&);   // pt2pt_latency.cpp
void bind_pingping_any_source(BoundOp&, const Args&);  // pt2pt_latency.cpp
void bind_neighbor_allgather(BoundOp&, const Args&);
void bind_neighbor_allgatherv(BoundOp&, const Args&);
void bind_neighbor_alltoall(BoundOp&, const Args&);
void bind_neighbor_alltoallv(BoundOp&, const Args&);
void bind_neighbor_alltoallw(BoundOp&, const Args&);
void bind_ineighbor_allgather(BoundOp&, const Args&);
void bind_ineighbor_allgatherv(BoundOp&, const Args&);
void bind_ineighbor_alltoall(BoundOp&, const Args&);
void bind_ineighbor_alltoallv(BoundOp&, const Args&);
void bind_ineighbor_alltoallw(BoundOp&, const Args&);
void bind_neighbor_allgather_init(BoundOp&, const Args&);
void bind_neighbor_allgatherv_init(BoundOp&, const Args&);
void bind_neighbor_alltoall_init(BoundOp&, const Args&);
void bind_neighbor_alltoallv_init(BoundOp&, const Args&);
void bind_neighbor_alltoallw_init(BoundOp&, const Args&);
// synthetic.cpp
void bind_synthetic(BoundOp&, const Args&);
void synthetic_prepare_next(BoundOp&) noexcept;  // the wait of the next observation
void synthetic_advance(BoundOp&) noexcept;       // after an observation: count it, prepare next

// io_skampi_patterns.cpp, io_skampi_file_ops.cpp, io_imb.cpp: MPI-IO (SKaMPI's MPI_IO_*
// functions, IMB-IO; io_job.h).
void bind_io_open(BoundOp&, const Args&);
void bind_io_close(BoundOp&, const Args&);
void bind_io_open_close(BoundOp&, const Args&);
void bind_io_delete(BoundOp&, const Args&);
void bind_io_delete_on_close(BoundOp&, const Args&);
void bind_io_file_seek(BoundOp&, const Args&);
void bind_io_file_seek_shared(BoundOp&, const Args&);
void bind_io_preallocate(BoundOp&, const Args&);
void bind_io_write_segmented(BoundOp&, const Args&);
void bind_io_read_segmented(BoundOp&, const Args&);
void bind_io_write_strided(BoundOp&, const Args&);
void bind_io_read_strided(BoundOp&, const Args&);
void bind_io_read_file(BoundOp&, const Args&);
void bind_io_read_and_distribute(BoundOp&, const Args&);
void bind_io_write_random(BoundOp&, const Args&);
void bind_io_read_random(BoundOp&, const Args&);
void bind_io_write_noncontiguous(BoundOp&, const Args&);
void bind_io_read_noncontiguous(BoundOp&, const Args&);
void bind_io_write_separate(BoundOp&, const Args&);
void bind_io_read_separate(BoundOp&, const Args&);
void bind_io_write_sequential(BoundOp&, const Args&);
void bind_io_read_sequential(BoundOp&, const Args&);
void bind_io_write_and_read(BoundOp&, const Args&);
void bind_io_write_once(BoundOp&, const Args&);
void bind_io_read_once(BoundOp&, const Args&);
void bind_io_read_file_once(BoundOp&, const Args&);  // io_local.cpp: SKaMPI's localio.c
void bind_io_write_file_once(BoundOp&, const Args&);
void bind_io_read_large_file_once(BoundOp&, const Args&);
void bind_io_write_large_file_once(BoundOp&, const Args&);
void bind_imb_s_write_indv(BoundOp&, const Args&);
void bind_imb_s_write_expl(BoundOp&, const Args&);
void bind_imb_s_read_indv(BoundOp&, const Args&);
void bind_imb_s_read_expl(BoundOp&, const Args&);
void bind_imb_p_write_indv(BoundOp&, const Args&);
void bind_imb_p_write_expl(BoundOp&, const Args&);
void bind_imb_p_write_shared(BoundOp&, const Args&);
void bind_imb_p_write_priv(BoundOp&, const Args&);
void bind_imb_p_read_indv(BoundOp&, const Args&);
void bind_imb_p_read_expl(BoundOp&, const Args&);
void bind_imb_p_read_shared(BoundOp&, const Args&);
void bind_imb_p_read_priv(BoundOp&, const Args&);
void bind_imb_c_write_indv(BoundOp&, const Args&);
void bind_imb_c_write_expl(BoundOp&, const Args&);
void bind_imb_c_write_shared(BoundOp&, const Args&);
void bind_imb_c_read_indv(BoundOp&, const Args&);
void bind_imb_c_read_expl(BoundOp&, const Args&);
void bind_imb_c_read_shared(BoundOp&, const Args&);
// io_imb.cpp: IMB-IO's nonblocking I* variants.
void bind_imb_s_iwrite_indv(BoundOp&, const Args&);
void bind_imb_s_iwrite_expl(BoundOp&, const Args&);
void bind_imb_s_iread_indv(BoundOp&, const Args&);
void bind_imb_s_iread_expl(BoundOp&, const Args&);
void bind_imb_p_iwrite_indv(BoundOp&, const Args&);
void bind_imb_p_iwrite_expl(BoundOp&, const Args&);
void bind_imb_p_iwrite_shared(BoundOp&, const Args&);
void bind_imb_p_iwrite_priv(BoundOp&, const Args&);
void bind_imb_p_iread_indv(BoundOp&, const Args&);
void bind_imb_p_iread_expl(BoundOp&, const Args&);
void bind_imb_p_iread_shared(BoundOp&, const Args&);
void bind_imb_p_iread_priv(BoundOp&, const Args&);
void bind_imb_c_iwrite_indv(BoundOp&, const Args&);
void bind_imb_c_iwrite_expl(BoundOp&, const Args&);
void bind_imb_c_iwrite_shared(BoundOp&, const Args&);
void bind_imb_c_iread_indv(BoundOp&, const Args&);
void bind_imb_c_iread_expl(BoundOp&, const Args&);
void bind_imb_c_iread_shared(BoundOp&, const Args&);

}  // namespace metron::rt::ops

#include "runtime/ops/onesided_binds.h"  // SKaMPI's one-sided functions
