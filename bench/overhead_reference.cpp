// Overhead of Metron's timed path against a minimal hand-written MPI benchmark: MPI_Barrier and
// MPI_Bcast (8 B, 64 KiB), each measured as "barrier; t0 = MPI_Wtime(); call; t1 = MPI_Wtime()"
// by a plain loop and by JobRunner (MS1, barrier sync, MPI_Wtime, no buffer cycling so both use
// one warm buffer), interleaved in rounds (ABBA order) so drift of the machine hits both alike.
// Each observation's time is the max over ranks of the local duration. Prints the medians, their
// ratio (target 1.00 +- 0.03 on 2 ranks), a cold-cache row (Metron with buffer cycling, for
// information), and the timers' resolution and overhead.
//
//   mpiexec -n 2 ./overhead_reference [rounds=100] [observations per batch=100]
//
// Many short rounds rather than few long ones: on a shared machine the latency of an 8-byte
// Bcast switches between modes (e.g. 0.28 and 0.46 us) over seconds, and short alternating
// batches give both methods the same mix of modes.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/measure/local_runtime.h"
#include "runtime/ops/catalog.h"
#include "runtime/timers/timer_info.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace metron;

namespace {

struct Case {
  const char* label;
  const char* op;      // measurement function
  std::int64_t bytes;  // message size; Bcast of that many MPI_CHAR
};

// The reference: nothing but barrier, timer, call, timer.
void reference_batch(const Case& c, MPI_Comm sync, MPI_Comm comm, char* buf, int n,
                     std::vector<double>& start, std::vector<double>& end) {
  const bool barrier_op = std::string(c.op) == "Barrier";
  const int count = static_cast<int>(c.bytes);
  for (int i = 0; i < n; ++i) {
    MPI_Barrier(sync);
    const double t0 = MPI_Wtime();
    if (barrier_op)
      MPI_Barrier(comm);
    else
      MPI_Bcast(buf, count, MPI_CHAR, 0, comm);
    const double t1 = MPI_Wtime();
    start[static_cast<std::size_t>(i)] = t0;
    end[static_cast<std::size_t>(i)] = t1;
  }
}

Job make_job(const Case& c) {
  Job job;
  if (std::string(c.op) == "Barrier")
    job.op = rt::make_op_call("Barrier", {});
  else
    job.op = rt::make_op_call(c.op, {c.bytes, Value(rt::datatype_named("MPI_CHAR")), 0});
  return job;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Appends this batch's max-over-ranks durations (root only).
void collect(MPI_Comm comm, const std::vector<double>& s, const std::vector<double>& e,
             std::vector<double>& out) {
  const rt::GatheredDurations g = rt::gather_local_durations(comm, s, e);
  out.insert(out.end(), g.max_per_obs.begin(), g.max_per_obs.end());
}

struct Pair {
  std::vector<double> ref, met;      // max-over-ranks times, all rounds (root only)
  std::vector<double> round_ratios;  // per round: median(metron batch) / median(reference batch)
};

// Interleaved rounds (ABBA) of a reference batch and a Metron batch of n observations each.
Pair measure_pair(const Case& c, MPI_Comm job_comm, const Settings& settings, int rounds, int n) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rt::JobRunner runner(make_job(c), job_comm, settings);
  // The reference calls on the same communicator with the same buffer as Metron's current slot
  // (the copy speed depends on the buffer's address: alignment against MPI's shared-memory
  // cells), and synchronizes on its own duplicate as Metron's barrier does, so only the timed
  // path differs.
  MPI_Comm ref_sync;
  MPI_Comm_dup(job_comm, &ref_sync);
  char* buf = runner.op().buf.send();
  std::vector<double> s(static_cast<std::size_t>(n)), e(static_cast<std::size_t>(n));
  runner.warmup(50);
  reference_batch(c, ref_sync, job_comm, buf, std::min(n, 50), s, e);
  Pair p;
  rt::Observations obs;
  obs.reserve(n);
  for (int r = 0; r < rounds; ++r) {
    const bool ref_first = r % 2 == 0;
    const std::size_t ref_at = p.ref.size(), met_at = p.met.size();
    for (int k = 0; k < 2; ++k) {
      if ((k == 0) == ref_first) {
        reference_batch(c, ref_sync, job_comm, buf, n, s, e);
        collect(MPI_COMM_WORLD, s, e, p.ref);
      } else {
        obs.clear();
        runner.run_batch(n, obs);
        collect(job_comm, obs.start_s, obs.end_s, p.met);
      }
    }
    if (rank == 0)
      p.round_ratios.push_back(
          median(std::vector<double>(p.met.begin() + static_cast<std::ptrdiff_t>(met_at),
                                     p.met.end())) /
          median(std::vector<double>(p.ref.begin() + static_cast<std::ptrdiff_t>(ref_at),
                                     p.ref.end())));
  }
  MPI_Comm_free(&ref_sync);
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 100;
  const int n = argc > 2 ? std::atoi(argv[2]) : 100;

  MPI_Comm job_comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &job_comm);

