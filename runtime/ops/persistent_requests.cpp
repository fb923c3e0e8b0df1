// Persistent requests per buffer slot (see persistent_requests.h).
#include "runtime/ops/persistent_requests.h"

namespace metron::rt::ops {

void init_persistent_requests(BoundOp& b, InitRequestFn init) {
  const std::int64_t slots = b.buf.slots();
  if (slots > kMaxPersistentSlots)
    bind_error(b, DiagId::job_too_many_persistent_slots, slots, kMaxPersistentSlots);
  b.requests.assign(static_cast<std::size_t>(slots), MPI_REQUEST_NULL);
  b.buf.rewind();
  for (std::int64_t i = 0; i < slots; ++i) {
    b.note(init(b, &b.requests[static_cast<std::size_t>(i)]));
    b.buf.advance();
  }
  b.buf.rewind();
}

void start_and_wait(BoundOp& b) noexcept {
  MPI_Request* r = &b.requests[static_cast<std::size_t>(b.buf.position())];
  b.note(MPI_Start(r));
  b.note(MPI_Wait(r, MPI_STATUS_IGNORE));
}

void free_persistent_requests(BoundOp& b) {
  for (MPI_Request& r : b.requests)
    if (r != MPI_REQUEST_NULL) MPI_Request_free(&r);
  b.requests.clear();
}

}  // namespace metron::rt::ops
