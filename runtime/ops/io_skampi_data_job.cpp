// A data-access job of SKaMPI's MPI_IO_* functions: its layout and its steps (see
// io_skampi_data_job.h).
#include "runtime/ops/io_skampi_data_job.h"

#include <algorithm>

#include "runtime/ops/io_skampi_binding.h"
#include "runtime/plan/io_view.h"

namespace metron::rt::ops {

namespace {

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

}  // namespace

std::vector<IoBlock> skampi_io_pieces(std::int64_t memsize, std::int64_t blocklen,
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

void skampi_io_lay_out(BoundOp& b, int group_size, int my_group_rank,
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

void skampi_io_prepare_data(BoundOp& b) {
  IoJob& j = *b.io;
  skampi_io_make_group(b);
  if (!j.write || j.sync_all) {
    j.content_bytes = j.file_bytes;
    io_create_content(b);
  }
  before_data(b);
}

void skampi_io_after_data(BoundOp& b) {
  IoJob& j = *b.io;
  if (!j.open_timed) io_close(b);
  before_data(b);
}

void skampi_io_finish_data(BoundOp& b) {
  IoJob& j = *b.io;
  if (j.write && j.group != IoJob::Group::Pairs) j.delete_per_obs = true;  // a new file each
  skampi_io_finish(b, {j.open_timed ? call_open_read_close : call_data, skampi_io_prepare_data,
                       skampi_io_after_data, check_data, fill_data});
}

}  // namespace metron::rt::ops
