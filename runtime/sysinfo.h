// The machine and software a run measured on: hosts, CPU, MPI library, compiler, environment
// variables that shape MPI's behaviour, and process pinning. The lead writes it to manifest.json.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

struct SysInfo {
  std::string host;                          // this rank's gethostname()
  std::string mpi_library_version;           // MPI_Get_library_version, trailing space trimmed
  std::string mpi_library;                   // its short name: "MPICH 4.0.2", "Open MPI 4.1.4"
  std::vector<std::string> mpi_lacks;        // the call families the build found it lacks
  std::string mpi_standard_version;          // MPI_Get_version, e.g. "4.0"
  std::string mpi_thread_level;              // MPI_Query_thread, e.g. "MPI_THREAD_SINGLE"
  std::string mpi_thread_level_requested;    // MPI_Init_thread's request; "" after MPI_Init
  std::vector<std::string> processor_names;  // MPI_Get_processor_name of every rank, by rank
                                             // (rank 0 of the communicator only)
  std::string cpu_model;                     // /proc/cpuinfo "model name"
  int cores_online = 0;                      // sysconf(_SC_NPROCESSORS_ONLN)
  std::string compiler;                      // __VERSION__ of the compiler that built metron_mpi
  std::string build_flags;                   // what the preprocessor knows: -O level, NDEBUG, ...
  std::vector<std::pair<std::string, std::string>> environment;  // sorted by name
  std::vector<int> affinity;                                     // CPUs this rank may run on
  bool pinned = false;                         // this rank may run on exactly one CPU
  bool all_ranks_pinned = false;               // every rank of the communicator is pinned
  std::vector<std::string> cpu_flags_of_note;  // constant_tsc, nonstop_tsc, rdtscp, ...
};

// Collective over comm (gathers processor names and pinning to every rank).
SysInfo collect_sysinfo(MPI_Comm comm);

// Keeps the recorded environment variables as the process got them, before MPI_Init: the
// environment that collect_sysinfo records is then what the user and the launcher set, not
// what the library sets for itself while it starts (Open MPI sets PSM2_DEVICES).
void keep_environment_before_init();

// Whether an environment variable is recorded: MPIR_CVAR_*, MPICH_*, HYDRA_*, OMP_*, UCX_*,
// FI_*, I_MPI_*, OMPI_MCA_*, and pinning-related names (see sysinfo.cpp).
bool is_recorded_env(std::string_view name);

// CPUs in this process's affinity mask (sched_getaffinity).
std::vector<int> affinity_cpus();
// The process may run on exactly one CPU.
bool process_pinned();
// A flag from the "flags" line of /proc/cpuinfo (first processor).
bool has_cpu_flag(std::string_view flag);
// The size of the last-level data (or unified) cache of CPU 0, from sysfs; 0 when not reported.
std::int64_t last_level_cache_bytes();

void to_json(nlohmann::json& j, const SysInfo& s);

}  // namespace metron::rt
