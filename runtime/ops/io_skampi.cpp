// SKaMPI's MPI_IO_* measurement functions (io.c; docs/io.md): the file layout of each pattern
// as blocks per rank, and the steps outside the timed region. The timed region is the calls
// SKaMPI times: the accesses of the pattern (and MPI_File_sync after writes), or the one file
// call (open, close, delete, seek, preallocate); read_file and read_and_distribute time the
// open and close as well.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <functional>

#include "runtime/ops/derived_types.h"
#include "runtime/ops/io_job.h"
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/io_view.h"

namespace metron::rt::ops {

namespace {

// A job with the settings and folder; types and class from the arguments where the function
// has them. Throws (bind_error) for what MPI-IO here cannot do.
IoJob& start(BoundOp& b, const Args& a, bool write) {
  IoJob& j = io_start_job(b, write);
  if (a.has("memtype")) {
    // Derived types (docs/io.md): a subarray is rank 0's part in the script; each rank binds
    // its own (io_type_for_rank). The front end checked the view (io_checks.cpp).
    const TypeDesc& e = a.type("etype");
    j.file_dt_arg = a.type("filetype");
    const auto m = io_type_for_rank(a.type("memtype"), b.rank);
    if (!m) bind_error(b, DiagId::job_io_memtype_no_part, b.rank);
    j.mem_dt = *m;
    j.file_dt = io_file_type_of(j, b.rank);
    j.memtype = commit_type(b, j.mem_dt);
    j.etype = commit_type(b, e);
    j.filetype = commit_type(b, j.file_dt);
    j.elem_bytes = j.mem_dt.size();
    j.mem_extent = j.mem_dt.extent();
    j.etype_bytes = e.size();
  }
  if (a.has("daccess")) {
    j.daccess = a.integer("daccess");
    if (!io_daccess_valid(j.daccess)) bind_error(b, DiagId::job_io_bad_daccess, j.daccess);
  }
  return j;
}

std::int64_t positive(BoundOp& b, const Args& a, std::string_view name) {
  const std::int64_t v = a.integer(name);
  if (v < 1) bind_error(b, DiagId::job_param_not_positive, name, v);
  return v;
}

void no_shared_pointer(BoundOp& b, const IoJob& j) {
  if (j.daccess & kIoSharedPointer) bind_error(b, DiagId::job_io_shared_pointer_pattern, j.daccess);
}

// Blocks of `memsize` elements in pieces of `blocklen`, piece i at offset(i) elements.
std::vector<IoBlock> pieces(std::int64_t memsize, std::int64_t blocklen,
                            const std::function<std::int64_t(std::int64_t)>& offset) {
  std::vector<IoBlock> out;
  std::int64_t buf = 0;
  for (std::int64_t i = 0, left = memsize; left > 0; ++i, left -= blocklen) {
    const std::int64_t n = std::min(left, blocklen);
    out.push_back({offset(i), n, buf});
    buf += n;
  }
  return out;
}

// The job rank of a rank of the group that shares a file.
int job_rank_of(const BoundOp& b, int group_rank) {
  switch (b.io->group) {
    case IoJob::Group::Self:
      return b.rank;
    case IoJob::Group::Pairs:
      return b.rank / 2 * 2 + group_rank;
    default:
      return group_rank;
  }
}

// The layout: blocks_of(group rank) in memory elements; converted to etypes and buffer bytes,
// with the rounds of the collective classes, the shared pointer's order and the file size (the
// end of the last block of any rank, through that rank's view).
void lay_out(BoundOp& b, int group_size, int my_group_rank,
             const std::function<std::vector<IoBlock>(int)>& blocks_of) {
  IoJob& j = *b.io;
  const std::int64_t q = j.elem_bytes / j.etype_bytes;
  std::vector<std::vector<IoBlock>> all(static_cast<std::size_t>(group_size));
  std::int64_t end_bytes = 0;
  for (int r = 0; r < group_size; ++r) {
    const int jr = job_rank_of(b, r);
    const TypeDesc file = io_file_type_of(j, jr);
    all[static_cast<std::size_t>(r)] = blocks_of(r);
    for (IoBlock& blk : all[static_cast<std::size_t>(r)]) {
      blk.offset *= q;
      blk.buf_bytes *= j.mem_extent;
      end_bytes =
          std::max(end_bytes, io_view_end(file, jr * j.disp_step, blk.offset * j.etype_bytes,
                                          blk.count * j.elem_bytes));
    }
    j.rounds = std::max(j.rounds, static_cast<int>(all[static_cast<std::size_t>(r)].size()));
  }
  j.blocks = all[static_cast<std::size_t>(my_group_rank)];
  j.view_disp = b.rank * j.disp_step;
  if (j.daccess & kIoSharedPointer) {
    // Every access in the order of its place in the file; a gap needs a seek of the pointer.
    for (int r = 0; r < group_size; ++r)
      for (const IoBlock& blk : all[static_cast<std::size_t>(r)])
        j.shared.push_back({r, blk, false});
    std::stable_sort(j.shared.begin(), j.shared.end(),
                     [](const IoSharedStep& x, const IoSharedStep& y) {
                       return x.block.offset < y.block.offset;
                     });
    std::int64_t at = 0;
    for (IoSharedStep& s : j.shared) {
      s.seek = s.block.offset != at;
      at = s.block.offset + s.block.count * q;
    }
  }
  j.file_bytes = end_bytes;
  std::int64_t mem = 0;
  for (const IoBlock& blk : j.blocks) mem = std::max(mem, blk.buf_bytes + blk.count * j.mem_extent);
  (j.write ? b.send_need_bytes : b.recv_need_bytes) = mem;
}

// The disk check: the files of every rank live in the same folder.
void check_space(BoundOp& b) {
  IoJob& j = *b.io;
  std::int64_t files = j.file_bytes;
  if (j.group == IoJob::Group::Self) files *= b.size;
  if (j.group == IoJob::Group::Pairs) files *= b.size / 2;
  io_check_space(j.folder, files, b.name);
}

// The hooks of a SKaMPI MPI-IO function once its IoJob is laid out: the timed call, the set-up
// once every rank has bound, the set-up of each next observation, verification. finish_io runs
// the disk check and wires them; every function releases with io_release.
struct IoHooks {
  CallFn call;
  FillFn prepare;
  FillFn advance;
  CheckFn check;
  FillFn fill = nullptr;
};
void finish_io(BoundOp& b, const IoHooks& h) {
  check_space(b);
  b.call_fn = h.call;
  b.prepare_fn = h.prepare;
  b.advance_fn = h.advance;
  b.release_fn = io_release;
  b.fill_fn = h.fill;
  b.check_fn = h.check;
}

// --- set-up steps -----------------------------------------------------------------------------

void make_group(BoundOp& b) {
  IoJob& j = *b.io;
  switch (j.group) {
    case IoJob::Group::Job:
      j.file_comm = b.comm;
      break;
    case IoJob::Group::Self:
      j.file_comm = MPI_COMM_SELF;
      break;
    case IoJob::Group::Pairs:
      b.note(MPI_Comm_split(b.comm, b.rank / 2, b.rank, &j.file_comm));
      j.own_file_comm = true;
      break;
    case IoJob::Group::Readers:
      b.note(MPI_Comm_split(b.comm, b.rank < j.readers ? 0 : MPI_UNDEFINED, b.rank, &j.file_comm));
      j.own_file_comm = j.file_comm != MPI_COMM_NULL;
      j.participates = j.file_comm != MPI_COMM_NULL;
      break;
  }
  io_name_file(j);
}

int data_amode(const IoJob& j) {
  int m = j.write ? MPI_MODE_WRONLY | MPI_MODE_CREATE : MPI_MODE_RDONLY;
  if (j.sync_all) m = MPI_MODE_RDWR | MPI_MODE_CREATE;  // write_and_read: one file, both ways
  if (j.delete_per_obs) m |= MPI_MODE_DELETE_ON_CLOSE;
  if (j.cfg.unique_open) m |= MPI_MODE_UNIQUE_OPEN;
  return m | j.amode;
}

// Before each observation (not timed): open, view, preallocate; drop the cache before reads.
void before_data(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.write) io_drop_cache(j);
  if (j.open_timed) return;
  io_open(b, data_amode(j));
  io_set_view(b);
  // Collective: both sides of write_and_read call it.
  if ((j.write || j.sync_all) && j.cfg.preallocation) io_preallocate(b, j.file_bytes);
}

void prepare_data(BoundOp& b) {
  IoJob& j = *b.io;
  make_group(b);
  if (!j.write || j.sync_all) {
    j.content_bytes = j.file_bytes;
    io_create_content(b);
  }
  before_data(b);
}

void after_data(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.open_timed) io_close(b);
  before_data(b);
}

