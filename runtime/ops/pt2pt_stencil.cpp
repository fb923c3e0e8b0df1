// IMB-P2P's Stencil2D and Stencil3D (Intel MPI Benchmarks 2021): on IMB's periodic grid
// of the communicator's ranks (runtime/plan/imb_grid.h) every rank posts an MPI_Irecv from each
// of its 2 * ndims neighbours, then an MPI_Isend to each, then one MPI_Waitall, `iterations`
// times per call. As IMB: one send and one receive block per neighbour, tag 0, neighbours in the
// order x - 1, x + 1, y - 1, y + 1 (, z - 1, z + 1).

#include "runtime/ops/op_impl.h"
#include "runtime/ops/verify_pattern.h"
#include "runtime/plan/imb_grid.h"

namespace metron::rt::ops {

namespace {

// b.schedule holds the neighbours; b.requests the receives, then the sends.
void call_stencil(BoundOp& b) noexcept {
  const int k = static_cast<int>(b.schedule.size());
  for (int i = 0; i < b.iterations; ++i) {
    for (int j = 0; j < k; ++j)
      b.note(MPI_Irecv(b.buf.recv() + j * b.recv_block_bytes, b.recv_count, b.recv_type,
                       b.schedule[static_cast<std::size_t>(j)], 0, b.comm,
                       &b.requests[static_cast<std::size_t>(j)]));
    for (int j = 0; j < k; ++j)
      b.note(MPI_Isend(b.buf.send() + j * b.send_block_bytes, b.send_count, b.send_type,
                       b.schedule[static_cast<std::size_t>(j)], 0, b.comm,
                       &b.requests[static_cast<std::size_t>(k + j)]));
    b.note(MPI_Waitall(2 * k, b.requests.data(), MPI_STATUSES_IGNORE));
  }
}

// Every send block holds the rank's pattern (IMB fills all with the rank): where a neighbour
// appears twice (a side of 2) the receives from it match its sends in order, whichever they are.
void fill_stencil(BoundOp& b) {
  for (std::size_t j = 0; j < b.schedule.size(); ++j)
    fill_pattern(b.buf.send() + static_cast<std::int64_t>(j) * b.send_block_bytes, b.send_dt,
                 b.send_count, b.rank, 0);
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

std::optional<std::string> check_stencil(const BoundOp& b) {
  for (std::size_t j = 0; j < b.schedule.size(); ++j) {
    const std::int64_t at = static_cast<std::int64_t>(j) * b.recv_block_bytes;
    const int from = b.schedule[j];
    if (auto m = check_pattern(b.buf.recv() + at, b.recv_dt, b.recv_count, from, 0)) {
      m->offset += at;
      return verify_message(
          b, {DiagId::verify_in_neighbour_block, static_cast<std::int64_t>(j), from}, *m);
    }
  }
  return std::nullopt;
}

// (count, datatype, iterations) on IMB's grid of `ndims` dimensions.
void bind_stencil(BoundOp& b, const Args& a, int ndims) {
  const auto side = imb_stencil_grid(ndims, b.size);
  if (!side) bind_error(b, DiagId::job_imb_stencil_grid, ndims, b.size);
  b.schedule = imb_stencil_neighbours(*side, b.rank);
  const std::int64_t k = static_cast<std::int64_t>(b.schedule.size());
  bind_same_blocks(b, a);
  b.iterations = static_cast<int>(a.integer("iterations"));  // checked: op_checks.h
  b.divisor = b.iterations;
  b.send_need_bytes = b.recv_need_bytes = b.send_block_bytes * k;
  b.requests.assign(static_cast<std::size_t>(2 * k), MPI_REQUEST_NULL);
  b.call_fn = call_stencil;
  b.fill_fn = fill_stencil;
  b.check_fn = check_stencil;
}

}  // namespace

void bind_stencil2d(BoundOp& b, const Args& a) {
  bind_stencil(b, a, 2);
}

void bind_stencil3d(BoundOp& b, const Args& a) {
  bind_stencil(b, a, 3);
}

}  // namespace metron::rt::ops
