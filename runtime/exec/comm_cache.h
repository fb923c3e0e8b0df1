// MPI communicators for the plan's communicator specs, created collectively on the world
// communicator and cached, so every rank creates the same ones in the same order.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <string>
#include <vector>

#include "runtime/plan/value.h"

namespace metron::rt {

class CommCache {
 public:
  explicit CommCache(MPI_Comm world);
  ~CommCache();
  CommCache(const CommCache&) = delete;
  CommCache& operator=(const CommCache&) = delete;

  // Collective over world. Returns the communicator for spec on member ranks and MPI_COMM_NULL
  // elsewhere; `ranks` receives the world ranks in communicator order (resolved at run time for
  // comm2_max_latency_with_root()).
  MPI_Comm get(const CommSpec& spec, std::vector<int>& ranks);

 private:
  std::vector<int> max_latency_pair();
  MPI_Comm split(const std::vector<int>& members);
  MPI_Comm with_topology(const CommSpec& spec, MPI_Comm base);
  std::vector<int> world_ranks_of(MPI_Comm comm);

  struct Entry {
    CommSpec spec;
    std::vector<int> ranks;
    MPI_Comm comm;
  };
  MPI_Comm world_;
  std::vector<Entry> entries_;
};

}  // namespace metron::rt
