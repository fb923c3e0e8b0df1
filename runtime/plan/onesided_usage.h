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

}  // namespace metron
