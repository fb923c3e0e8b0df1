// What the OSU and IMB one-sided families (rma_osu.cpp, rma_imb.cpp, rma_imb_ext.cpp) bind the
// same way: the elements an operation moves, and the hooks of a family whose window is b.rma.
#pragma once

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

// MPI's atomic operations move one element of an integer or byte type, and MPI_Fetch_and_op
// also of a floating type (MPI 4.0 §12.3.4).
enum class RmaAtomic { None, FetchAndOp, CompareAndSwap };

// (count, datatype, [op]): the elements on both sides (one for an atomic), the reduction op when
// the function has one. Predefined datatypes only: the front end refuses derived ones for these
// families (op_checks.cpp). Refuses a datatype the atomic cannot take (job_atomic_datatype).
void bind_rma_elements(BoundOp& b, const Args& a, RmaAtomic atomic);

// Verification through fill and check, prepare to open the window (and hold its epochs), and
// rma::settle_op / rma::release for the rest of the window's life.
void set_rma_hooks(BoundOp& b, FillFn fill, CheckFn check, FillFn prepare);

}  // namespace metron::rt::ops
