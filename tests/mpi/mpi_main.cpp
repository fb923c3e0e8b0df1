// Entry point of each MPI test binary: doctest under MPI_Init/MPI_Finalize. Every rank runs the
// same test cases; a failure on any rank fails every rank, so mpiexec returns non-zero.
// METRON_THREAD_LEVEL=multiple (the threaded operations' tests) starts MPI with
// MPI_Init_thread(MPI_THREAD_MULTIPLE), as `metron exec` does.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
#include <mpi.h>

#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
  const char* level = std::getenv("METRON_THREAD_LEVEL");
  int provided = 0;
  if (level && std::strcmp(level, "multiple") == 0)
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  else
    MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  doctest::Context ctx(argc, argv);
  ctx.setOption("no-intro", true);
  ctx.setOption("no-version", true);
  int failed = ctx.run();
  // Agree on the verdict so every rank exits with the same code.
  int any_failed = 0;
  MPI_Allreduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return any_failed ? 1 : 0;
}
