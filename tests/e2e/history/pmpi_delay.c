/* A regression injected without changing the script or the binary (tests/e2e/history_*.sh):
 * loaded with LD_PRELOAD into a launch's ranks, this PMPI wrapper makes every MPI_Bcast 500 us
 * slower (a busy wait before the real call, so that the added time is exact). */
#include <mpi.h>
#include <time.h>

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int MPI_Bcast(void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  const double until = now_s() + 500e-6;
  while (now_s() < until) {
  }
  return PMPI_Bcast(buffer, count, datatype, root, comm);
}
