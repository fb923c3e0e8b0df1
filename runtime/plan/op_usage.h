// Buffer use of the operations: the functions the operation table (operations.def) names in its
// buffer-use column. Each reads its arguments by name.
#pragma once

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"

namespace metron {

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
// Mock-ups that split a vector of count elements into p blocks of ceil(count / p): buffers
// padded to p such blocks (send only for the in-place broadcast).
BufferUse usage_bcast_padded(const OpArgs& a, int comm_size);
BufferUse usage_count_dt_padded(const OpArgs& a, int comm_size);

}  // namespace metron
