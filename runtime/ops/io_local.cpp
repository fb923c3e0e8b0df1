// SKaMPI's "rudimentary local IO" (localio.c; docs/io.md "Local IO"): rank 0 alone reads or
// writes one file once per observation, through POSIX (read, write + fsync) or MPI-IO on
// MPI_COMM_SELF (MPI_File_read, MPI_File_write + MPI_File_sync). The file is opened before the
// process sync and closed after the second timer read; the other ranks only take part in the
// sync. Reads find a file made at prepare; writes overwrite the file made at prepare or, with
// create_flag, a file removed just before the open so that the open creates it.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <vector>

#include "runtime/ops/io_job.h"
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/local_io.h"

namespace metron::rt::ops {

namespace {

std::int64_t local_bytes(const BoundOp& b) {
  return b.io->file_bytes;
}

char* local_data(BoundOp& b) {
  return b.io->write ? b.buf.send() : b.buf.recv();
}

// The file holds io_file_byte at every offset (reads and writes without create_flag).
void local_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  j.file_comm = MPI_COMM_SELF;
  j.path = io_file_name(j.folder, MPI_COMM_SELF, 29);
  j.creator = true;
  if (j.content_bytes > 0) io_create_content(b);
}

void local_setup(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  const bool create = j.write && j.content_bytes == 0;
  if (create) ::unlink(j.path.c_str());  // the open makes it anew (SKaMPI's create_flag)
  if (j.posix) {
    int flags = j.write ? O_WRONLY : O_RDONLY;
    if (create) flags |= O_CREAT;
    if (j.direct) flags |= O_DIRECT;
    j.fd = ::open(j.path.c_str(), flags, S_IRUSR | S_IWUSR);
    if (j.fd < 0) b.note(MPI_ERR_IO);
    return;
  }
  io_open(b, j.write ? MPI_MODE_WRONLY | (create ? MPI_MODE_CREATE : 0) : MPI_MODE_RDONLY);
  io_set_view(b);
}

// Timed: the one access, and the sync after a write.
void local_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (!j.participates) return;
  char* p = local_data(b);
  const std::int64_t n = local_bytes(b);
  if (j.posix) {
    if (j.fd < 0) return b.note(MPI_ERR_FILE);  // setup did not open it: never a silent 0 s
    const ssize_t got = j.write ? ::write(j.fd, p, static_cast<std::size_t>(n))
                                : ::read(j.fd, p, static_cast<std::size_t>(n));
    if (j.write && ::fsync(j.fd) != 0) b.note(MPI_ERR_IO);
    if (got != static_cast<ssize_t>(n)) b.note(MPI_ERR_IO);
    return;
  }
  if (j.fh == MPI_FILE_NULL) return b.note(MPI_ERR_FILE);
  const int count = static_cast<int>(n);
  b.note(j.write ? MPI_File_write(j.fh, p, count, MPI_BYTE, MPI_STATUS_IGNORE)
                 : MPI_File_read(j.fh, p, count, MPI_BYTE, MPI_STATUS_IGNORE));
  if (j.write) b.note(MPI_File_sync(j.fh));
}

void local_teardown(BoundOp& b) {
  IoJob& j = *b.io;
  if (j.fd >= 0) {
    ::close(j.fd);
    j.fd = -1;
  }
  io_close(b);
}

void local_release(BoundOp& b) {
  if (b.io && b.io->fd >= 0) {
    ::close(b.io->fd);
    b.io->fd = -1;
  }
  io_release(b);
}

// --- verification: a read finds io_file_byte in the buffer; a write leaves the send buffer's
// pattern in the file.

void local_fill(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  if (!j.write) return fill_sentinel(b.buf.recv(), local_bytes(b));
  for (std::int64_t k = 0; k < local_bytes(b); ++k)
    b.buf.send()[k] = static_cast<char>(pattern_byte(b.rank, k));
}

