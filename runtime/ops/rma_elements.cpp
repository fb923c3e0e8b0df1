// The one-sided families' shared binding (see rma_elements.h).
#include "runtime/ops/rma_elements.h"

#include "runtime/ops/rma_window.h"
#include "runtime/plan/mpi_names.h"

namespace metron::rt::ops {

void bind_rma_elements(BoundOp& b, const Args& a, RmaAtomic atomic) {
  const bool one = atomic != RmaAtomic::None;
  b.send_count = b.recv_count = one ? 1 : int_count(a, "count");
  const Datatype dt = a.datatype("datatype");
  b.send_dt = b.recv_dt = dt;
  b.send_type = b.recv_type = mpi_datatype(dt);
  if (a.has("op")) {
    b.reduce_op = a.reduce_op("op");
    b.reduce = mpi_op(b.reduce_op);
  }
  if (!one) return;
  const TypeClass c = datatype_class(dt);
  const bool fits = c == TypeClass::Integer || c == TypeClass::Byte ||
                    (atomic == RmaAtomic::FetchAndOp && c == TypeClass::Floating);
  if (!fits)
    bind_error(b, DiagId::job_atomic_datatype,
               atomic == RmaAtomic::CompareAndSwap ? "MPI_Compare_and_swap" : "MPI_Fetch_and_op",
               datatype_name(dt));
}

void set_rma_hooks(BoundOp& b, FillFn fill, CheckFn check, FillFn prepare) {
  b.fill_fn = fill;
  b.check_fn = check;
  b.prepare_fn = prepare;
  b.settle_fn = rma::settle_op;
  b.release_fn = rma::release;
}

}  // namespace metron::rt::ops
