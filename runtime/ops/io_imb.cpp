// IMB-IO's basic patterns (docs/io.md): S_ (one process), P_ (every process, noncollective),
// C_ (collective), with individual (indv) or shared file pointers, explicit offsets (expl) or a
// private file each (priv). One call moves `count` bytes per rank at the next of a few
// positions (IMB writes successive blocks); writes end with MPI_File_sync (IMB-IO's
// non-aggregate mode). A blocking write may make `transfers` accesses at successive positions
// per call, each followed by MPI_File_sync, or (aggregate = 1, IMB-IO's aggregate mode) all
// followed by one; the nonblocking I* variants likewise, aggregate = 1 starting all before the
// CPU work and one MPI_Waitall, as IMB-IO's only mode for them does. A call's reads go to
// successive slices of the receive buffer (MPI forbids concurrent reads into one). Moving the
// individual or shared pointer to the position is done after the previous call, outside the timed
// region; the individual pointers of a file of all ranks see it through a view of the rank's blocks
// (as IMB's), so successive accesses land on them.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "runtime/ops/io_job.h"
#include "runtime/ops/onesided_window.h"  // busy_wait
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/op_checks.h"  // kMaxIoTransfers

namespace metron::rt::ops {

namespace {

enum class Who { Single, Parallel, Collective };
enum class Pos { Indv, Expl, Shared, Priv };

// The cycle of positions: IMB writes new blocks each sample; Metron cycles through at most 64
// (and 16 MiB of file per rank) so that the file stays small.
constexpr std::int64_t kMaxPositions = kMaxIoTransfers;
constexpr std::int64_t kFileBudget = 16 << 20;

struct ImbKind {
  Who who;
  Pos pos;
};

ImbKind kind_of(const BoundOp& b) {
  const IoJob& j = *b.io;
  return {static_cast<Who>(j.tag / 4), static_cast<Pos>(j.tag % 4)};
}

std::int64_t count_of(const IoJob& j) {
  return j.blocks[0].count;
}

// Byte offset of this rank's block at position `at` (shared: the position's region).
MPI_Offset offset_at(const BoundOp& b, std::int64_t at) {
  const IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  const std::int64_t n = count_of(j);
  if (k.who == Who::Single || k.pos == Pos::Priv) return at * n;
  if (k.pos == Pos::Shared) return at * b.size * n;
  return (at * b.size + b.rank) * n;
}

MPI_Offset offset(const BoundOp& b) {
  return offset_at(b, b.io->position);
}

// The individual pointer counts the bytes of the view: the rank's blocks, one per position.
void place_pointer(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.participates || j.fh == MPI_FILE_NULL) return;
  const ImbKind k = kind_of(b);
  if (k.pos == Pos::Indv || k.pos == Pos::Priv)
    b.note(MPI_File_seek(j.fh, j.position * count_of(j), MPI_SEEK_SET));
  if (k.pos == Pos::Shared) b.note(MPI_File_seek_shared(j.fh, offset(b), MPI_SEEK_SET));
}

// P_ and C_ _indv: a view of this rank's blocks, count bytes every p * count from rank * count.
void view_own_blocks(BoundOp& b) {
  IoJob& j = *b.io;
  const std::int64_t n = count_of(j);
  MPI_Datatype block = MPI_DATATYPE_NULL;
  b.note(MPI_Type_contiguous(static_cast<int>(n), MPI_BYTE, &block));
  b.note(MPI_Type_create_resized(block, 0, static_cast<MPI_Aint>(n * b.size), &j.filetype));
  b.note(MPI_Type_commit(&j.filetype));
  MPI_Type_free(&block);
  j.own_filetype = true;
  j.view_disp = b.rank * n;
}

void imb_prepare(BoundOp& b) {
  IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  const std::int64_t n = count_of(j);
  // make_group's job, for the three groups IMB uses.
  j.file_comm = k.who == Who::Single || k.pos == Pos::Priv ? MPI_COMM_SELF : b.comm;
  io_name_file(j);
  if (!j.write) {
    j.content_bytes = j.file_bytes;
    io_create_content(b);
  }
  (void)n;
  if (!j.write) io_drop_cache(j);
  int amode = j.write ? MPI_MODE_WRONLY | MPI_MODE_CREATE : MPI_MODE_RDONLY;
  if (j.cfg.unique_open) amode |= MPI_MODE_UNIQUE_OPEN;
  io_open(b, amode);
  if (k.pos == Pos::Indv && k.who != Who::Single) view_own_blocks(b);
  io_set_view(b);
  j.position = 0;
  place_pointer(b);
}

void imb_advance(BoundOp& b) {
  IoJob& j = *b.io;
  j.position = (j.position + j.transfers) % j.positions;
  place_pointer(b);
  if (!j.write) io_drop_cache(j);
}

// The buffer of the call's access t: the send buffer (every write sends the same bytes), or the
// receive buffer's slice t.
char* buffer_of(BoundOp& b, std::int64_t t) noexcept {
  IoJob& j = *b.io;
  return j.write ? b.buf.send() : b.buf.recv() + t * count_of(j);
}

// One access at position j.position + t.
int imb_access(BoundOp& b, std::int64_t t) noexcept {
  IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  const int n = static_cast<int>(count_of(j));
  char* p = buffer_of(b, t);
  const bool w = j.write;
  const MPI_Offset off = offset_at(b, j.position + t);
  int rc = MPI_SUCCESS;
  if (k.who == Who::Collective) {
    if (k.pos == Pos::Indv)
      rc = w ? MPI_File_write_all(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
             : MPI_File_read_all(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
    else if (k.pos == Pos::Expl)
      rc = w ? MPI_File_write_at_all(j.fh, off, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
             : MPI_File_read_at_all(j.fh, off, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
    else
      rc = w ? MPI_File_write_ordered(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
             : MPI_File_read_ordered(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
  } else if (k.pos == Pos::Expl) {
    rc = w ? MPI_File_write_at(j.fh, off, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
           : MPI_File_read_at(j.fh, off, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
  } else if (k.pos == Pos::Shared) {
    rc = w ? MPI_File_write_shared(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
           : MPI_File_read_shared(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
  } else {
    rc = w ? MPI_File_write(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE)
           : MPI_File_read(j.fh, p, n, MPI_BYTE, MPI_STATUS_IGNORE);
  }
  return rc;
}

void imb_call(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (!j.participates) return;
  const bool sync = j.write && j.cfg.file_sync;
  for (int t = 0; t < j.transfers; ++t) {
    b.note(imb_access(b, t));
    if (sync && !j.aggregate) b.note(MPI_File_sync(j.fh));
  }
  if (sync && j.aggregate) b.note(MPI_File_sync(j.fh));
}

// IMB-IO's I* variants: the noncollective ones start the access with MPI_File_i*, the
// collective ones with the split collective's _begin (MPI has no nonblocking ordered access,
// and IMB uses the split forms for all three); then the CPU busy-wait, then MPI_Wait or _end.
int imb_start(BoundOp& b, std::int64_t t, MPI_Request* req) noexcept {
  IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  const bool w = j.write;
  const MPI_Offset off = offset_at(b, j.position + t);
  const int n = static_cast<int>(count_of(j));
  char* p = buffer_of(b, t);
  if (k.who == Who::Collective) {
    if (k.pos == Pos::Indv)
      return w ? MPI_File_write_all_begin(j.fh, p, n, MPI_BYTE)
               : MPI_File_read_all_begin(j.fh, p, n, MPI_BYTE);
    if (k.pos == Pos::Expl)
      return w ? MPI_File_write_at_all_begin(j.fh, off, p, n, MPI_BYTE)
               : MPI_File_read_at_all_begin(j.fh, off, p, n, MPI_BYTE);
    return w ? MPI_File_write_ordered_begin(j.fh, p, n, MPI_BYTE)
             : MPI_File_read_ordered_begin(j.fh, p, n, MPI_BYTE);
  }
  if (k.pos == Pos::Expl)
    return w ? MPI_File_iwrite_at(j.fh, off, p, n, MPI_BYTE, req)
             : MPI_File_iread_at(j.fh, off, p, n, MPI_BYTE, req);
  if (k.pos == Pos::Shared)
    return w ? MPI_File_iwrite_shared(j.fh, p, n, MPI_BYTE, req)
             : MPI_File_iread_shared(j.fh, p, n, MPI_BYTE, req);
  return w ? MPI_File_iwrite(j.fh, p, n, MPI_BYTE, req) : MPI_File_iread(j.fh, p, n, MPI_BYTE, req);
}

int imb_complete(BoundOp& b, std::int64_t t, MPI_Request* req) noexcept {
  IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  char* p = buffer_of(b, t);
  if (k.who != Who::Collective) return MPI_Wait(req, MPI_STATUS_IGNORE);
  const bool w = j.write;
  if (k.pos == Pos::Indv)
    return w ? MPI_File_write_all_end(j.fh, p, MPI_STATUS_IGNORE)
             : MPI_File_read_all_end(j.fh, p, MPI_STATUS_IGNORE);
  if (k.pos == Pos::Expl)
    return w ? MPI_File_write_at_all_end(j.fh, p, MPI_STATUS_IGNORE)
             : MPI_File_read_at_all_end(j.fh, p, MPI_STATUS_IGNORE);
  return w ? MPI_File_write_ordered_end(j.fh, p, MPI_STATUS_IGNORE)
           : MPI_File_read_ordered_end(j.fh, p, MPI_STATUS_IGNORE);
}

// Aggregate and noncollective: all accesses started, the CPU work of each, one MPI_Waitall (a
// split collective allows one access at a time on a file, so those go one by one). Then writes
// sync once; non-aggregate, each access is started, worked over, completed and synced in turn.
void imb_call_nonblocking(BoundOp& b) noexcept {
  IoJob& j = *b.io;
  if (!j.participates) return;
  const bool sync = j.write && j.cfg.file_sync;
  if (j.aggregate && kind_of(b).who != Who::Collective) {
    MPI_Request reqs[kMaxPositions];
    std::fill_n(reqs, j.transfers, MPI_REQUEST_NULL);
    for (int t = 0; t < j.transfers; ++t) b.note(imb_start(b, t, &reqs[t]));
    busy_wait(j.overlap_ns * j.transfers);
    b.note(MPI_Waitall(j.transfers, reqs, MPI_STATUSES_IGNORE));
  } else {
    for (int t = 0; t < j.transfers; ++t) {
      MPI_Request req = MPI_REQUEST_NULL;
      b.note(imb_start(b, t, &req));
      busy_wait(j.overlap_ns);
      b.note(imb_complete(b, t, &req));
      if (sync && !j.aggregate) b.note(MPI_File_sync(j.fh));
    }
  }
  if (sync && j.aggregate) b.note(MPI_File_sync(j.fh));
}

// --- verification: writes leave the rank's pattern at its block (shared pointers: at one of
// the position's p blocks, in any order); reads find the file's bytes there.

void imb_fill(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.write) return fill_sentinel(b.buf.recv(), count_of(j) * j.transfers);
  for (std::int64_t k = 0; k < count_of(j); ++k)
    b.buf.send()[k] = static_cast<char>(pattern_byte(b.rank, k));
}

// Before the check of a write to the shared pointer: each rank looks for its block among all
// ranks' blocks, so the other ranks' writes must be visible to it. MPI's consistency rule for
// that is sync, barrier, sync (MPI 4.0 §14.6.1); without it the check once read the file before
// the other rank's block of C_Write_shared had landed.
void imb_settle(BoundOp& b) {
  IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  if (!j.participates || !j.write || k.pos != Pos::Shared || k.who == Who::Single ||
      j.fh == MPI_FILE_NULL)
    return;
  b.note(MPI_File_sync(j.fh));
  b.note(MPI_Barrier(j.file_comm));
  b.note(MPI_File_sync(j.fh));
}

// The block of the call's access t.
std::optional<std::string> imb_check_at(const BoundOp& b, std::int64_t t) {
  const IoJob& j = *b.io;
  const ImbKind k = kind_of(b);
  const std::int64_t n = count_of(j);
  const bool shared = k.pos == Pos::Shared && k.who != Who::Single;
  // The noncollective shared pointer: the order of the ranks is not fixed, and ROMIO's pointer
  // was seen to skip a block after an earlier job's shared-pointer file (docs/io.md): the
  // rank's block may be in any block-aligned slot of the file.
  const bool anywhere = shared && k.who == Who::Parallel;
  const MPI_Offset base = anywhere ? 0 : offset_at(b, j.position + t);
  int slots = anywhere ? static_cast<int>(j.file_bytes / n) : shared ? b.size : 1;
  std::vector<char> file(static_cast<std::size_t>(n * slots));
  if (j.write) {
    const int fd = ::open(j.path.c_str(), O_RDONLY);
    const ssize_t got = fd < 0 ? -1 : ::pread(fd, file.data(), file.size(), base);
    if (fd >= 0) ::close(fd);
    if (anywhere && got >= n)
      slots = static_cast<int>(got / n);  // the file written so far
    else if (got != static_cast<ssize_t>(file.size()))
      return message_text(DiagId::job_verify_mismatch, b.name, b.rank,
                          message_text(DiagId::verify_in_file), base,
                          message_text(DiagId::verify_found_file_short_blocks));
  }
  for (int s = 0; s < slots; ++s) {
    bool same = true;
    for (std::int64_t x = 0; x < n && same; ++x) {
      const std::uint8_t want = j.write ? pattern_byte(b.rank, x) : io_file_byte(base + s * n + x);
      const std::uint8_t have = static_cast<std::uint8_t>(
          j.write ? file[static_cast<std::size_t>(s * n + x)] : b.buf.recv()[t * n + x]);
      same = want == have;
    }
    if (same) return std::nullopt;
  }
  return message_text(
      DiagId::job_verify_mismatch, b.name, b.rank,
      message_text(j.write ? DiagId::verify_in_file : DiagId::verify_in_receive_buffer), base,
      message_text(shared ? DiagId::verify_found_block_in_no_slot
                          : DiagId::verify_found_block_differs));
}

// Every access of the call (a write to the noncollective shared pointer: its block anywhere,
// once, since all its writes send the same bytes).
std::optional<std::string> imb_check(const BoundOp& b) {
  const IoJob& j = *b.io;
  if (!j.participates || j.cfg.datarep != "native") return std::nullopt;
  const bool once = j.write && kind_of(b).pos == Pos::Shared && kind_of(b).who == Who::Parallel;
  for (std::int64_t t = 0; t < (once ? 1 : j.transfers); ++t)
    if (auto m = imb_check_at(b, t)) return m;
  return std::nullopt;
}

// Writes and the I* variants: (count, transfers, aggregate). The positions of a file are a multiple
// of transfers, so that a call's accesses never wrap.
void bind_transfers(BoundOp& b, const Args& a) {
  IoJob& j = *b.io;
  if (!a.has("transfers")) return;
  const std::int64_t transfers = a.integer("transfers");
  const std::int64_t aggregate = a.integer("aggregate");
  // Both checked by check_op_call (op_checks.h): 1 .. kMaxIoTransfers, and 0 or 1.
  j.transfers = static_cast<int>(transfers);
  j.aggregate = aggregate == 1;
  j.positions = std::max(j.positions / transfers, std::int64_t{1}) * transfers;
  b.divisor = j.transfers;
}

void bind_imb(BoundOp& b, const Args& a, Who who, Pos pos, bool write, bool nonblocking = false) {
  IoJob& j = io_start_job(b, write);
  j.tag = static_cast<int>(who) * 4 + static_cast<int>(pos);
  const std::int64_t n = a.count("count");
  if (n < 1) bind_error(b, DiagId::job_param_not_positive, "count", n);
  j.blocks = {{0, n, 0}};
  j.participates = who != Who::Single || b.rank == 0;
  const std::int64_t ranks_in_file = who == Who::Single || pos == Pos::Priv ? 1 : b.size;
  j.positions =
      std::clamp<std::int64_t>(kFileBudget / std::max<std::int64_t>(n, 1), 1, kMaxPositions);
  bind_transfers(b, a);
  j.file_bytes = j.positions * ranks_in_file * n;
  (write ? b.send_need_bytes : b.recv_need_bytes) = write ? n : n * j.transfers;
  io_check_space(j.folder,
                 who == Who::Single ? j.file_bytes : j.file_bytes * (pos == Pos::Priv ? b.size : 1),
                 b.name);
  b.call_fn = imb_call;
  if (nonblocking) {
    j.overlap_ns = std::llround(a.seconds("compute") * 1e9);  // checked: op_checks.h
    b.call_fn = imb_call_nonblocking;
  }
  b.prepare_fn = imb_prepare;
  b.advance_fn = imb_advance;
  b.release_fn = io_release;
  b.fill_fn = imb_fill;
  b.check_fn = imb_check;
  b.settle_fn = imb_settle;
}

}  // namespace

// Each of IMB-IO's patterns as a row: its blocking function and its nonblocking I* variant (the
// access started, `compute` of CPU work, completed).
#define IMB_BINDS(name, iname, who, pos, write)      \
  void bind_imb_##name(BoundOp& b, const Args& a) {  \
    bind_imb(b, a, Who::who, Pos::pos, write);       \
  }                                                  \
  void bind_imb_##iname(BoundOp& b, const Args& a) { \
    bind_imb(b, a, Who::who, Pos::pos, write, true); \
  }
IMB_BINDS(s_write_indv, s_iwrite_indv, Single, Indv, true)
IMB_BINDS(s_write_expl, s_iwrite_expl, Single, Expl, true)
IMB_BINDS(s_read_indv, s_iread_indv, Single, Indv, false)
IMB_BINDS(s_read_expl, s_iread_expl, Single, Expl, false)
IMB_BINDS(p_write_indv, p_iwrite_indv, Parallel, Indv, true)
IMB_BINDS(p_write_expl, p_iwrite_expl, Parallel, Expl, true)
IMB_BINDS(p_write_shared, p_iwrite_shared, Parallel, Shared, true)
IMB_BINDS(p_write_priv, p_iwrite_priv, Parallel, Priv, true)
IMB_BINDS(p_read_indv, p_iread_indv, Parallel, Indv, false)
IMB_BINDS(p_read_expl, p_iread_expl, Parallel, Expl, false)
IMB_BINDS(p_read_shared, p_iread_shared, Parallel, Shared, false)
IMB_BINDS(p_read_priv, p_iread_priv, Parallel, Priv, false)
IMB_BINDS(c_write_indv, c_iwrite_indv, Collective, Indv, true)
IMB_BINDS(c_write_expl, c_iwrite_expl, Collective, Expl, true)
IMB_BINDS(c_write_shared, c_iwrite_shared, Collective, Shared, true)
IMB_BINDS(c_read_indv, c_iread_indv, Collective, Indv, false)
IMB_BINDS(c_read_expl, c_iread_expl, Collective, Expl, false)
IMB_BINDS(c_read_shared, c_iread_shared, Collective, Shared, false)
#undef IMB_BINDS

}  // namespace metron::rt::ops
