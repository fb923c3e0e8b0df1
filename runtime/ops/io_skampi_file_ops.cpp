// SKaMPI's MPI_IO_* file functions (io.c; docs/io.md): open, close, delete_on_close,
// open_close, delete, file_seek, file_seek_shared and preallocate. The timed region is the one
// file call SKaMPI times (preallocate: and MPI_File_sync when asked; open_close: from the open
// to the close, one byte written); the file it needs is made, opened or closed outside it, and
// verification checks the file's state afterwards.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "runtime/ops/io_job.h"
#include "runtime/ops/io_skampi_binding.h"
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/io_view.h"

namespace metron::rt::ops {

namespace {

int unique(const IoJob& j) {
  return j.cfg.unique_open ? MPI_MODE_UNIQUE_OPEN : 0;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// What is wrong with the file (a verify_found_* part and its numbers), at its byte 0.
template <typename... Args>
std::optional<std::string> state_error(const BoundOp& b, DiagId found, const Args&... args) {
  return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                      message_text(DiagId::verify_in_file), 0, message_text(found, args...));
}

// MPI_IO_open
void open_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  skampi_io_make_group(b);
  if (!j.delete_per_obs) {  // an existing file
    j.content_bytes = 0;
    if (j.creator) {
      MPI_File fh = MPI_FILE_NULL;
      b.note(MPI_File_open(MPI_COMM_SELF, j.path.c_str(), MPI_MODE_WRONLY | MPI_MODE_CREATE,
                           MPI_INFO_NULL, &fh));
      if (fh != MPI_FILE_NULL) MPI_File_close(&fh);
    }
    MPI_Barrier(j.file_comm);
  }
}
void open_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_open(j.file_comm, j.path.c_str(), j.amode, j.info, &j.fh));
}
std::optional<std::string> open_check(const BoundOp& b) {
  if (b.io->fh == MPI_FILE_NULL) return state_error(b, DiagId::verify_found_no_file_handle);
  return std::nullopt;
}

// MPI_IO_close, MPI_IO_delete_on_close: open before, close timed.
void close_before(BoundOp& b) {
  IoJob& j = *b.io;
  io_open(b, j.amode);
  if (j.content_bytes > 0 && j.fh != MPI_FILE_NULL) {  // delete_on_close: rank 0 writes count
    if (j.creator)
      b.note(MPI_File_write_at(j.fh, 0, b.scratch.data(), static_cast<int>(j.content_bytes),
                               MPI_BYTE, MPI_STATUS_IGNORE));
    b.note(MPI_File_sync(j.fh));
  }
}
void close_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  skampi_io_make_group(b);
  if (!j.delete_per_obs) {  // MPI_IO_close: a file of count bytes, made once
    j.content_bytes = j.file_bytes;
    io_create_content(b);
    j.content_bytes = 0;
  }
  close_before(b);
}
void close_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_close(&j.fh));
}
std::optional<std::string> close_check(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (j.fh != MPI_FILE_NULL) return state_error(b, DiagId::verify_found_handle_not_null);
  if (j.delete_per_obs && j.creator && exists(j.path))
    return state_error(b, DiagId::verify_found_delete_on_close_kept);
  return std::nullopt;
}

// MPI_IO_open_close
void open_close_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  skampi_io_make_group(b);
  if (!j.delete_per_obs) io_create_content(b);  // an existing file of one byte
}
void open_close_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_open(j.file_comm, j.path.c_str(), j.amode, j.info, &j.fh));
  b.note(MPI_File_set_view(j.fh, 0, MPI_BYTE, MPI_BYTE, j.cfg.datarep.c_str(), j.info));
  b.note(MPI_File_set_atomicity(j.fh, j.cfg.atomicity ? 1 : 0));
  b.note(MPI_File_write(j.fh, b.buf.send(), 1, MPI_BYTE, MPI_STATUS_IGNORE));
  b.note(MPI_File_close(&j.fh));
}
void open_close_fill(BoundOp& b) {
  b.buf.send()[0] = 42;  // every rank writes the same byte at 0
}
std::optional<std::string> open_close_check(const BoundOp& b) {
  const IoJob& j = *b.io;
  FILE* f = std::fopen(j.path.c_str(), "rb");
  const int c = f ? std::fgetc(f) : EOF;
  if (f) std::fclose(f);
  if (c != 42) return state_error(b, DiagId::verify_found_byte_not_in_file);
  return std::nullopt;
}
void open_close_after(BoundOp& b) {
  if (b.io->delete_per_obs) io_delete(b);  // a new file each time
}

// MPI_IO_delete: rank 0 deletes a file of count bytes it made before.
void delete_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (b.rank == 0) b.note(MPI_File_delete(j.path.c_str(), j.info));
}
void delete_prepare(BoundOp& b) {
  skampi_io_make_group(b);
  io_create_content(b);
}
std::optional<std::string> delete_check(const BoundOp& b) {
  if (b.rank == 0 && exists(b.io->path)) return state_error(b, DiagId::verify_found_file_kept);
  return std::nullopt;
}

// MPI_IO_preallocate: a new file opened before, MPI_File_preallocate (+ sync) timed.
void prealloc_before(BoundOp& b) {
  io_open(b, b.io->amode);
}
void prealloc_prepare(BoundOp& b) {
  skampi_io_make_group(b);
  prealloc_before(b);
}
void prealloc_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_preallocate(j.fh, j.content_bytes));
  if (j.sync_all) b.note(MPI_File_sync(j.fh));
}
std::optional<std::string> prealloc_check(const BoundOp& b) {
  MPI_Offset size = 0;
  MPI_File_get_size(b.io->fh, &size);
  if (size < b.io->content_bytes)
    return state_error(b, DiagId::verify_found_file_size, size, b.io->content_bytes);
  return std::nullopt;
}

