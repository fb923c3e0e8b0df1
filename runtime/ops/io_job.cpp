// Running an MPI-IO job: files, the steps outside the timed region, the timed accesses in each
// of SKaMPI's 12 data access classes, and verification against the file (docs/io.md).
#include "runtime/ops/io_job.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>

#include "runtime/ops/io_workdir.h"
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/io_view.h"
#include "runtime/test_hooks.h"

namespace metron::rt {

TypeDesc io_file_type_of(const IoJob& j, int job_rank) {
  // The front end checked that every rank's part fits (io_checks.cpp).
  return io_type_for_rank(j.file_dt_arg, job_rank).value_or(j.file_dt_arg);
}

std::uint8_t io_file_byte(std::int64_t k) {
  return pattern_byte(0x7ff, k);  // a "rank" no job has: file bytes differ from send patterns
}

std::string io_folder(const IoSettings& cfg, const std::string& op) {
  std::string f = cfg.working_dir.empty() ? io_run_folder() : cfg.working_dir;
  if (f.empty()) {
    const char* t = std::getenv("TMPDIR");
    f = t && *t ? t : "/tmp";
  }
  struct stat st {};
  if (::stat(f.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw_message(DiagId::io_dir_missing, op, f);
  if (::access(f.c_str(), W_OK | X_OK) != 0)
    throw_message(DiagId::io_dir_unusable, op, f, std::strerror(errno));
  return f;
}

void io_check_space(const std::string& folder, std::int64_t bytes, const std::string& op) {
  std::int64_t free_bytes = test_hook_number(TestHook::IoFreeBytes, -1);
  struct statvfs vs {};
  if (free_bytes < 0 && ::statvfs(folder.c_str(), &vs) == 0)
    free_bytes = static_cast<std::int64_t>(vs.f_bavail) * static_cast<std::int64_t>(vs.f_frsize);
  if (free_bytes >= 0 && bytes > free_bytes)
    throw_message(DiagId::io_disk_full, op, bytes, folder, free_bytes);
}

std::string io_file_name(const std::string& folder, MPI_Comm group, int tag) {
  // As SKaMPI: the group's rank 0 draws an id and broadcasts it, so the name is the same on
  // every rank and differs between runs that share a folder.
  std::uint64_t id = 0;
  int r = 0;
  MPI_Comm_rank(group, &r);
  if (r == 0) id = std::random_device{}() ^ (static_cast<std::uint64_t>(::getpid()) << 32);
  MPI_Bcast(&id, 1, MPI_UINT64_T, 0, group);
  int world = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &world);
  MPI_Bcast(&world, 1, MPI_INT, 0, group);  // the group's rank 0 names the file
  return folder + "/metron_io_" + std::to_string(world) + "_" + std::to_string(tag) + "_" +
         std::to_string(id % 1000000000ULL);
}

void io_name_file(IoJob& j) {
  if (j.participates) {
    j.path = io_file_name(j.folder, j.file_comm, j.tag);
    int r = 0;
    MPI_Comm_rank(j.file_comm, &r);
    j.creator = r == 0;
  }
  j.info = io_make_info(j.cfg);
}

IoJob& io_start_job(BoundOp& b, bool write) {
  b.io = std::make_shared<IoJob>();
  IoJob& j = *b.io;
  j.cfg = b.settings ? b.settings->io : IoSettings{};
  j.write = write;
  if (b.settings && b.settings->scheme != SchemeKind::PerCall)
    ops::bind_error(b, DiagId::job_io_needs_per_call);
  j.folder = io_folder(j.cfg, b.name);
  return j;
}

MPI_Info io_make_info(const IoSettings& cfg) {
  if (cfg.file_info.empty()) return MPI_INFO_NULL;
  MPI_Info info;
  MPI_Info_create(&info);
  for (const auto& [k, v] : cfg.file_info) MPI_Info_set(info, k.c_str(), v.c_str());
  return info;
}

void io_open(BoundOp& b, int amode) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  b.note(MPI_File_open(j.file_comm, j.path.c_str(), amode, j.info, &j.fh));
}

void io_set_view(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates || j.fh == MPI_FILE_NULL) return;
  // A file in MPI_MODE_SEQUENTIAL takes no displacement but the current one.
  const MPI_Offset disp = j.amode & MPI_MODE_SEQUENTIAL ? MPI_DISPLACEMENT_CURRENT : j.view_disp;
  b.note(MPI_File_set_view(j.fh, disp, j.etype, j.filetype, j.cfg.datarep.c_str(), j.info));
  b.note(MPI_File_set_atomicity(j.fh, j.cfg.atomicity ? 1 : 0));
}

