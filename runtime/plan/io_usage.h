// Buffer use of the MPI-IO operations (SKaMPI's MPI_IO_*, IMB-IO): the memory buffer per rank,
// the reported size and the bytes one time moves, for MB/s (docs/io.md "Sizes and rates").
#pragma once

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"

namespace metron {

// No memory buffer (open, seek); close / delete / preallocate report the file size `count`.
BufferUse usage_io_none(const OpArgs& a, int comm_size);
BufferUse usage_io_file_size(const OpArgs& a, int comm_size);
BufferUse usage_io_one_byte(const OpArgs& a, int comm_size);
// SKaMPI: every rank writes / reads `count` (or `memsize`) elements of memtype; the reported
// size and the rate are the sum over ranks, as SKaMPI's send_buffer_init reports it.
BufferUse usage_io_write_count(const OpArgs& a, int comm_size);
BufferUse usage_io_read_count(const OpArgs& a, int comm_size);
BufferUse usage_io_write_memsize(const OpArgs& a, int comm_size);
BufferUse usage_io_read_memsize(const OpArgs& a, int comm_size);
BufferUse usage_io_write_random(const OpArgs& a, int comm_size);
BufferUse usage_io_read_random(const OpArgs& a, int comm_size);
BufferUse usage_io_write_and_read(const OpArgs& a, int comm_size);
// The file of count elements once (every rank ends with all of it).
BufferUse usage_io_read_and_distribute(const OpArgs& a, int comm_size);
// IMB-IO: count bytes per rank; the rate is IMB's x/t (x: the bytes of one process).
BufferUse usage_imb_single_write(const OpArgs& a, int comm_size);
BufferUse usage_imb_single_read(const OpArgs& a, int comm_size);
// SKaMPI's local IO (local_io.h): size or 2^power bytes.
BufferUse usage_local_io_read(const OpArgs& a, int comm_size);
BufferUse usage_local_io_write(const OpArgs& a, int comm_size);
BufferUse usage_imb_parallel_write(const OpArgs& a, int comm_size);
BufferUse usage_imb_parallel_read(const OpArgs& a, int comm_size);

}  // namespace metron