  Settings warm;
  warm.timer = TimerKind::Wtime;
  warm.scheme = SchemeKind::PerCall;
  warm.sync.kind = ProcSyncKind::Barrier;
  warm.buffer_cycling = false;
  warm.buffer_bytes = 1 << 20;
  Settings cold = warm;
  cold.buffer_cycling = true;

  const Case cases[] = {
      {"MPI_Barrier", "Barrier", 0}, {"MPI_Bcast", "Bcast", 8}, {"MPI_Bcast", "Bcast", 64 * 1024}};
  if (rank == 0) {
    std::printf("# overhead_reference: %d ranks, %d rounds x %d observations per method\n", size,
                rounds, n);
    std::printf(
        "# time = max over ranks of (t1 - t0); *_us = median over all observations; ratio = "
        "metron_us / reference_us;\n# round_ratio = median over rounds of the ratio of the two "
        "batches' medians (robust when the latency has several modes)\n");
    std::printf("%-12s %9s %14s %14s %7s %12s\n", "operation", "size", "reference_us", "metron_us",
                "ratio", "round_ratio");
  }
  auto report = [&](const Case& c, const Pair& p, const char* note) {
    if (rank != 0) return;
    const double mr = median(p.ref) * 1e6, mm = median(p.met) * 1e6;
    std::printf("%-12s %9lld %14.3f %14.3f %7.3f %12.3f%s\n", c.label,
                static_cast<long long>(c.bytes), mr, mm, mm / mr, median(p.round_ratios), note);
  };
  for (const Case& c : cases) report(c, measure_pair(c, job_comm, warm, rounds, n), "");
  // Cold cache, for information: Metron cycles through 2 x cache_bytes, the reference reuses
  // one buffer, so the ratio is the cost of a cold buffer, not overhead.
  const Case big{"MPI_Bcast", "Bcast", 64 * 1024};
  report(big, measure_pair(big, job_comm, cold, rounds, n),
         "   (Metron with buffer cycling: cold cache)");

  if (rank == 0) {
    std::printf("\n%-10s %14s %14s %16s  %s\n", "timer", "resolution_ns", "overhead_ns",
                "frequency_hz", "frequency_source");
    for (TimerKind k : {TimerKind::Wtime, TimerKind::Monotonic, TimerKind::Rdtscp}) {
      const rt::TimerInfo t = rt::probe_timer(k);
      if (!t.available) {
        std::printf("%-10s unavailable\n", t.name.c_str());
        continue;
      }
      std::printf("%-10s %14.2f %14.2f %16.0f  %s\n", t.name.c_str(), t.resolution_s * 1e9,
                  t.overhead_s * 1e9, t.frequency_hz, t.frequency_source.c_str());
      for (const std::string& w : t.warnings) std::printf("    warning: %s\n", w.c_str());
    }
  }
  MPI_Comm_free(&job_comm);
  MPI_Finalize();
  return 0;
}
