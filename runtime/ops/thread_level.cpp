// MPI's thread support levels by name, and MPI's start at the level the run asks for.
#include "runtime/ops/thread_level.h"

#include <chrono>
#include <cstdlib>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/sysinfo.h"

namespace metron::rt {

namespace {
int g_requested = -1;
StartupTimes g_startup;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The first collective after MPI_Init, timed as osu_hello's start-up: what a program waits for
// until every rank can communicate.
void time_first_barrier() {
  const auto t0 = std::chrono::steady_clock::now();
  MPI_Barrier(MPI_COMM_WORLD);
  g_startup.first_barrier_s = seconds_since(t0);
}
}  // namespace

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
  keep_environment_before_init();
  const char* env = std::getenv(kThreadLevelEnv);
  const std::string word = env ? env : "";
  const std::optional<int> level = word.empty() ? std::nullopt : thread_level_named(word);
  // A steady clock: MPI_Wtime is not defined before MPI_Init.
  const auto t0 = std::chrono::steady_clock::now();
  if (!level) {
    MPI_Init(argc, argv);
    g_startup.init_s = seconds_since(t0);
    g_startup.call = "MPI_Init";
    time_first_barrier();
    return word;
  }
  g_requested = *level;
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(argc, argv, *level, &provided);
  g_startup.init_s = seconds_since(t0);
  g_startup.call = "MPI_Init_thread";
  time_first_barrier();
  return "";
}

const StartupTimes& startup_times() {
  return g_startup;
}

}  // namespace metron::rt
