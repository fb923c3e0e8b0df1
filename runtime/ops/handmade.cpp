// SKaMPI's hand-made collectives (SKaMPI 5 src/measurements/coll.c), built from point-to-point
// calls or other collectives, to compare with the library's own: Bcast_using_Send_Recv,
// Allreduce_using_Reduce_Bcast, Alltoall_using_Isend_Irecv, Gather_using_Send_Recv. They are
// verified exactly like the collectives they imitate.
#include <cstring>

#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

namespace {

// Tag of the hand-made collectives' messages. Process sync uses its own communicator, so no
// other message on the job communicator can match it.
constexpr int kTag = 0;

// The root sends to every other rank in rank order; the others receive from the root.
void call_bcast_send_recv(BoundOp& b) noexcept {
  if (b.rank == b.root) {
    for (int i = 0; i < b.size; ++i)
      if (i != b.root) b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, i, kTag, b.comm));
  } else {
    b.note(
        MPI_Recv(b.buf.send(), b.send_count, b.send_type, b.root, kTag, b.comm, MPI_STATUS_IGNORE));
  }
}

void call_allreduce_reduce_bcast(BoundOp& b) noexcept {
  b.note(
      MPI_Reduce(b.buf.send(), b.buf.recv(), b.send_count, b.send_type, b.reduce, b.root, b.comm));
  b.note(MPI_Bcast(b.buf.recv(), b.send_count, b.send_type, b.root, b.comm));
}

// All receives are posted first, then the sends, starting with the next rank so that not
// every rank sends to rank 0 first; one MPI_Waitall completes them.
void call_alltoall_isend_irecv(BoundOp& b) noexcept {
  MPI_Request* req = b.requests.data();
  for (int i = 0; i < b.size; ++i)
    b.note(MPI_Irecv(b.buf.recv() + i * b.recv_block_bytes, b.recv_count, b.recv_type, i, kTag,
                     b.comm, &req[i]));
  for (int k = 0; k < b.size; ++k) {
    const int i = (b.rank + k) % b.size;
    b.note(MPI_Isend(b.buf.send() + i * b.send_block_bytes, b.send_count, b.send_type, i, kTag,
                     b.comm, &req[b.size + i]));
  }
  b.note(MPI_Waitall(2 * b.size, req, MPI_STATUSES_IGNORE));
}

// The non-roots send to the root, which receives in rank order and copies its own block.
void call_gather_send_recv(BoundOp& b) noexcept {
  if (b.rank != b.root) {
    b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, b.root, kTag, b.comm));
    return;
  }
  for (int i = 0; i < b.size; ++i)
    if (i != b.root)
      b.note(MPI_Recv(b.buf.recv() + i * b.recv_block_bytes, b.recv_count, b.recv_type, i, kTag,
                      b.comm, MPI_STATUS_IGNORE));
  char* own = b.buf.recv() + b.root * b.recv_block_bytes;
  if (b.send_dt == b.recv_dt && b.send_count == b.recv_count)
    std::memcpy(own, b.buf.send(), static_cast<std::size_t>(b.send_block_bytes));
  else  // different type maps: let MPI convert, as MPI_Gather would
    b.note(MPI_Sendrecv(b.buf.send(), b.send_count, b.send_type, b.rank, kTag, own, b.recv_count,
                        b.recv_type, b.rank, kTag, b.comm, MPI_STATUS_IGNORE));
}

}  // namespace

void bind_handmade(BoundOp& b, const Args& a, const Handmade& h) {
  h.original(b, a);
  if (h.posts_pairs) b.requests.assign(2 * static_cast<std::size_t>(b.size), MPI_REQUEST_NULL);
  b.call_fn = h.call;
}

// A row: bind_<fn> (the name operations.def gives) binds the hand-made collective it describes.
// Allreduce_using_Reduce_Bcast's (count, datatype, op, root): the first three as Allreduce's.
#define METRON_HANDMADE_FN(fn, ...)           \
  void bind_##fn(BoundOp& b, const Args& a) { \
    bind_handmade(b, a, {__VA_ARGS__});       \
  }
METRON_HANDMADE_FN(bcast_send_recv, bind_bcast, call_bcast_send_recv)
METRON_HANDMADE_FN(allreduce_reduce_bcast, bind_allreduce, call_allreduce_reduce_bcast)
METRON_HANDMADE_FN(alltoall_isend_irecv, bind_alltoall, call_alltoall_isend_irecv, true)
METRON_HANDMADE_FN(gather_send_recv, bind_gather, call_gather_send_recv)
#undef METRON_HANDMADE_FN

}  // namespace metron::rt::ops