void io_preallocate(BoundOp& b, MPI_Offset bytes) {
  IoJob& j = *b.io;
  if (!j.participates || j.fh == MPI_FILE_NULL) return;
  b.note(MPI_File_preallocate(j.fh, bytes));
}

void io_close(BoundOp& b) {
  IoJob& j = *b.io;
  if (j.fh != MPI_FILE_NULL) b.note(MPI_File_close(&j.fh));
}

void io_drop_cache(const IoJob& j) {
  if (!j.participates || j.cfg.cache != IoCache::Drop) return;
  const int fd = ::open(j.path.c_str(), O_RDONLY);
  if (fd < 0) return;
  ::fdatasync(fd);  // dirty pages are not dropped: write them first
  ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  ::close(fd);
}

void io_create_content(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  if (j.creator && j.content_bytes > 0) {
    MPI_File fh = MPI_FILE_NULL;
    b.note(MPI_File_open(MPI_COMM_SELF, j.path.c_str(), MPI_MODE_WRONLY | MPI_MODE_CREATE,
                         MPI_INFO_NULL, &fh));
    if (fh != MPI_FILE_NULL) {
      std::vector<char> chunk(
          static_cast<std::size_t>(std::min<std::int64_t>(j.content_bytes, 1 << 22)));
      for (std::int64_t at = 0; at < j.content_bytes;) {
        const std::int64_t n =
            std::min<std::int64_t>(j.content_bytes - at, static_cast<std::int64_t>(chunk.size()));
        for (std::int64_t k = 0; k < n; ++k)
          chunk[static_cast<std::size_t>(k)] = static_cast<char>(io_file_byte(at + k));
        b.note(MPI_File_write_at(fh, at, chunk.data(), static_cast<int>(n), MPI_BYTE,
                                 MPI_STATUS_IGNORE));
        at += n;
      }
      MPI_File_close(&fh);
    }
  }
  MPI_Barrier(j.file_comm);
}

void io_delete(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates) return;
  int r = 0;
  MPI_Comm_rank(j.file_comm, &r);
  MPI_Barrier(j.file_comm);  // every rank is done with the file (verification reads it)
  if (r == j.owner_rank) MPI_File_delete(j.path.c_str(), MPI_INFO_NULL);  // may not exist
  MPI_Barrier(j.file_comm);
}

void io_release(BoundOp& b) {
  if (!b.io) return;
  IoJob& j = *b.io;
  io_close(b);
  if (j.participates && !j.path.empty()) {
    int r = 0;
    MPI_Comm_rank(j.file_comm, &r);
    if (r == j.owner_rank) ::unlink(j.path.c_str());  // local: release() is not collective
  }
  if (j.own_file_comm && j.file_comm != MPI_COMM_NULL) MPI_Comm_free(&j.file_comm);
  if (j.info != MPI_INFO_NULL) MPI_Info_free(&j.info);
  if (j.own_filetype && j.filetype != MPI_DATATYPE_NULL) MPI_Type_free(&j.filetype);
  b.io.reset();
}

// --- the timed accesses ------------------------------------------------------------------------

