// SPMD loading: rank 0 reads the script and its includes from disk and broadcasts the bytes;
// every rank then parses the same text and builds the same plan (SKaMPI's execution model, in
// which one rank reads the script).
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <map>
#include <memory>
#include <string>

#include "runtime/plan/loaded_script.h"

namespace metron::rt {

// Collective over comm. Every rank returns a script with identical diagnostics and plan, loaded by
// `load` (the front end's loader, handed in by the CLI).
// `files` (rank 0) receives every file read, for the manifest. Rank 0 reads with `reader`
// (a script from standard input or the command line comes through it; see script_input.h).
std::unique_ptr<LoadedScript> load_program_spmd(const ScriptLoader& load, const std::string& path,
                                                const BuildOptions& options, MPI_Comm comm,
                                                std::map<std::string, std::string>* files = nullptr,
                                                FileReader reader = read_file_from_disk);

}  // namespace metron::rt
