// Buffer use of SKaMPI's one-sided functions (runtime/plan/operations.def, section onesided):
// the window is the receive buffer, the origin data the send buffer, both count elements of
// datatype unless the function's window holds a block per rank or per message.
#pragma once

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/rma_constants.h"  // the defaults of operations.def

namespace metron {

// A window of count elements on every rank; no rate (synchronization calls).
BufferUse usage_onesided_window(const OpArgs& a, int p);
// One transfer of count elements: the rate counts one message of its bytes.
BufferUse usage_onesided_put(const OpArgs& a, int p);
// Both ways (Pingpong_Put_Put, Get_Pingpong): two messages per reported time.
BufferUse usage_onesided_pingpong(const OpArgs& a, int p);
// Rank 0's window holds a block of count elements per rank.
BufferUse usage_onesided_gather(const OpArgs& a, int p);
// msg_count messages of count elements: window and origin hold all of them.
BufferUse usage_onesided_msgs(const OpArgs& a, int p);
// Accumulate_concurrent: rank 0's window holds p - 1 blocks when disjoint, else one.
BufferUse usage_onesided_concurrent(const OpArgs& a, int p);

// msg_count transfers of count elements into distinct blocks (Put_Exchange,
// Accumulate_concurrent_multi when disjoint, else one block).
BufferUse usage_onesided_exchange(const OpArgs& a, int p);
// onesided_bcast: bcast_count blocks in every window.
BufferUse usage_onesided_bcast(const OpArgs& a, int p);
// onesided_alltoall: p blocks to send, p * alltoall_count blocks in the window.
BufferUse usage_onesided_alltoall(const OpArgs& a, int p);

// multi_Alltoall: p blocks to send, p * alltoall_count blocks to receive.
BufferUse usage_multi_alltoall(const OpArgs& a, int p);
// The active-wait functions: count MPI_INT in the window and at the origin, one message.
BufferUse usage_onesided_int_put(const OpArgs& a, int p);
// The Datatype_* functions: count elements of 4800 bytes (1200 MPI_INT) on both sides.
BufferUse usage_onesided_struct(const OpArgs& a, int p);
// The border exchanges: a grid of 2 + rows rows of 2 * rows doubles, rows = floor(sqrt(count /
// 2)), on each side (twosided: 2 more rows for the halos it sends); reported: the 2 rows sent.
BufferUse usage_border(const OpArgs& a, int p);
BufferUse usage_border_twosided(const OpArgs& a, int p);
// The grid's rows for count elements (SKaMPI: (int) sqrt(count / 2)).
std::int64_t border_rows(std::int64_t count);
// Bytes of one Datatype_* element: 600 blocks of 2 MPI_INT (SKaMPI's COMPLEX_DT_ELEM_COUNT).
inline constexpr std::int64_t kStructElementBytes = 600 * 2 * 4;

}  // namespace metron