namespace {

using Rw = int;  // MPI return code

// The accesses of one positioning, in both directions: write or read by j.write, and by
// j.daccess blocking, nonblocking then MPI_Wait, collective, or split collective (begin, end).
// IND and COLL complete the MPI names (MPI_File_write<IND>, MPI_File_iwrite<IND>,
// MPI_File_write<COLL>, MPI_File_write<COLL>_begin); the rest, `off,` or nothing, is the offset
// argument. The calls are direct: the timed region holds the MPI calls and nothing else.
#define METRON_IO_ACCESS(name, IND, COLL, ...)                                              \
  Rw name(IoJob& j, __VA_OPT__(MPI_Offset __VA_ARGS__) void* p, int n) {                    \
    MPI_Request rq;                                                                         \
    const bool w = j.write, coll = j.daccess & kIoCollective;                               \
    const bool split = j.daccess & kIoNonblockingSplit;                                     \
    if (!coll && !split)                                                                    \
      return w ? MPI_File_write##IND(j.fh, __VA_ARGS__ p, n, j.memtype, MPI_STATUS_IGNORE)  \
               : MPI_File_read##IND(j.fh, __VA_ARGS__ p, n, j.memtype, MPI_STATUS_IGNORE);  \
    if (!coll) {                                                                            \
      Rw rc = w ? MPI_File_iwrite##IND(j.fh, __VA_ARGS__ p, n, j.memtype, &rq)              \
                : MPI_File_iread##IND(j.fh, __VA_ARGS__ p, n, j.memtype, &rq);              \
      return rc != MPI_SUCCESS ? rc : MPI_Wait(&rq, MPI_STATUS_IGNORE);                     \
    }                                                                                       \
    if (!split)                                                                             \
      return w ? MPI_File_write##COLL(j.fh, __VA_ARGS__ p, n, j.memtype, MPI_STATUS_IGNORE) \
               : MPI_File_read##COLL(j.fh, __VA_ARGS__ p, n, j.memtype, MPI_STATUS_IGNORE); \
    Rw rc = w ? MPI_File_write##COLL##_begin(j.fh, __VA_ARGS__ p, n, j.memtype)             \
              : MPI_File_read##COLL##_begin(j.fh, __VA_ARGS__ p, n, j.memtype);             \
    if (rc != MPI_SUCCESS) return rc;                                                       \
    return w ? MPI_File_write##COLL##_end(j.fh, p, MPI_STATUS_IGNORE)                       \
             : MPI_File_read##COLL##_end(j.fh, p, MPI_STATUS_IGNORE);                       \
  }

METRON_IO_ACCESS(access_at, _at, _at_all, off, )    // explicit offsets
METRON_IO_ACCESS(access_individual, , _all)         // the individual file pointer
METRON_IO_ACCESS(access_shared, _shared, _ordered)  // the shared file pointer
#undef METRON_IO_ACCESS

void run_shared(BoundOp& b, IoJob& j, char* buf) noexcept {
  int me = 0;
  MPI_Comm_rank(j.file_comm, &me);
  const bool coll = j.daccess & kIoCollective;
  const std::size_t n = j.shared.size();
  for (std::size_t i = 0; i < n;) {
    const IoSharedStep& s = j.shared[i];
    if (s.seek) {
      // The barriers order the seek after the previous owner's access and before the next:
      // ROMIO's rank 0 sets the pointer without waiting for the others.
      b.note(MPI_Barrier(j.file_comm));
      b.note(MPI_File_seek_shared(j.fh, s.block.offset, MPI_SEEK_SET));
      b.note(MPI_Barrier(j.file_comm));
    }
    if (coll) {
      // One ordered call takes a run of steps whose owners increase (rank order).
      std::size_t e = i + 1;
      while (e < n && !j.shared[e].seek && j.shared[e].owner > j.shared[e - 1].owner) ++e;
      const IoSharedStep* mine = nullptr;
      for (std::size_t k = i; k < e; ++k)
        if (j.shared[k].owner == me) mine = &j.shared[k];
      b.note(access_shared(j, mine ? buf + mine->block.buf_bytes : buf,
                           mine ? static_cast<int>(mine->block.count) : 0));
      i = e;
      continue;
    }
    // Noncollective: the owners take turns; a token from the previous owner orders them.
    const bool token_in = i > 0 && !s.seek && j.shared[i - 1].owner != s.owner;
    const bool token_out = i + 1 < n && !j.shared[i + 1].seek && j.shared[i + 1].owner != s.owner;
    if (s.owner == me) {
      if (token_in)
        b.note(MPI_Recv(nullptr, 0, MPI_BYTE, j.shared[i - 1].owner, j.tag, j.file_comm,
                        MPI_STATUS_IGNORE));
      b.note(access_shared(j, buf + s.block.buf_bytes, static_cast<int>(s.block.count)));
      if (token_out)
        b.note(MPI_Send(nullptr, 0, MPI_BYTE, j.shared[i + 1].owner, j.tag, j.file_comm));
    }
    ++i;
  }
}

}  // namespace

void io_run_blocks(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (!j.participates) return;
  io_access_blocks(b, j.write ? b.buf.send() : b.buf.recv());
  if ((j.write || j.sync_all) && j.cfg.file_sync) b.note(MPI_File_sync(j.fh));
}

void io_access_blocks(BoundOp& b, char* buf) noexcept {
  IoJob& j = *b.io;
  if (j.daccess & kIoSharedPointer) {
    run_shared(b, j, buf);
  } else {
    const bool coll = j.daccess & kIoCollective;
    const std::size_t calls = coll ? static_cast<std::size_t>(j.rounds) : j.blocks.size();
    MPI_Offset at = -1;  // the individual file pointer, when known
    for (std::size_t i = 0; i < calls; ++i) {
      const bool have = i < j.blocks.size();
      const IoBlock blk = have ? j.blocks[i] : IoBlock{at < 0 ? 0 : at, 0, 0};
      if (j.daccess & kIoExplicitOffsets) {
        b.note(access_at(j, blk.offset, buf + blk.buf_bytes, static_cast<int>(blk.count)));
      } else {
        if (have && blk.offset != at) b.note(MPI_File_seek(j.fh, blk.offset, MPI_SEEK_SET));
        b.note(access_individual(j, buf + blk.buf_bytes, static_cast<int>(blk.count)));
        at = blk.offset + blk.count * j.elem_bytes / j.etype_bytes;
      }
    }
  }
}

