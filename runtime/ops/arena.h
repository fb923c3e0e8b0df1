// The buffer arena of a rank: one aligned, pre-touched block split into send and receive slots,
// and buffer cycling over those slots (SKaMPI 5 src/mem.c; mpptest's cold cache, Gropp & Lusk,
// "Reproducible Measurements of MPI Performance Characteristics" §2).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace metron {
struct Settings;
}

namespace metron::rt {

struct ArenaMemory;

// The send and receive slots of one bound operation. Slot i of the send side is used together
// with slot i of the receive side; advance() moves both to the next slot and wraps after the
// last, so successive observations touch successive addresses. Without cycling there is one slot.
class BufferCycle {
 public:
  BufferCycle() = default;
  char* send() const noexcept { return send_; }
  char* recv() const noexcept { return recv_; }
  void advance() noexcept {
    if (slots_ <= 1) return;
    if (++pos_ == slots_) {
      pos_ = 0;
      send_ = send_base_;
      recv_ = recv_base_;
    } else {
      send_ += send_stride_;
      recv_ += recv_stride_;
    }
  }
  void rewind() noexcept;
  // The same slots with both sides shifted by the given bytes: one thread's share of slots that
  // hold the buffers of several threads (runtime/ops/threaded.cpp).
  BufferCycle shifted(std::int64_t send_offset, std::int64_t recv_offset) const;
  std::int64_t slots() const { return slots_; }
  std::int64_t position() const { return pos_; }
  std::int64_t send_stride() const { return send_stride_; }  // slot size, a multiple of alignment
  std::int64_t recv_stride() const { return recv_stride_; }
  // Bytes between two uses of the same address: what the cache would have to hold.
  std::int64_t cycle_bytes() const { return slots_ * (send_stride_ + recv_stride_); }

 private:
  friend BufferCycle reserve_buffers(std::string_view, std::int64_t, std::int64_t, const Settings&);
  std::shared_ptr<ArenaMemory> mem_;
  char* send_base_ = nullptr;
  char* recv_base_ = nullptr;
  char* send_ = nullptr;
  char* recv_ = nullptr;
  std::int64_t send_stride_ = 0;
  std::int64_t recv_stride_ = 0;
  std::int64_t slots_ = 1;
  std::int64_t pos_ = 0;
};

// The fit rule the front end also applies: a job fits iff
// (send_bytes + recv_bytes) * (buffer_cycling ? 2 : 1) <= buffer_bytes.
bool fits_buffer(std::int64_t send_bytes, std::int64_t recv_bytes, const Settings& s);

// "'Bcast' needs 8388608 bytes of buffer per rank (...), but the buffer is ..." for a job that
// does not fit.
std::string does_not_fit_message(std::string_view op, std::int64_t send_bytes,
                                 std::int64_t recv_bytes, const Settings& s);

// Bytes the arena offers for slots: buffer_bytes, and with cycling at least 2 * cache_bytes, so
// that an address comes back only after more than the last-level cache has been touched
// (mpptest: buffers twice the size of the cache that should be cold).
std::int64_t arena_bytes(const Settings& s);

// Slots of send_bytes and recv_bytes (the real extents of the operation's buffers) in this
// rank's arena. The arena is allocated, aligned and touched here, once per process and again
// only when a job needs more, so no page fault or allocation happens in a timed loop. Throws
// std::runtime_error with does_not_fit_message() if the job does not fit.
BufferCycle reserve_buffers(std::string_view op, std::int64_t send_bytes, std::int64_t recv_bytes,
                            const Settings& s);

}  // namespace metron::rt