void call_data(BoundOp& b) noexcept {
  io_run_blocks(b);
}

// read_file: open, view and close are in the timed region (SKaMPI times them).
void call_open_read_close(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  io_open(b, data_amode(j));
  io_set_view(b);
  io_access_blocks(b, b.buf.recv());
  io_close(b);
}

std::optional<std::string> check_data(const BoundOp& b) {
  return b.io->write ? io_check_written(b) : io_check_read(b);
}

void fill_data(BoundOp& b) {
  if (b.io->write)
    io_fill_for_write(b);
  else
    fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

void finish_data(BoundOp& b) {
  IoJob& j = *b.io;
  if (j.write && j.group != IoJob::Group::Pairs) j.delete_per_obs = true;  // a new file each
  finish_io(b, {j.open_timed ? call_open_read_close : call_data, prepare_data, after_data,
                check_data, fill_data});
}

// --- the data patterns --------------------------------------------------------------------------

void bind_segmented(BoundOp& b, const Args& a, bool write) {
  IoJob& j = start(b, a, write);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < mem) bind_error(b, DiagId::job_io_stride_below_memsize, stride, mem);
  lay_out(b, b.size, b.rank, [&](int r) {
    return pieces(mem, bl, [&](std::int64_t i) { return r * stride + i * bl; });
  });
  (void)j;
  finish_data(b);
}

