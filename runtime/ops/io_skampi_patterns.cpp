// SKaMPI's MPI_IO_* data patterns (io.c; docs/io.md): for each function, the file layout of its
// pattern as blocks per rank (io_skampi_data_job.h runs them). Segmented, strided, separate,
// sequential, noncontiguous, random and once, each as a write and a read function; read_file,
// read_and_distribute (its readers' parts gathered with MPI_Allgatherv, in the timed region) and
// write_and_read (pairs: the odd rank writes while the even one reads).
#include <algorithm>
#include <cstdint>

#include "runtime/ops/io_job.h"
#include "runtime/ops/io_skampi_binding.h"
#include "runtime/ops/io_skampi_data_job.h"
#include "runtime/ops/op_impl.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/io_view.h"

namespace metron::rt::ops {

namespace {

void no_shared_pointer(BoundOp& b, const IoJob& j) {
  if (j.daccess & kIoSharedPointer) bind_error(b, DiagId::job_io_shared_pointer_pattern, j.daccess);
}

void bind_segmented(BoundOp& b, const Args& a, bool write) {
  skampi_io_start(b, a, write);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < mem) bind_error(b, DiagId::job_io_stride_below_memsize, stride, mem);
  skampi_io_lay_out(b, b.size, b.rank, [&](int r) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return r * stride + i * bl; });
  });
  skampi_io_finish_data(b);
}

void bind_strided(BoundOp& b, const Args& a, bool write) {
  skampi_io_start(b, a, write);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < bl) bind_error(b, DiagId::job_io_stride_below_blocklen, stride, bl);
  const std::int64_t p = b.size;
  skampi_io_lay_out(b, b.size, b.rank, [&](int r) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return (i * p + r) * stride; });
  });
  skampi_io_finish_data(b);
}

void bind_separate(BoundOp& b, const Args& a, bool write) {
  IoJob& j = skampi_io_start(b, a, write);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  const std::int64_t stride = a.integer("stride");
  if (stride < bl) bind_error(b, DiagId::job_io_stride_below_blocklen, stride, bl);
  j.group = IoJob::Group::Self;
  skampi_io_lay_out(b, 1, 0, [&](int) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return i * stride; });
  });
  skampi_io_finish_data(b);
}

void bind_sequential(BoundOp& b, const Args& a, bool write) {
  IoJob& j = skampi_io_start(b, a, write);
  if (!(j.daccess & kIoSharedPointer)) bind_error(b, DiagId::job_io_sequential_daccess, j.daccess);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  j.amode = MPI_MODE_SEQUENTIAL;
  skampi_io_lay_out(b, b.size, b.rank, [&](int r) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return r * mem + i * bl; });
  });
  skampi_io_finish_data(b);
}

void bind_noncontiguous(BoundOp& b, const Args& a, bool write) {
  IoJob& j = skampi_io_start(b, a, write);
  no_shared_pointer(b, j);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  // A derived filetype (SKaMPI's subarray) gives each rank its part of the file, and every
  // view starts at 0 as SKaMPI's. With a basic filetype every rank's view would start at 0 and
  // the ranks would write over each other: each rank's view begins at its own segment instead
  // (docs/io.md).
  if (j.file_dt_arg.is_basic()) j.disp_step = mem * j.elem_bytes;
  skampi_io_lay_out(b, b.size, b.rank, [&](int) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return i * bl; });
  });
  skampi_io_finish_data(b);
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
  skampi_io_start(b, a, write);
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
  skampi_io_lay_out(b, p, b.rank, [&](int r) { return all[static_cast<std::size_t>(r)]; });
  skampi_io_finish_data(b);
}

void bind_once(BoundOp& b, const Args& a, bool write) {
  IoJob& j = skampi_io_start(b, a, write);
  const std::int64_t n = skampi_io_positive(b, a, "count");
  const bool priv = a.integer("private") != 0;
  if (priv) j.group = IoJob::Group::Self;
  skampi_io_lay_out(b, priv ? 1 : b.size, priv ? 0 : b.rank, [&](int r) {
    return std::vector<IoBlock>{{priv ? 0 : r * n, n, 0}};
  });
  skampi_io_finish_data(b);
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
  IoJob& j = skampi_io_start(b, a, false);
  no_shared_pointer(b, j);
  const std::int64_t n = skampi_io_positive(b, a, "count");
  j.open_timed = true;
  // Every rank reads the whole file: the same block; the file is the one block.
  skampi_io_lay_out(b, b.size, b.rank, [&](int) { return std::vector<IoBlock>{{0, n, 0}}; });
  skampi_io_finish_data(b);
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
  IoJob& j = skampi_io_start(b, a, false);
  no_shared_pointer(b, j);
  const std::int64_t n = skampi_io_positive(b, a, "count");
  const std::int64_t readers = std::clamp<std::int64_t>(a.integer("np"), 1, b.size);
  const std::int64_t padded = (n + readers - 1) / readers * readers, part = padded / readers;
  if (padded > INT32_MAX) bind_error(b, DiagId::job_io_padded_count);
  j.group = IoJob::Group::Readers;
  j.readers = static_cast<int>(readers);
  j.open_timed = true;
  const int me = b.rank < readers ? b.rank : 0;
  skampi_io_lay_out(b, static_cast<int>(readers), me, [&](int r) {
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
  skampi_io_finish(b, {call_read_distribute, skampi_io_prepare_data, skampi_io_after_data,
                       check_distributed, fill_distributed});
}

namespace {

// write_and_read: the reader reads the blocks while the writer writes them, with no
// synchronization between the two (SKaMPI's pattern), so a read may see the file's bytes from
// before or after the write (MPI 4.0 §14.6.1: nonatomic conflicting accesses). The writer's
// buffer slots hold the file's own bytes from the start, so both are the same and every read
// can be checked exactly, even after an observation made without fill_fn (tests/mpi's catalog
// harness read stale bytes before: the first write had put an unfilled buffer in the file).
void prepare_write_and_read(BoundOp& b) {
  skampi_io_prepare_data(b);
  if (!b.io->write) return;
  for (std::int64_t k = 0; k < b.buf.slots(); ++k) {
    io_fill_for_write(b);
    b.buf.advance();
  }
  b.buf.rewind();
}

}  // namespace

void bind_io_write_and_read(BoundOp& b, const Args& a) {
  IoJob& j = skampi_io_start(b, a, b.rank % 2 == 1);  // SKaMPI: the odd rank of a pair writes
  if (b.size % 2 != 0) bind_error(b, DiagId::job_io_even_ranks, b.size);
  if (j.daccess & (kIoCollective | kIoSharedPointer))
    bind_error(b, DiagId::job_io_pairs_daccess, j.daccess);
  const std::int64_t mem = skampi_io_positive(b, a, "memsize");
  const std::int64_t bl = skampi_io_positive(b, a, "blocklen");
  j.group = IoJob::Group::Pairs;
  j.sync_all = true;
  skampi_io_lay_out(b, 2, b.rank % 2, [&](int) {
    return skampi_io_pieces(mem, bl, [&](std::int64_t i) { return i * bl; });
  });
  // Both sides use both buffers' sizes (usage_io_write_and_read): the arena is the same.
  b.send_need_bytes = b.recv_need_bytes = std::max(b.send_need_bytes, b.recv_need_bytes);
  skampi_io_finish_data(b);
  b.prepare_fn = prepare_write_and_read;
}

}  // namespace metron::rt::ops
