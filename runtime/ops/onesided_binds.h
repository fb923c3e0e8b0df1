// The bind functions of SKaMPI's one-sided functions (operations.def, section onesided), for the
// catalog: onesided_fence.cpp, onesided_pscw.cpp, onesided_lock.cpp, onesided_transfer.cpp,
// onesided_patterns.cpp.
#pragma once

namespace metron::rt {
struct BoundOp;
}
namespace metron {
class OpArgs;
}

namespace metron::rt::ops {

void bind_accumulate(BoundOp&, const OpArgs&);
void bind_accumulate_concurrent(BoundOp&, const OpArgs&);
void bind_caching(BoundOp&, const OpArgs&);
void bind_combining_put_dedicated(BoundOp&, const OpArgs&);
void bind_combining_put_fence(BoundOp&, const OpArgs&);
void bind_get_callduration(BoundOp&, const OpArgs&);
void bind_get_dedicated(BoundOp&, const OpArgs&);
void bind_get_fence(BoundOp&, const OpArgs&);
void bind_get_passive(BoundOp&, const OpArgs&);
void bind_get_pingpong(BoundOp&, const OpArgs&);
void bind_pingpong_put_put(BoundOp&, const OpArgs&);
void bind_put(BoundOp&, const OpArgs&);
void bind_put_dedicated(BoundOp&, const OpArgs&);
void bind_put_fence(BoundOp&, const OpArgs&);
void bind_put_fence_bidirectional(BoundOp&, const OpArgs&);
void bind_put_passive(BoundOp&, const OpArgs&);
void bind_put_passive_concurrent(BoundOp&, const OpArgs&);
void bind_win_complete(BoundOp&, const OpArgs&);
void bind_win_complete_delayed_wait(BoundOp&, const OpArgs&);
void bind_win_complete_n(BoundOp&, const OpArgs&);
void bind_win_create(BoundOp&, const OpArgs&);
void bind_win_fence_close(BoundOp&, const OpArgs&);
void bind_win_fence_close_collective(BoundOp&, const OpArgs&);
void bind_win_fence_close_delayed(BoundOp&, const OpArgs&);
void bind_win_fence_open(BoundOp&, const OpArgs&);
void bind_win_fence_openclose(BoundOp&, const OpArgs&);
void bind_win_free(BoundOp&, const OpArgs&);
void bind_win_lock(BoundOp&, const OpArgs&);
void bind_win_lock_desync(BoundOp&, const OpArgs&);
void bind_win_post(BoundOp&, const OpArgs&);
void bind_win_start(BoundOp&, const OpArgs&);
void bind_win_start_delayed_post(BoundOp&, const OpArgs&);
void bind_win_startcomplete(BoundOp&, const OpArgs&);
void bind_win_test(BoundOp&, const OpArgs&);
void bind_win_test_delayed(BoundOp&, const OpArgs&);
void bind_win_unlock(BoundOp&, const OpArgs&);
void bind_win_wait_delayed_complete(BoundOp&, const OpArgs&);
void bind_win_wait_early_complete(BoundOp&, const OpArgs&);
// onesided_patterns.cpp
void bind_accumulate_concurrent_multi(BoundOp&, const OpArgs&);
void bind_onesided_allreduce(BoundOp&, const OpArgs&);
void bind_onesided_alltoall(BoundOp&, const OpArgs&);
void bind_onesided_bcast(BoundOp&, const OpArgs&);
void bind_onesided_reduce(BoundOp&, const OpArgs&);
void bind_put_exchange(BoundOp&, const OpArgs&);
void bind_put_exchange_passive(BoundOp&, const OpArgs&);
void bind_put_shift(BoundOp&, const OpArgs&);

}  // namespace metron::rt::ops