void prealloc_after(BoundOp& b) {
  io_close(b);  // MPI_MODE_DELETE_ON_CLOSE: the next observation preallocates a new file
  prealloc_before(b);
}
void close_after(BoundOp& b) {
  close_before(b);
}
void open_after(BoundOp& b) {
  io_close(b);
}

// MPI_IO_file_seek(_shared): a file open for the job; the position cycles as SKaMPI's.
void seek_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  skampi_io_make_group(b);
  io_open(b, j.amode);
  io_set_view(b);
  if (j.fh != MPI_FILE_NULL && j.content_bytes > 0) {
    MPI_Barrier(j.file_comm);
    b.note(MPI_File_preallocate(j.fh, j.content_bytes));
  }
}
void seek_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_seek(j.fh, j.position, MPI_SEEK_SET));
}
void seek_shared_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  b.note(MPI_File_seek_shared(j.fh, j.position, MPI_SEEK_SET));
}
std::optional<std::string> seek_check(const BoundOp& b) {
  const IoJob& j = *b.io;
  MPI_Offset at = -1;
  if (b.call_fn == seek_call)
    MPI_File_get_position(j.fh, &at);
  else
    MPI_File_get_position_shared(j.fh, &at);
  if (at != j.position) return state_error(b, DiagId::verify_found_file_pointer, at, j.position);
  return std::nullopt;
}

// The next seek target, as SKaMPI's n_seek / r_seek walk (io.c): successive positions blocklen
// apart through a rank's segment, then the next rank's (file_seek), or through memsize
// (file_seek_shared). blocks[0] keeps memsize (count) and blocklen (buf_bytes).
void seek_advance(BoundOp& b) {
  IoJob& j = *b.io;
  const std::int64_t mem = j.blocks[0].count, bl = j.blocks[0].buf_bytes;  // memsize, blocklen
  const std::int64_t q = j.elem_bytes / j.etype_bytes;
  if (b.call_fn == seek_call) {
    j.seek_round += 1;
    if (j.seek_round > mem / bl) {
      j.seek_round = 0;
      j.positions = (j.positions + 1) % b.size;  // r_seek
    }
    j.position = (((b.rank + j.positions) % b.size) * mem + j.seek_round * bl) * q;
  } else {
    j.seek_round = (j.seek_round + 1) % std::max<std::int64_t>(1, mem / bl);
    j.position = j.seek_round * bl * q;
  }
}

void bind_seek(BoundOp& b, const Args& a, bool shared) {
  IoJob& j = skampi_io_start(b, a, true);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  j.amode = MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE | unique(j);
  j.blocks = {{0, mem, bl}};  // the walk's memsize and blocklen (no data moves)
  j.positions = 0;
  j.seek_round = 0;
  const std::int64_t q = j.elem_bytes / j.etype_bytes;
  j.position = shared ? 0 : b.rank * mem * q;
  // Preallocated (SKaMPI): the positions of the walk through every rank's view.
  j.content_bytes = 0;
  for (int r = 0; r < b.size; ++r)
    j.content_bytes = std::max(
        j.content_bytes,
        io_view_end(io_file_type_of(j, r), 0, 0, (shared ? mem : mem * b.size) * j.elem_bytes));
  j.file_bytes = j.content_bytes;
  skampi_io_finish(b,
                   {shared ? seek_shared_call : seek_call, seek_prepare, seek_advance, seek_check});
}

}  // namespace

void bind_io_file_seek(BoundOp& b, const Args& a) {
  bind_seek(b, a, false);
}
void bind_io_file_seek_shared(BoundOp& b, const Args& a) {
  bind_seek(b, a, true);
}

void bind_io_open(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, false);
  const bool create = a.integer("create_file") != 0;
  j.delete_per_obs = create;
  j.amode = MPI_MODE_RDWR | unique(j) | (create ? MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE : 0);
  skampi_io_finish(b, {open_call, open_prepare, open_after, open_check});
}

void bind_io_close(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, false);
  j.amode = MPI_MODE_RDWR | unique(j);
  j.file_bytes = a.count("count");
  skampi_io_finish(b, {close_call, close_prepare, close_after, close_check});
}

void bind_io_delete_on_close(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, true);
  j.amode = MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE;
  j.delete_per_obs = true;
  j.content_bytes = j.file_bytes = a.count("count");
  if (b.rank == 0) b.scratch.assign(static_cast<std::size_t>(j.content_bytes), 'x');
  skampi_io_finish(b, {close_call, close_prepare, close_after, close_check});
}

void bind_io_open_close(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, true);
  const bool create = a.integer("create_flag") != 0;
  j.delete_per_obs = create;
  j.amode = MPI_MODE_RDWR | unique(j) | (create ? MPI_MODE_CREATE : 0);
  j.content_bytes = j.file_bytes = 1;
  b.send_need_bytes = 1;
  skampi_io_finish(b, {open_close_call, open_close_prepare, open_close_after, open_close_check,
                       open_close_fill});
}

void bind_io_delete(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, true);
  j.content_bytes = j.file_bytes = a.count("count");
  skampi_io_finish(b, {delete_call, delete_prepare, io_create_content, delete_check});
}

void bind_io_preallocate(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, true);
  j.amode = MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE | unique(j);
  j.content_bytes = j.file_bytes = skampi_io_positive(b, a, "count");
  j.sync_all = a.integer("with_sync") != 0;
  skampi_io_finish(b, {prealloc_call, prealloc_prepare, prealloc_after, prealloc_check});
}

}  // namespace metron::rt::ops
