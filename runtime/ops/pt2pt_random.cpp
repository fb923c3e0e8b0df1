// IMB-P2P's random patterns (Intel MPI Benchmarks 2021): Unirandom (per step one drawn
// rank sends to another drawn rank), Birandom (the drawn pair exchanges, both MPI_Irecv, MPI_Send,
// MPI_Wait) and Corandom (every rank receives from its left and sends to its right neighbour in
// a ring shuffled before every round). The schedule is computed at bind (imb_p2p_schedule.h), so
// the timed loop holds only the MPI calls; each rank keeps only its own steps.

#include "runtime/ops/imb_p2p_schedule.h"
#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"

namespace metron::rt::ops {

namespace {

// Unirandom's schedule entry: the partner to send to, or -(source + 1) for a receive.
int receive_from(int source) {
  return -(source + 1);
}

void call_unirandom(BoundOp& b) noexcept {
  for (const int e : b.schedule) {
    if (e >= 0)
      b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, e, 0, b.comm));
    else
      b.note(
          MPI_Recv(b.buf.recv(), b.recv_count, b.recv_type, -e - 1, 0, b.comm, MPI_STATUS_IGNORE));
  }
}

void exchange(BoundOp& b, int from, int to) noexcept {
  b.note(MPI_Irecv(b.buf.recv(), b.recv_count, b.recv_type, from, 0, b.comm, &b.requests[0]));
  b.note(MPI_Send(b.buf.send(), b.send_count, b.send_type, to, 0, b.comm));
  b.note(MPI_Wait(&b.requests[0], MPI_STATUS_IGNORE));
}

void call_birandom(BoundOp& b) noexcept {
  for (const int partner : b.schedule) exchange(b, partner, partner);
}

// The schedule holds (left, right) per round.
void call_corandom(BoundOp& b) noexcept {
  for (std::size_t i = 0; i + 1 < b.schedule.size(); i += 2)
    exchange(b, b.schedule[i], b.schedule[i + 1]);
}

void fill_random(BoundOp& b) {
  fill_pattern(b.buf.send(), b.send_dt, b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

// The receive buffer holds the last message received; b.peer is its source (-1: none).
std::optional<std::string> check_random(const BoundOp& b) {
  if (b.peer < 0) return std::nullopt;
  if (auto m = check_pattern(b.buf.recv(), b.recv_dt, b.recv_count, b.peer, 0))
    return verify_message(b, {DiagId::verify_in_last_message, b.peer}, *m);
  return std::nullopt;
}

// (count, datatype, iterations)
void bind_random(BoundOp& b, const Args& a) {
  bind_same_blocks(b, a);
  b.iterations = static_cast<int>(a.integer("iterations"));  // checked: op_checks.h
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes;
  b.requests.assign(1, MPI_REQUEST_NULL);
  b.fill_fn = fill_random;
  b.check_fn = check_random;
  b.peer = -1;
}

// Unirandom and Birandom: p * iterations steps (IMB's loop length), the time of one step. The
// steps are bounded so that the divisor is an int and binding stays quick.
constexpr std::int64_t kMaxSteps = std::int64_t{1} << 24;

// Binds (count, datatype, iterations) with iterations * p <= kMaxSteps; returns iterations.
std::int64_t bind_bounded(BoundOp& b, const Args& a) {
  const std::int64_t n = a.integer("iterations");
  const std::int64_t most = kMaxSteps / b.size;
  if (n < 1 || n > most) bind_error(b, DiagId::job_param_range, "iterations", 1, most, n);
  bind_random(b, a);
  return n;
}

std::int64_t bind_steps(BoundOp& b, const Args& a) {
  b.divisor = static_cast<int>(bind_bounded(b, a) * b.size);
  return b.divisor;
}

}  // namespace

void bind_unirandom(BoundOp& b, const Args& a) {
  ImbRandomPairs draw(b.size);
  for (std::int64_t s = bind_steps(b, a); s > 0; --s) {
    const auto [from, to] = draw.next();
    if (from == b.rank) b.schedule.push_back(to);
    if (to == b.rank) {
      b.schedule.push_back(receive_from(from));
      b.peer = from;
    }
  }
  b.call_fn = call_unirandom;
}

void bind_birandom(BoundOp& b, const Args& a) {
  ImbRandomPairs draw(b.size);
  for (std::int64_t s = bind_steps(b, a); s > 0; --s) {
    const auto [first, second] = draw.next();
    if (first != b.rank && second != b.rank) continue;
    b.peer = first == b.rank ? second : first;
    b.schedule.push_back(b.peer);
  }
  b.call_fn = call_birandom;
}

// Corandom: `iterations` rounds, the time of one round.
void bind_corandom(BoundOp& b, const Args& a) {
  b.divisor = static_cast<int>(bind_bounded(b, a));
  for (const auto& [left, right] : imb_corandom_neighbours(b.size, b.rank, b.iterations)) {
    b.schedule.push_back(left);
    b.schedule.push_back(right);
    b.peer = left;
  }
  b.call_fn = call_corandom;
}

}  // namespace metron::rt::ops