// --- verification -------------------------------------------------------------------------------

namespace {

std::string fmt_bytes(std::uint8_t want, std::uint8_t got) {
  return message_text(DiagId::verify_found_value, hex_byte(want), hex_byte(got));
}

// The pieces of one block: memory through this rank's memtype from the block's element, the file
// through this rank's view from the block's offset.
template <class F>
void block_pieces(const IoJob& j, const IoBlock& blk, F&& f) {
  for_each_io_piece(IoByteCursor(j.mem_dt, blk.buf_bytes, 0),
                    IoByteCursor(j.file_dt, j.view_disp, blk.offset * j.etype_bytes),
                    blk.count * j.elem_bytes, f);
}

}  // namespace

void io_fill_for_write(BoundOp& b) {
  IoJob& j = *b.io;
  char* buf = b.buf.send();
  fill_sentinel(buf, b.send_need_bytes);  // a derived memtype's holes: not the file's bytes
  for (const IoBlock& blk : j.blocks)
    block_pieces(j, blk, [&](const IoPiece& p) {
      for (std::int64_t k = 0; k < p.length; ++k)
        buf[p.mem + k] = static_cast<char>(io_file_byte(p.file + k));
    });
}

std::optional<std::string> io_check_written(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (!j.participates || j.cfg.datarep != "native") return std::nullopt;
  const int fd = ::open(j.path.c_str(), O_RDONLY);
  if (fd < 0)
    return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                        message_text(DiagId::verify_in_file), 0,
                        message_text(DiagId::verify_found_file_unopenable, std::strerror(errno)));
  std::vector<char> got;
  std::optional<std::string> bad;
  for (const IoBlock& blk : j.blocks) {
    block_pieces(j, blk, [&](const IoPiece& p) {
      if (bad) return;
      got.assign(static_cast<std::size_t>(p.length), 0);
      const ssize_t r = ::pread(fd, got.data(), static_cast<std::size_t>(p.length), p.file);
      for (std::int64_t k = 0; k < p.length && !bad; ++k) {
        const auto want = io_file_byte(p.file + k);
        const auto have = k < r ? static_cast<std::uint8_t>(got[static_cast<std::size_t>(k)]) : 0;
        if (k >= r || have != want)
          bad = message_text(
              DiagId::job_verify_mismatch, b.name, b.rank, message_text(DiagId::verify_in_file),
              p.file + k,
              k >= r ? message_text(DiagId::verify_found_file_ends) : fmt_bytes(want, have));
      }
    });
    if (bad) break;
  }
  ::close(fd);
  return bad;
}

std::optional<std::string> io_check_holes(const BoundOp& b, const char* buf,
                                          const std::vector<bool>& data) {
  char sentinel = 0;
  fill_sentinel(&sentinel, 1);  // one byte value throughout
  for (std::size_t k = 0; k < data.size(); ++k)
    if (!data[k] && buf[k] != sentinel)
      return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                          message_text(DiagId::verify_in_receive_buffer), k,
                          message_text(DiagId::verify_found_memtype_hole_written));
  return std::nullopt;
}

std::optional<std::string> io_check_read(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (!j.participates || j.cfg.datarep != "native") return std::nullopt;
  const char* buf = b.buf.recv();
  // Bytes the reads may change: the memtype's data; its holes must keep the sentinel.
  std::vector<bool> data(static_cast<std::size_t>(b.recv_need_bytes), false);
  std::optional<std::string> bad;
  for (const IoBlock& blk : j.blocks)
    block_pieces(j, blk, [&](const IoPiece& p) {
      for (std::int64_t k = 0; k < p.length; ++k) {
        data[static_cast<std::size_t>(p.mem + k)] = true;
        const auto want = io_file_byte(p.file + k);
        const auto have = static_cast<std::uint8_t>(buf[p.mem + k]);
        if (have != want && !bad)
          bad = message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                             message_text(DiagId::verify_in_receive_buffer), p.mem + k,
                             fmt_bytes(want, have));
      }
    });
  return bad ? bad : io_check_holes(b, buf, data);
}

}  // namespace metron::rt
