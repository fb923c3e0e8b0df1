// SKaMPI 5's communicator and miscellaneous measurements (src/measurements/coll.c, mmisc.c,
// demo.c): Comm_split, Comm_dup, Wtime, waitpattern_up, waitpattern_down.
#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

namespace {

// --- Comm_split, Comm_dup: the new communicator is freed outside the timed region ----------

void call_comm_split(BoundOp& b) noexcept {
  MPI_Comm c = MPI_COMM_NULL;
  b.note(MPI_Comm_split(b.comm, b.rank % 2, 0, &c));  // even and odd ranks, SKaMPI's colours
  b.made_comms.push_back(c);  // capacity reserved at bind for one observation's calls
}

void call_comm_dup(BoundOp& b) noexcept {
  MPI_Comm c = MPI_COMM_NULL;
  b.note(MPI_Comm_dup(b.comm, &c));
  b.made_comms.push_back(c);
}

void free_made_comms(BoundOp& b) noexcept {
  for (MPI_Comm& c : b.made_comms)
    if (c != MPI_COMM_NULL) b.note(MPI_Comm_free(&c));
  b.made_comms.clear();
}

void bind_made_comm(BoundOp& b, CallFn call) {
  b.made_comms.reserve(static_cast<std::size_t>(b.calls_per_observation));
  b.call_fn = call;
  b.finish_fn = free_made_comms;
}

// --- Wtime -------------------------------------------------------------------------------

void call_wtime(BoundOp& b) noexcept {
  for (int i = 0; i < b.iterations; ++i) {
    volatile double t = MPI_Wtime();  // volatile: the call is what is measured
    (void)t;
  }
}

// --- waitpattern_up, waitpattern_down: every rank waits its own time, no communication -----

void call_busy_wait(BoundOp& b) noexcept {
  const double until = MPI_Wtime() + b.seconds_arg;
  while (MPI_Wtime() < until) {
  }
}

}  // namespace

void bind_comm_split(BoundOp& b, const Args&) {
  bind_made_comm(b, call_comm_split);
}

void bind_comm_dup(BoundOp& b, const Args&) {
  bind_made_comm(b, call_comm_dup);
}

void bind_wtime(BoundOp& b, const Args& a) {
  b.iterations = static_cast<int>(a.integer("iterations"));
  b.divisor = b.iterations;
  b.call_fn = call_wtime;
}

void bind_waitpattern_up(BoundOp& b, const Args& a) {
  b.seconds_arg = (b.rank + 1) * a.seconds_or_number("scale");
  b.call_fn = call_busy_wait;
}

void bind_waitpattern_down(BoundOp& b, const Args& a) {
  b.seconds_arg = (b.size - b.rank) * a.seconds_or_number("scale");
  b.call_fn = call_busy_wait;
}

}  // namespace metron::rt::ops
