// Buffer use of the operations: the functions the operation table (operations.def) names in its
// buffer-use column. Each reads its arguments by name.
#pragma once

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"

namespace metron {

// The buffer use of a call of f: f.usage, plus on each side the tail of the datatype that
// reaches furthest past its extent (a resized type's data after the last element's extent),
// so that the last element fits. The front end's fit check and the runtime use this.
BufferUse buffer_use(const MeasureFunc& f, const std::vector<Value>& args, int comm_size);
// The largest TypeDesc::tail_bytes() among the datatype arguments.
std::int64_t datatype_tail_bytes(const std::vector<Value>& args);

BufferUse usage_none(const OpArgs& a, int comm_size);
// (count, datatype, ...): one buffer of count elements on each side.
BufferUse usage_count_dt(const OpArgs& a, int comm_size);
// In place: the root sends from, the others receive into the one buffer.
BufferUse usage_bcast(const OpArgs& a, int comm_size);
// (send_count, send_dt, recv_count, recv_dt, ...): the root receives p blocks.
BufferUse usage_gather(const OpArgs& a, int comm_size);
BufferUse usage_scatter(const OpArgs& a, int comm_size);
BufferUse usage_alltoall(const OpArgs& a, int comm_size);
// Every rank contributes count * p elements and receives count.
BufferUse usage_reduce_scatter(const OpArgs& a, int comm_size);
BufferUse usage_pingpong_sendrecv(const OpArgs& a, int comm_size);
BufferUse usage_synthetic(const OpArgs& a, int comm_size);
// The rates (BufferUse::rate_bytes, rate_messages) as OSU and IMB count them, beside the buffers.
// Ping-pongs: a round trip carries the block both ways (the rate is size / half a round trip).
BufferUse usage_pingpong(const OpArgs& a, int comm_size);
BufferUse usage_pingpong_sendrecv_rate(const OpArgs& a, int comm_size);
// One message of the block per reported time (Latency, IMB PingPing).
BufferUse usage_one_way(const OpArgs& a, int comm_size);
// Pairs (r, r + p/2) ping-pong at once (osu_multi_lat): every pair moves a block per time.
BufferUse usage_multi_latency(const OpArgs& a, int comm_size);
// Windowed bandwidth (count, datatype, window): one pair one way, one pair both ways, p/2 pairs
// one way, p/2 pairs both ways.
BufferUse usage_bw(const OpArgs& a, int comm_size);
BufferUse usage_bibw(const OpArgs& a, int comm_size);
BufferUse usage_multi_bw(const OpArgs& a, int comm_size);
BufferUse usage_multi_bibw(const OpArgs& a, int comm_size);
// IMB's ring throughputs: Sendrecv 2X/t, Exchange 4X/t (X the message size).
BufferUse usage_ring_sendrecv(const OpArgs& a, int comm_size);
BufferUse usage_exchange(const OpArgs& a, int comm_size);
// Mock-ups that split a vector of count elements into p blocks of ceil(count / p): buffers
// padded to p such blocks (send only for the in-place broadcast).
BufferUse usage_bcast_padded(const OpArgs& a, int comm_size);
BufferUse usage_count_dt_padded(const OpArgs& a, int comm_size);
// One-sided (rma_osu.cpp): the send side holds the origin data (compare-and-swap: the value and
// the compare value), the receive side the window and then the fetched results (latency: room
// for one result always; bandwidth: only for gets).
BufferUse usage_rma_latency(const OpArgs& a, int comm_size);  // one op of count elements
BufferUse usage_rma_atomic(const OpArgs& a, int comm_size);   // one element
BufferUse usage_rma_put_bw(const OpArgs& a, int comm_size);   // `window` puts, one way
BufferUse usage_rma_get_bw(const OpArgs& a, int comm_size);   // `window` gets, one way
BufferUse usage_rma_bibw(const OpArgs& a, int comm_size);     // `window` puts each way
// IMB-RMA (rma_imb.cpp): one round of one origin moves 1 block (pairs), 2 (exchange) or p - 1
// (to all); a window of as many blocks (p for the all patterns), twice on the receive side for
// operations that fetch.
BufferUse usage_rma_pair_put(const OpArgs& a, int comm_size);
BufferUse usage_rma_pair_get(const OpArgs& a, int comm_size);
BufferUse usage_rma_exchange_put(const OpArgs& a, int comm_size);
BufferUse usage_rma_exchange_get(const OpArgs& a, int comm_size);
BufferUse usage_rma_all_put(const OpArgs& a, int comm_size);
BufferUse usage_rma_all_get(const OpArgs& a, int comm_size);
// SKaMPI's myalltoallv: the largest send and receive sums over ranks; the size is the sum sent.
BufferUse usage_myalltoallv(const OpArgs& a, int comm_size);
// SKaMPI's Reduce_Scatterv: count elements in and (at root) out; the scattered part lands in
// the send buffer, as SKaMPI does.
BufferUse usage_reduce_scatterv(const OpArgs& a, int comm_size);
// SKaMPI's Par_Pingpong_Send_Recv: a ping-pong's buffers, the rates of `procs` pairs at once.
BufferUse usage_par_pingpong(const OpArgs& a, int comm_size);
// Neighbourhood collectives (send_count, send_dt, recv_count, recv_dt, ndims): one block from
// each of the 2 * ndims neighbours; alltoall also sends one to each.
BufferUse usage_neighbor_allgather(const OpArgs& a, int comm_size);
BufferUse usage_neighbor_alltoall(const OpArgs& a, int comm_size);

// Threaded operations (operations.def, section threads): each of the `threads` threads of a
// rank has its own share of the buffers, the base operation's bytes rounded up to
// kThreadShareAlign so that no two threads write into one cache line. Reported size and count
// are one thread's message; the rates add up over the threads.
constexpr std::int64_t kThreadShareAlign = 64;
std::int64_t thread_share_bytes(std::int64_t base_bytes);
BufferUse usage_mt_none(const OpArgs& a, int comm_size);
BufferUse usage_mt_count_dt(const OpArgs& a, int comm_size);
BufferUse usage_mt_bcast(const OpArgs& a, int comm_size);
BufferUse usage_mt_gather(const OpArgs& a, int comm_size);
BufferUse usage_mt_scatter(const OpArgs& a, int comm_size);
BufferUse usage_mt_alltoall(const OpArgs& a, int comm_size);
BufferUse usage_mt_one_way(const OpArgs& a, int comm_size);
BufferUse usage_mt_multi_latency(const OpArgs& a, int comm_size);
BufferUse usage_mt_multi_bw(const OpArgs& a, int comm_size);
BufferUse usage_mt_multi_bibw(const OpArgs& a, int comm_size);

// IMB-P2P's random patterns (count, datatype, iterations): one block each way; per reported
// time Unirandom moves one message, Birandom two, Corandom one per rank.
BufferUse usage_unirandom(const OpArgs& a, int comm_size);
BufferUse usage_birandom(const OpArgs& a, int comm_size);
BufferUse usage_corandom(const OpArgs& a, int comm_size);
// IMB-P2P's Stencil2D and Stencil3D (a send and a receive block per neighbour) and
// Sendrecv_replace (one block): per reported time, 2 * ndims messages per rank, or one.
BufferUse usage_stencil2d(const OpArgs& a, int comm_size);
BufferUse usage_stencil3d(const OpArgs& a, int comm_size);
BufferUse usage_sendrecv_replace(const OpArgs& a, int comm_size);

}  // namespace metron

#include "runtime/plan/io_usage.h"        // the MPI-IO operations' entries
#include "runtime/plan/onesided_usage.h"  // SKaMPI's one-sided functions
