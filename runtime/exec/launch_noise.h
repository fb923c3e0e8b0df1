// The launch's noise check at start: ranks per host against its cores and the load average
// (adapt::machine_findings), gathered from every rank onto world rank 0.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/adapt/machine_load.h"

namespace metron::rt {

struct LaunchNoise {
  std::vector<adapt::HostLoad> hosts;  // world rank 0 only
  std::vector<std::string> findings;   // world rank 0 only
  std::string text() const;            // findings joined with "; "
  nlohmann::json json() const;
};

// Collective over world.
LaunchNoise check_launch_noise(MPI_Comm world);

}  // namespace metron::rt
