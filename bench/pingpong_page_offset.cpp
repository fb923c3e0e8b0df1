// How much a 64 KiB ping-pong on 2 shared-memory ranks depends on where its buffers start within
// a page: the question behind Metron's 0.91 ratio against IMB's PingPong 64 KiB
// (docs/measurements.md). Metron's buffers start on a page boundary (runtime/ops/arena.cpp);
// IMB's come from MPI_Alloc_mem, which in MPICH is malloc, so they start anywhere within a page.
// Plain MPI, no Metron code: IMB PingPong's definition, the mean one-way time of a loop of 640
// round trips after a double barrier, 15 loops per offset, offsets interleaved in two passes.
//
//   mpiexec -n 2 ./pingpong_page_offset [passes=2]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int kBytes = 65536, kIters = 640, kLoops = 15, kWarmup = 64;
constexpr std::size_t kPage = 4096, kHalf = std::size_t{1} << 21;

void round_trips(int me, char* send, char* recv, int n) {
  for (int i = 0; i < n; ++i) {
    if (me == 0) {
      MPI_Send(send, kBytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(recv, kBytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(recv, kBytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(send, kBytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
    }
  }
}

// The median over loops of the mean one-way time (us), buffers `offset` bytes past a page.
double median_one_way(int me, char* base, std::size_t offset) {
  char* send = base + offset;
  char* recv = base + kHalf + offset;
  round_trips(me, send, recv, kWarmup);
  std::vector<double> t;
  for (int l = 0; l < kLoops; ++l) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    round_trips(me, send, recv, kIters);
    t.push_back((MPI_Wtime() - t0) / kIters / 2 * 1e6);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0, np = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np != 2) {
    if (me == 0) std::fprintf(stderr, "pingpong_page_offset: run on 2 ranks\n");
    MPI_Finalize();
    return 1;
  }
  const int passes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 2;
  char* base = static_cast<char*>(std::aligned_alloc(kPage, 2 * kHalf));
  std::memset(base, 1, 2 * kHalf);
  const std::size_t offsets[] = {0, 16, 64, 1264};
  if (me == 0) std::printf("%-6s %-8s %s\n", "pass", "offset", "one way (us, median of loops)");
  for (int p = 0; p < passes; ++p)
    for (std::size_t off : offsets) {
      const double us = median_one_way(me, base, off);
      if (me == 0) std::printf("%-6d %-8zu %.3f\n", p + 1, off, us);
    }
  std::free(base);
  MPI_Finalize();
  return 0;
}