void bind_strided(BoundOp& b, const Args& a, bool write) {
  start(b, a, write);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < bl) bind_error(b, DiagId::job_io_stride_below_blocklen, stride, bl);
  const std::int64_t p = b.size;
  lay_out(b, b.size, b.rank, [&](int r) {
    return pieces(mem, bl, [&](std::int64_t i) { return (i * p + r) * stride; });
  });
  finish_data(b);
}

void bind_separate(BoundOp& b, const Args& a, bool write) {
  IoJob& j = start(b, a, write);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < bl) bind_error(b, DiagId::job_io_stride_below_blocklen, stride, bl);
  j.group = IoJob::Group::Self;
  lay_out(b, 1, 0,
          [&](int) { return pieces(mem, bl, [&](std::int64_t i) { return i * stride; }); });
  finish_data(b);
}

void bind_sequential(BoundOp& b, const Args& a, bool write) {
  IoJob& j = start(b, a, write);
  if (!(j.daccess & kIoSharedPointer)) bind_error(b, DiagId::job_io_sequential_daccess, j.daccess);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  j.amode = MPI_MODE_SEQUENTIAL;
  lay_out(b, b.size, b.rank,
          [&](int r) { return pieces(mem, bl, [&](std::int64_t i) { return r * mem + i * bl; }); });
  finish_data(b);
}

void bind_noncontiguous(BoundOp& b, const Args& a, bool write) {
  IoJob& j = start(b, a, write);
  no_shared_pointer(b, j);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  // A derived filetype (SKaMPI's subarray) gives each rank its part of the file, and every
  // view starts at 0 as SKaMPI's. With a basic filetype every rank's view would start at 0 and
  // the ranks would write over each other: each rank's view begins at its own segment instead
  // (docs/io.md).
  if (j.file_dt_arg.is_basic()) j.disp_step = mem * j.elem_bytes;
  lay_out(b, b.size, b.rank,
          [&](int) { return pieces(mem, bl, [&](std::int64_t i) { return i * bl; }); });
  finish_data(b);
}

