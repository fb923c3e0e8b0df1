// The rank's buffer arena and the slot layout of buffer cycling.
#include "runtime/ops/arena.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/settings.h"

namespace metron::rt {

struct ArenaMemory {
  static constexpr std::size_t kPage = 4096;
  char* base = nullptr;
  std::int64_t bytes = 0;
  std::size_t touched = 0;  // the first bytes already written, in whole pages
  ArenaMemory(const ArenaMemory&) = delete;
  ArenaMemory& operator=(const ArenaMemory&) = delete;
  explicit ArenaMemory(std::int64_t n) : bytes(n) {
    base = static_cast<char*>(std::aligned_alloc(kPage, size()));
    if (!base) throw std::bad_alloc();
  }
  ~ArenaMemory() { std::free(base); }
  std::size_t size() const { return (static_cast<std::size_t>(bytes) + kPage - 1) / kPage * kPage; }
  // Writes the pages up to `end` (bytes from base) that no job has used yet: a first touch
  // inside a timed loop would be a page fault. Only the pages a job's slots cover are touched,
  // so that a job of small messages does not pay for the whole buffer (4 MiB by default) at the
  // start of a launch.
  void touch(std::size_t end) {
    end = std::min(size(), (end + kPage - 1) / kPage * kPage);
    if (end <= touched) return;
    std::memset(base + touched, 0, end - touched);
    touched = end;
  }
};

namespace {

std::int64_t round_up(std::int64_t v, std::int64_t a) {
  return (v + a - 1) / a * a;
}

char* align_ptr(char* p, std::int64_t a) {
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  const auto ua = static_cast<std::uintptr_t>(a);
  return p + ((ua - addr % ua) % ua);
}

// The process keeps its largest arena; a job needing more gets a new, larger one (the old one
// is freed when the last BoundOp using it goes).
std::shared_ptr<ArenaMemory> rank_arena(std::int64_t bytes) {
  static std::shared_ptr<ArenaMemory> current;
  if (!current || current->bytes < bytes) {
    current.reset();  // free the smaller one first if nobody holds it
    current = std::make_shared<ArenaMemory>(bytes);
  }
  return current;
}

}  // namespace

void BufferCycle::rewind() noexcept {
  pos_ = 0;
  send_ = send_base_;
  recv_ = recv_base_;
}

BufferCycle BufferCycle::shifted(std::int64_t send_offset, std::int64_t recv_offset) const {
  BufferCycle c = *this;
  c.send_base_ += send_offset;
  c.recv_base_ += recv_offset;
  c.send_ += send_offset;
  c.recv_ += recv_offset;
  return c;
}

bool fits_buffer(std::int64_t send_bytes, std::int64_t recv_bytes, const Settings& s) {
  return (send_bytes + recv_bytes) * (s.buffer_cycling ? 2 : 1) <= s.buffer_bytes;
}

std::string does_not_fit_message(std::string_view op, std::int64_t send_bytes,
                                 std::int64_t recv_bytes, const Settings& s) {
  const std::int64_t need = (send_bytes + recv_bytes) * (s.buffer_cycling ? 2 : 1);
  return message_text(
      s.buffer_cycling ? DiagId::job_buffer_too_small_cycling : DiagId::job_buffer_too_small, op,
      need, send_bytes, recv_bytes, s.buffer_bytes);
}

std::int64_t arena_bytes(const Settings& s) {
  return s.buffer_cycling ? std::max(s.buffer_bytes, 2 * s.cache_bytes) : s.buffer_bytes;
}

BufferCycle reserve_buffers(std::string_view op, std::int64_t send_bytes, std::int64_t recv_bytes,
                            const Settings& s) {
  if (send_bytes < 0 || recv_bytes < 0)
    throw std::runtime_error(message_text(DiagId::job_negative_buffer, op));
  if (!fits_buffer(send_bytes, recv_bytes, s))
    throw std::runtime_error(does_not_fit_message(op, send_bytes, recv_bytes, s));
  const std::int64_t sa = std::max<std::int64_t>(1, s.send_alignment);
  const std::int64_t ra = std::max<std::int64_t>(1, s.recv_alignment);
  BufferCycle c;
  c.send_stride_ = round_up(send_bytes, sa);
  c.recv_stride_ = round_up(recv_bytes, ra);
  // The slack 2 * (sa + ra) pays for rounding slots up to the alignment, so every job that
  // passes the fit rule gets at least two slots with cycling (one without).
  const std::int64_t slot_space = arena_bytes(s) + 2 * (sa + ra);
  const std::int64_t per_slot = c.send_stride_ + c.recv_stride_;
  std::int64_t slots = per_slot == 0 ? 1 : slot_space / per_slot;
  if (!s.buffer_cycling) slots = std::min<std::int64_t>(slots, 1);
  if (per_slot > 0 && slots < (s.buffer_cycling ? 2 : 1))
    throw std::runtime_error(does_not_fit_message(op, send_bytes, recv_bytes, s));
  c.slots_ = slots;
  c.mem_ = rank_arena(slot_space + sa + ra);
  c.send_base_ = align_ptr(c.mem_->base, sa);
  c.recv_base_ = align_ptr(c.send_base_ + slots * c.send_stride_, ra);
  // At least one byte of each side, so that a zero-byte operation's pointers are touched too.
  c.mem_->touch(static_cast<std::size_t>(
      c.recv_base_ + std::max<std::int64_t>(1, slots * c.recv_stride_) - c.mem_->base));
  c.rewind();
  return c;
}

}  // namespace metron::rt
