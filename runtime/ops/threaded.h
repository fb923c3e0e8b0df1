// Threaded operations: an operation measured from T threads per rank. Each thread has
// its own part, a BoundOp of the base operation with its own share of the job's buffer slots and,
// as IMB-MT runs its benchmarks, its own duplicate of the job communicator (osu_latency_mt's
// threads share the job communicator; rank 0 may have one thread only, threaded.cpp). The
// schemes time each thread's calls with run_threaded (runtime/schemes/threaded.cpp);
// verification and warm-up run call(), all threads once.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/ops/bound_op.h"
#include "runtime/ops/thread_team.h"

namespace metron::rt::ops {

struct ThreadedParts {
  std::vector<BoundOp> parts;        // one per thread of this rank; part t runs on thread t
  bool own_comms = true;             // IMB-MT: a duplicate per part; osu_latency_mt: shared
  std::vector<MPI_Comm> comms;       // the duplicates, made by prepare, freed by release
  std::unique_ptr<ThreadTeam> team;  // made by prepare, once every rank has bound
  std::int64_t send_share = 0;       // bytes of the parent's slot per part
  std::int64_t recv_share = 0;
  // The schemes' per-thread raw timer stamps (as SchemeRun's), sized before a loop.
  std::vector<std::vector<std::uint64_t>> stamps_start, stamps_end;
};

// BoundOp::restart of a threaded operation: every part's buffer cycle and index.
void threaded_restart(BoundOp& b) noexcept;

}  // namespace metron::rt::ops
