// The run's temporary folder for MPI-IO files (docs/io.md "Working directory"): made by the
// executor inside the results folder before the first job, removed after the last unless a
// job asked to keep its files (io_keep). Jobs with their own io_dir do not use it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/plan.h"

namespace metron::rt {

// The folder of this run ("" : none, operations bound by hand in tests use $TMPDIR or /tmp).
const std::string& io_run_folder();

// Collective over world, before the first job: when the plan has MPI-IO jobs, rank 0 makes
// <out_dir>/io-files and every rank uses it. Returns the manifest's "io" entry (the folders,
// the page cache treatment, whether files are kept), null without MPI-IO jobs.
nlohmann::json io_run_begin(const Plan& plan, const std::string& out_dir, MPI_Comm world);
// After the last job, on rank 0: removes the folder unless a job keeps its files.
void io_run_end();

}  // namespace metron::rt
