// The binding SKaMPI's MPI_IO_* functions share (see io_skampi_binding.h).
#include "runtime/ops/io_skampi_binding.h"

#include "runtime/ops/derived_types.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/io_view.h"

namespace metron::rt::ops {

IoJob& skampi_io_start(BoundOp& b, const Args& a, bool write) {
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

std::int64_t skampi_io_positive(BoundOp& b, const Args& a, std::string_view name) {
  const std::int64_t v = a.integer(name);
  if (v < 1) bind_error(b, DiagId::job_param_not_positive, name, v);
  return v;
}

void skampi_io_make_group(BoundOp& b) {
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

void skampi_io_finish(BoundOp& b, const SkampiIoHooks& h) {
  // The disk check: the files of every rank live in the same folder.
  IoJob& j = *b.io;
  std::int64_t files = j.file_bytes;
  if (j.group == IoJob::Group::Self) files *= b.size;
  if (j.group == IoJob::Group::Pairs) files *= b.size / 2;
  io_check_space(j.folder, files, b.name);
  b.call_fn = h.call;
  b.prepare_fn = h.prepare;
  b.advance_fn = h.advance;
  b.release_fn = io_release;
  b.fill_fn = h.fill;
  b.check_fn = h.check;
}

}  // namespace metron::rt::ops