// An integer for every rank, or a list with one per rank.
std::int64_t per_rank(BoundOp& b, const Args& a, std::string_view name, int r) {
  const Value& v = a.value(name);
  std::int64_t x = 0;
  if (v.is(Value::Type::List)) {
    const ValueList& l = v.as_list();
    if (static_cast<int>(l.size()) < b.size || !l[static_cast<std::size_t>(r)].is(Value::Type::Int))
      bind_error(b, DiagId::job_io_rank_list_length, name, b.size);
    x = l[static_cast<std::size_t>(r)].as_int();
  } else {
    x = v.as_int();
  }
  if (x < 1 || x > INT32_MAX) bind_error(b, DiagId::job_io_rank_value_range, name, r, INT32_MAX, x);
  return x;
}

void bind_random(BoundOp& b, const Args& a, bool write) {
  start(b, a, write);
  const int p = b.size;
  std::vector<std::int64_t> mem(static_cast<std::size_t>(p)), bl(mem);
  for (int r = 0; r < p; ++r) {
    mem[static_cast<std::size_t>(r)] = per_rank(b, a, "memsize", r);
    bl[static_cast<std::size_t>(r)] = per_rank(b, a, "blocklen", r);
  }
  // Round robin: in each round every rank with data left places its next block after the last.
  std::vector<std::vector<IoBlock>> all(static_cast<std::size_t>(p));
  std::vector<std::int64_t> left = mem, buf(static_cast<std::size_t>(p), 0);
  std::int64_t at = 0;
  for (bool any = true; any;) {
    any = false;
    for (std::size_t r = 0; r < all.size(); ++r) {
      if (left[r] <= 0) continue;
      const std::int64_t n = std::min(left[r], bl[r]);
      all[r].push_back({at, n, buf[r]});
      at += n;
      buf[r] += n;
      left[r] -= n;
      any = true;
    }
  }
  lay_out(b, p, b.rank, [&](int r) { return all[static_cast<std::size_t>(r)]; });
  finish_data(b);
}

void bind_once(BoundOp& b, const Args& a, bool write) {
  IoJob& j = start(b, a, write);
  const std::int64_t n = positive(b, a, "count");
  const bool priv = a.integer("private") != 0;
  if (priv) j.group = IoJob::Group::Self;
  lay_out(b, priv ? 1 : b.size, priv ? 0 : b.rank, [&](int r) {
    return std::vector<IoBlock>{{priv ? 0 : r * n, n, 0}};
  });
  finish_data(b);
}

}  // namespace

// Each data pattern, as the write and the read function of operations.def.
#define METRON_IO_WRITE_AND_READ(pattern)                   \
  void bind_io_write_##pattern(BoundOp& b, const Args& a) { \
    bind_##pattern(b, a, true);                             \
  }                                                         \
  void bind_io_read_##pattern(BoundOp& b, const Args& a) {  \
    bind_##pattern(b, a, false);                            \
  }
METRON_IO_WRITE_AND_READ(segmented)
METRON_IO_WRITE_AND_READ(strided)
METRON_IO_WRITE_AND_READ(separate)
METRON_IO_WRITE_AND_READ(sequential)
METRON_IO_WRITE_AND_READ(noncontiguous)
METRON_IO_WRITE_AND_READ(random)
METRON_IO_WRITE_AND_READ(once)
#undef METRON_IO_WRITE_AND_READ

void bind_io_read_file(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, false);
  no_shared_pointer(b, j);
  const std::int64_t n = positive(b, a, "count");
  j.open_timed = true;
  // Every rank reads the whole file: the same block; the file is the one block.
  lay_out(b, b.size, b.rank, [&](int) { return std::vector<IoBlock>{{0, n, 0}}; });
  finish_data(b);
}

