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

// onesided_references.cpp
void bind_exchange_isend_irecv(BoundOp&, const OpArgs&);
void bind_isend_callduration(BoundOp&, const OpArgs&);
void bind_multi_alltoall(BoundOp&, const OpArgs&);
void bind_onesided_dummy(BoundOp&, const OpArgs&);
void bind_onesided_send(BoundOp&, const OpArgs&);
// onesided_polling.cpp
void bind_accumulate_activewait_twosided(BoundOp&, const OpArgs&);
void bind_get_activewait(BoundOp&, const OpArgs&);
void bind_get_activewait_sleep(BoundOp&, const OpArgs&);
void bind_put_activewait_get(BoundOp&, const OpArgs&);
void bind_put_activewait_twosided(BoundOp&, const OpArgs&);
void bind_put_activewait_twosided_sleep(BoundOp&, const OpArgs&);
// onesided_datatypes.cpp
void bind_datatype_complex_everytime(BoundOp&, const OpArgs&);
void bind_datatype_complex_get(BoundOp&, const OpArgs&);
void bind_datatype_complex_mixed_everytime(BoundOp&, const OpArgs&);
void bind_datatype_complex_mixed_once(BoundOp&, const OpArgs&);
void bind_datatype_complex_once(BoundOp&, const OpArgs&);
void bind_datatype_int(BoundOp&, const OpArgs&);
void bind_datatype_simple(BoundOp&, const OpArgs&);
void bind_datatype_simple_get(BoundOp&, const OpArgs&);
// onesided_border.cpp
void bind_onesided_borderexchange(BoundOp&, const OpArgs&);
void bind_onesided_borderexchange_fence(BoundOp&, const OpArgs&);
void bind_twosided_borderexchange(BoundOp&, const OpArgs&);
// rma_truly_passive.cpp (IMB-RMA)
void bind_rma_truly_passive_put(BoundOp&, const OpArgs&);

}  // namespace metron::rt::ops
