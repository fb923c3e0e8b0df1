// MPI's levels of thread support by name (MPI 4.0 §11.2.1: MPI_Init_thread, MPI_Query_thread),
// and the start of MPI for `metron exec` at the level METRON_THREAD_LEVEL asks for.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "runtime/results/startup_times.h"

namespace metron::rt {

// The environment variable `metron run` sets to "multiple" when its plan runs threads.
inline constexpr const char* kThreadLevelEnv = "METRON_THREAD_LEVEL";

// "MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE".
const char* thread_level_name(int level);
// The level of "single", "funneled", "serialized" or "multiple" (lower case), or nullopt.
std::optional<int> thread_level_named(std::string_view word);
// MPI_Query_thread: what this process's MPI provides (MPI_THREAD_SINGLE before MPI_Init).
int provided_thread_level();
// The level the process asked MPI_Init_thread for, or -1 after a plain MPI_Init.
int requested_thread_level();

// MPI_Init, or MPI_Init_thread at the level METRON_THREAD_LEVEL names, unless MPI is running
// already; then one MPI_Barrier on MPI_COMM_WORLD. Both are timed (startup_times()). Returns
// the unrecognised value of METRON_THREAD_LEVEL ("" when it is fine); MPI is then started with
// MPI_Init, so that the caller can report it and finalize.
std::string init_mpi(int* argc, char*** argv);
// What init_mpi() timed; not measured() when MPI was started elsewhere.
const StartupTimes& startup_times();

}  // namespace metron::rt