std::optional<std::string> local_check(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (!j.participates) return std::nullopt;
  const std::int64_t n = j.file_bytes;
  std::vector<char> file;
  if (j.write) {
    file.resize(static_cast<std::size_t>(n));
    const int fd = ::open(j.path.c_str(), O_RDONLY);
    const ssize_t got = fd < 0 ? -1 : ::pread(fd, file.data(), file.size(), 0);
    if (fd >= 0) ::close(fd);
    if (got != static_cast<ssize_t>(n))
      return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                          message_text(DiagId::verify_in_file), 0,
                          message_text(DiagId::verify_found_file_short_bytes));
  }
  for (std::int64_t k = 0; k < n; ++k) {
    const std::uint8_t want = j.write ? pattern_byte(b.rank, k) : io_file_byte(k);
    const std::uint8_t have =
        static_cast<std::uint8_t>(j.write ? file[static_cast<std::size_t>(k)] : b.buf.recv()[k]);
    if (want != have)
      return message_text(
          DiagId::job_verify_mismatch, b.name, b.rank,
          message_text(j.write ? DiagId::verify_in_file : DiagId::verify_in_receive_buffer), k,
          message_text(DiagId::verify_found_byte_differs));
  }
  return std::nullopt;
}

// O_DIRECT moves data between the device and the buffer: Linux wants the buffer address, the
// size and the file offset aligned to the device's logical block (512 bytes at least). The size
// is checked with the arguments (check_local_io_args, runtime/plan/local_io.cpp).
void check_direct(BoundOp& b, const IoJob& j) {
  const std::int64_t align =
      b.settings ? (j.write ? b.settings->send_alignment : b.settings->recv_alignment) : 0;
  if (b.settings && align % kLocalIoDirectAlign != 0)
    bind_error(b, DiagId::job_directio_alignment, kLocalIoDirectAlign,
               j.write ? "send_alignment" : "recv_alignment", kLocalIoDirectAlign);
  if (b.rank != 0) return;
  // Some file systems (tmpfs before Linux 6.6) refuse O_DIRECT at open: say so now, not in the
  // first call.
  const std::string probe = j.folder + "/metron_direct_probe_" + std::to_string(::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_DIRECT, S_IRUSR | S_IWUSR);
  const int err = errno;
  if (fd >= 0) ::close(fd);
  ::unlink(probe.c_str());
  if (fd < 0) bind_error(b, DiagId::job_directio_refused, j.folder, std::strerror(err));
}

void bind_local(BoundOp& b, bool write, std::int64_t bytes, bool posix, bool create, bool direct) {
  IoJob& j = io_start_job(b, write);
  // bytes >= 1: checked with the arguments (check_local_io_args).
  if (bytes > std::numeric_limits<int>::max() && !posix)
    bind_error(b, DiagId::job_io_too_large, std::numeric_limits<int>::max());
  j.posix = posix;
  j.direct = posix && direct;  // SKaMPI: O_DIRECT is a flag of POSIX's open only
  j.participates = b.rank == 0;
  j.file_bytes = bytes;
  j.content_bytes = write && create ? 0 : bytes;
  (write ? b.send_need_bytes : b.recv_need_bytes) = b.rank == 0 ? bytes : 0;
  io_check_space(j.folder, bytes, b.name);
  if (j.direct) check_direct(b, j);
  b.call_fn = local_call;
  b.prepare_fn = local_prepare;
  b.setup_fn = local_setup;
  b.teardown_fn = local_teardown;
  b.release_fn = local_release;
  b.fill_fn = local_fill;
  b.check_fn = local_check;
}

bool posix_api(const Args& a) {
  return local_io_api_named(a.value("api").as_string()) == LocalIoApi::Posix;
}

std::int64_t large_bytes(BoundOp&, const Args& a) {
  return local_io_bytes(a);  // power in 0 .. kLocalIoMaxPower: check_local_io_args
}

}  // namespace

void bind_io_read_file_once(BoundOp& b, const Args& a) {
  bind_local(b, false, a.integer("size"), posix_api(a), false, a.integer("directio_flag") != 0);
}

void bind_io_write_file_once(BoundOp& b, const Args& a) {
  bind_local(b, true, a.integer("size"), posix_api(a), a.integer("create_flag") != 0,
             a.integer("directio_flag") != 0);
}

void bind_io_read_large_file_once(BoundOp& b, const Args& a) {
  bind_local(b, false, large_bytes(b, a), false, false, false);
}

void bind_io_write_large_file_once(BoundOp& b, const Args& a) {
  bind_local(b, true, large_bytes(b, a), false, a.integer("create_flag") != 0, false);
}

}  // namespace metron::rt::ops
