// What SKaMPI's MPI_IO_* functions (io_skampi_patterns.cpp, io_skampi_file_ops.cpp; docs/io.md)
// bind the same way: the job from the function's arguments, the group that opens a file, and the
// hooks of a laid-out job with the disk check before them.
#pragma once

#include <cstdint>
#include <string_view>

#include "runtime/ops/io_job.h"
#include "runtime/ops/op_impl.h"

namespace metron::rt::ops {

// A job with the settings and folder; types (memtype, etype, filetype) and the data access
// class (daccess) from the arguments where the function has them. Throws (bind_error) for what
// MPI-IO here cannot do.
IoJob& skampi_io_start(BoundOp& b, const Args& a, bool write);

// The integer argument `name`, refused (bind_error) below 1.
std::int64_t skampi_io_positive(BoundOp& b, const Args& a, std::string_view name);

// Set-up, once every rank has bound: the communicator that opens the file (the job, the rank
// alone, its pair, or the readers) and the file's name.
void skampi_io_make_group(BoundOp& b);

// The hooks of a SKaMPI MPI-IO function once its IoJob is laid out: the timed call, the set-up
// once every rank has bound, the set-up of each next observation, verification.
struct SkampiIoHooks {
  CallFn call;
  FillFn prepare;
  FillFn advance;
  CheckFn check;
  FillFn fill = nullptr;
};
// The disk check (the files of every rank live in the same folder), then the hooks; every
// function releases with io_release.
void skampi_io_finish(BoundOp& b, const SkampiIoHooks& h);

}  // namespace metron::rt::ops
