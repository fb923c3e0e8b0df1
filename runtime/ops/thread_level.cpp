// MPI's thread support levels by name, and MPI's start at the level the run asks for.
#include "runtime/ops/thread_level.h"

#include <cstdlib>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

namespace metron::rt {

namespace {
int g_requested = -1;
}

const char* thread_level_name(int level) {
  if (level == MPI_THREAD_MULTIPLE) return "MPI_THREAD_MULTIPLE";
  if (level == MPI_THREAD_SERIALIZED) return "MPI_THREAD_SERIALIZED";
  if (level == MPI_THREAD_FUNNELED) return "MPI_THREAD_FUNNELED";
  return "MPI_THREAD_SINGLE";
}

std::optional<int> thread_level_named(std::string_view word) {
  if (word == "single") return MPI_THREAD_SINGLE;
  if (word == "funneled") return MPI_THREAD_FUNNELED;
  if (word == "serialized") return MPI_THREAD_SERIALIZED;
  if (word == "multiple") return MPI_THREAD_MULTIPLE;
  return std::nullopt;
}

int provided_thread_level() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) return MPI_THREAD_SINGLE;
  int provided = MPI_THREAD_SINGLE;
  MPI_Query_thread(&provided);
  return provided;
}

int requested_thread_level() {
  return g_requested;
}

std::string init_mpi(int* argc, char*** argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (initialized) return "";
  const char* env = std::getenv(kThreadLevelEnv);
  const std::string word = env ? env : "";
  const std::optional<int> level = word.empty() ? std::nullopt : thread_level_named(word);
  if (!level) {
    MPI_Init(argc, argv);
    return word;
  }
  g_requested = *level;
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(argc, argv, *level, &provided);
  return "";
}

}  // namespace metron::rt