namespace {

// read_and_distribute: np readers (at most the communicator) read a part each, MPI_Allgatherv.
void call_read_distribute(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (j.participates) {
    int amode = MPI_MODE_RDONLY | (j.cfg.unique_open ? MPI_MODE_UNIQUE_OPEN : 0);
    io_open(b, amode);
    io_set_view(b);
    io_access_blocks(b, b.buf.send());
    io_close(b);
  }
  b.note(MPI_Allgatherv(b.buf.send(), b.send_count, j.memtype, b.buf.recv(), b.recv_counts.data(),
                        b.recv_displs.data(), j.memtype, b.comm));
}

// Every rank holds the whole file: reader r's part (its view from offset r * part) at element
// r * part of the receive buffer, through this rank's memtype; the memtype's holes untouched.
std::optional<std::string> check_distributed(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (j.cfg.datarep != "native") return std::nullopt;
  const char* buf = b.buf.recv();
  const std::int64_t part = b.recv_counts.empty() ? 0 : b.recv_counts[0];
  std::vector<bool> data(static_cast<std::size_t>(b.recv_need_bytes), false);
  std::optional<std::string> bad;
  for (int r = 0; r < j.readers; ++r) {
    const std::int64_t first = r * part;
    for_each_io_piece(
        IoByteCursor(j.mem_dt, first * j.mem_extent, 0),
        IoByteCursor(io_file_type_of(j, r), 0, first * j.elem_bytes), part * j.elem_bytes,
        [&](const IoPiece& p) {
          for (std::int64_t k = 0; k < p.length; ++k) {
            data[static_cast<std::size_t>(p.mem + k)] = true;
            if (!bad && static_cast<std::uint8_t>(buf[p.mem + k]) != io_file_byte(p.file + k))
              bad = message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                                 message_text(DiagId::verify_in_receive_buffer), p.mem + k,
                                 message_text(DiagId::verify_found_not_file_byte));
          }
        });
  }
  return bad ? bad : io_check_holes(b, buf, data);
}

void fill_distributed(BoundOp& b) {
  fill_sentinel(b.buf.recv(), b.recv_need_bytes);
}

}  // namespace

void bind_io_read_and_distribute(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, false);
  no_shared_pointer(b, j);
  const std::int64_t n = positive(b, a, "count");
  const std::int64_t readers = std::clamp<std::int64_t>(a.integer("np"), 1, b.size);
  const std::int64_t padded = (n + readers - 1) / readers * readers, part = padded / readers;
  if (padded > INT32_MAX) bind_error(b, DiagId::job_io_padded_count);
  j.group = IoJob::Group::Readers;
  j.readers = static_cast<int>(readers);
  j.open_timed = true;
  const int me = b.rank < readers ? b.rank : 0;
  lay_out(b, static_cast<int>(readers), me, [&](int r) {
    return std::vector<IoBlock>{{r * part, part, 0}};
  });
  if (b.rank >= readers) j.blocks.clear();
  b.send_count = b.rank < readers ? static_cast<int>(part) : 0;
  b.send_need_bytes = part * j.mem_extent;
  b.recv_need_bytes = padded * j.mem_extent;
  for (std::int64_t r = 0; r < b.size; ++r) {
    b.recv_counts.push_back(r < readers ? static_cast<int>(part) : 0);
    b.recv_displs.push_back(r < readers ? static_cast<int>(r * part) : 0);
  }
  finish_io(b,
            {call_read_distribute, prepare_data, after_data, check_distributed, fill_distributed});
}

namespace {

// write_and_read: the reader reads the blocks while the writer writes them, with no
// synchronization between the two (SKaMPI's pattern), so a read may see the file's bytes from
// before or after the write (MPI 4.0 §14.6.1: nonatomic conflicting accesses). The writer's
// buffer slots hold the file's own bytes from the start, so both are the same and every read
// can be checked exactly, even after an observation made without fill_fn (tests/mpi's catalog
// harness read stale bytes before: the first write had put an unfilled buffer in the file).
void prepare_write_and_read(BoundOp& b) {
  prepare_data(b);
  if (!b.io->write) return;
  for (std::int64_t k = 0; k < b.buf.slots(); ++k) {
    io_fill_for_write(b);
    b.buf.advance();
  }
  b.buf.rewind();
}

}  // namespace

