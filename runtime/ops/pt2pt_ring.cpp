// IMB-MPI1's ring patterns over the whole communicator: Sendrecv (every rank sends
// to its right neighbour and receives from its left with one MPI_Sendrecv) and Exchange (every
// rank MPI_Isend to both neighbours, MPI_Recv from both, MPI_Waitall). With 2 ranks both
// neighbours are the same rank; the tags tell the directions apart. IMB-P2P's Sendrecv_replace
// is Sendrecv with one buffer: MPI_Sendrecv_replace to the right, from the left.

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

constexpr int kRightwardTag = 1;  // a message travelling to the right neighbour
constexpr int kLeftwardTag = 2;

int right_of(const BoundOp& b) {
  return (b.rank + 1) % b.size;
}
int left_of(const BoundOp& b) {
  return (b.rank + b.size - 1) % b.size;
}

void call_sendrecv(BoundOp& b) noexcept {
  const int right = right_of(b), left = left_of(b);
  for (int i = 0; i < b.iterations; ++i)
    b.note(MPI_Sendrecv(b.buf.send(), b.send_count, b.send_type, right, kRightwardTag, b.buf.recv(),
                        b.recv_count, b.recv_type, left, kRightwardTag, b.comm, MPI_STATUS_IGNORE));
}

// Receive block 0 comes from the left neighbour, block 1 from the right one.
void call_exchange(BoundOp& b) noexcept {
  const int right = right_of(b), left = left_of(b);
  for (int i = 0; i < b.iterations; ++i) {
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, left, kLeftwardTag, b.comm,
                     &b.requests[0]));
    b.note(MPI_Isend(b.buf.send(), b.send_count, b.send_type, right, kRightwardTag, b.comm,
                     &b.requests[1]));
    b.note(MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, left, kRightwardTag, b.comm,
                    MPI_STATUS_IGNORE));
    b.note(MPI_Recv(b.buf.recv() + b.recv_block_bytes, b.recv_count, b.recv_type, right,
                    kLeftwardTag, b.comm, MPI_STATUS_IGNORE));
    b.note(MPI_Waitall(2, b.requests.data(), MPI_STATUSES_IGNORE));
  }
}

// The one buffer is the receive slot (the result is checked there).
void call_sendrecv_replace(BoundOp& b) noexcept {
  const int right = right_of(b), left = left_of(b);
  for (int i = 0; i < b.iterations; ++i)
    b.note(MPI_Sendrecv_replace(b.buf.recv(), b.recv_count, b.recv_type, right, kRightwardTag, left,
                                kRightwardTag, b.comm, MPI_STATUS_IGNORE));
}

void fill_ring(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

std::optional<std::string> check_sendrecv(const BoundOp& b) {
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, left_of(b), 0))
    return verify_message(b, DiagId::verify_in_left_block, *m);
  return std::nullopt;
}

std::optional<std::string> check_exchange(const BoundOp& b) {
  if (auto r = check_sendrecv(b)) return r;
  if (auto m = check_pattern(b.buf.recv() + b.recv_block_bytes, b.recv_dt, b.recv_count,
                             right_of(b), 0)) {
    m->offset += b.recv_block_bytes;
    return verify_message(b, DiagId::verify_in_right_block, *m);
  }
  return std::nullopt;
}

void fill_replace(BoundOp& b) {
  fill_pattern(b.buf.recv(), b.recv_dt, b.recv_count, b.rank, 0);
}

// Each call shifts the data `iterations` places to the right: the buffer holds the data of the
// rank that many places to the left.
std::optional<std::string> check_replace(const BoundOp& b) {
  const int from = static_cast<int>((b.rank + b.size - b.iterations % b.size) % b.size);
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, from, 0))
    return verify_message(b, {DiagId::verify_in_receive_block, from}, *m);
  return std::nullopt;
}

// (count, datatype, iterations)
void bind_ring(BoundOp& b, const Args& a, int recv_blocks) {
  bind_same_blocks(b, a);
  b.iterations = static_cast<int>(a.integer("iterations"));  // checked: op_checks.h
  b.divisor = b.iterations;
  b.send_need_bytes = b.send_block_bytes;
  b.recv_need_bytes = b.recv_block_bytes * recv_blocks;
  b.fill_fn = fill_ring;
}

}  // namespace

void bind_ring_sendrecv(BoundOp& b, const Args& a) {
  bind_ring(b, a, 1);
  b.call_fn = call_sendrecv;
  b.check_fn = check_sendrecv;
}

void bind_exchange(BoundOp& b, const Args& a) {
  bind_ring(b, a, 2);
  b.requests.assign(2, MPI_REQUEST_NULL);
  b.call_fn = call_exchange;
  b.check_fn = check_exchange;
}

void bind_sendrecv_replace(BoundOp& b, const Args& a) {
  bind_ring(b, a, 1);
  b.send_need_bytes = 0;  // works in place in the receive slot
  b.call_fn = call_sendrecv_replace;
  b.fill_fn = fill_replace;
  b.check_fn = check_replace;
}

}  // namespace metron::rt::ops
