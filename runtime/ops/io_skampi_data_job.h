// A data-access job of SKaMPI's MPI_IO_* functions (io_skampi_patterns.cpp; docs/io.md): the file
// layout of its pattern as blocks per rank, and its steps outside the timed region (open, view,
// preallocate before each observation, close after it, verification). The timed region is the
// accesses of the pattern (and MPI_File_sync after writes); read_file times the open and close
// as well.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/ops/io_job.h"
#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

// Blocks of `memsize` elements in pieces of `blocklen`, piece i at offset(i) elements.
std::vector<IoBlock> skampi_io_pieces(std::int64_t memsize, std::int64_t blocklen,
                                      const std::function<std::int64_t(std::int64_t)>& offset);

// The layout: blocks_of(group rank) in memory elements; converted to etypes and buffer bytes,
// with the rounds of the collective classes, the shared pointer's order and the file size (the
// end of the last block of any rank, through that rank's view). Sets the buffer this rank needs.
void skampi_io_lay_out(BoundOp& b, int group_size, int my_group_rank,
                       const std::function<std::vector<IoBlock>(int)>& blocks_of);

// The steps of a data job: set-up once (the group, the content a read finds, the first open)
// and after each observation (close, then the next one's open); the hooks a function with its
// own call or check passes to skampi_io_finish.
void skampi_io_prepare_data(BoundOp& b);
void skampi_io_after_data(BoundOp& b);

// The hooks of a laid-out data job: its accesses timed (with open and close for read_file),
// those steps, verification; writes get a new file for each observation.
void skampi_io_finish_data(BoundOp& b);

}  // namespace metron::rt::ops