void bind_io_write_and_read(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, b.rank % 2 == 1);  // SKaMPI: the odd rank of a pair writes
  if (b.size % 2 != 0) bind_error(b, DiagId::job_io_even_ranks, b.size);
  if (j.daccess & (kIoCollective | kIoSharedPointer))
    bind_error(b, DiagId::job_io_pairs_daccess, j.daccess);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
  j.group = IoJob::Group::Pairs;
  j.sync_all = true;
  lay_out(b, 2, b.rank % 2,
          [&](int) { return pieces(mem, bl, [&](std::int64_t i) { return i * bl; }); });
  // Both sides use both buffers' sizes (usage_io_write_and_read): the arena is the same.
  b.send_need_bytes = b.recv_need_bytes = std::max(b.send_need_bytes, b.recv_need_bytes);
  finish_data(b);
  b.prepare_fn = prepare_write_and_read;
}

// --- open, close, delete, seek, preallocate
// -------------------------------------------------------

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
  make_group(b);
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
  make_group(b);
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
  make_group(b);
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
  make_group(b);
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
  make_group(b);
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
  make_group(b);
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
  IoJob& j = start(b, a, true);
  const std::int64_t mem = positive(b, a, "memsize"), bl = positive(b, a, "blocklen");
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
  finish_io(b, {shared ? seek_shared_call : seek_call, seek_prepare, seek_advance, seek_check});
}

}  // namespace

void bind_io_file_seek(BoundOp& b, const Args& a) {
  bind_seek(b, a, false);
}
void bind_io_file_seek_shared(BoundOp& b, const Args& a) {
  bind_seek(b, a, true);
}

void bind_io_open(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, false);
  const bool create = a.integer("create_file") != 0;
  j.delete_per_obs = create;
  j.amode = MPI_MODE_RDWR | unique(j) | (create ? MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE : 0);
  finish_io(b, {open_call, open_prepare, open_after, open_check});
}

void bind_io_close(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, false);
  j.amode = MPI_MODE_RDWR | unique(j);
  j.file_bytes = a.count("count");
  finish_io(b, {close_call, close_prepare, close_after, close_check});
}

void bind_io_delete_on_close(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, true);
  j.amode = MPI_MODE_WRONLY | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE;
  j.delete_per_obs = true;
  j.content_bytes = j.file_bytes = a.count("count");
  if (b.rank == 0) b.scratch.assign(static_cast<std::size_t>(j.content_bytes), 'x');
  finish_io(b, {close_call, close_prepare, close_after, close_check});
}

void bind_io_open_close(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, true);
  const bool create = a.integer("create_flag") != 0;
  j.delete_per_obs = create;
  j.amode = MPI_MODE_RDWR | unique(j) | (create ? MPI_MODE_CREATE : 0);
  j.content_bytes = j.file_bytes = 1;
  b.send_need_bytes = 1;
  finish_io(b, {open_close_call, open_close_prepare, open_close_after, open_close_check,
                open_close_fill});
}

void bind_io_delete(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, true);
  j.content_bytes = j.file_bytes = a.count("count");
  finish_io(b, {delete_call, delete_prepare, io_create_content, delete_check});
}

void bind_io_preallocate(BoundOp& b, const Args& a) {
  IoJob& j = start(b, a, true);
  j.amode = MPI_MODE_RDWR | MPI_MODE_CREATE | MPI_MODE_DELETE_ON_CLOSE | unique(j);
  j.content_bytes = j.file_bytes = positive(b, a, "count");
  j.sync_all = a.integer("with_sync") != 0;
  finish_io(b, {prealloc_call, prealloc_prepare, prealloc_after, prealloc_check});
}

}  // namespace metron::rt::ops
