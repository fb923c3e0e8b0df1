// The launch's noise check at start: ranks per host against its cores (adapt::machine_findings:
// a noise flag of every job), the load average (adapt::load_context: context, not a flag) and
// which contention measures the kernel offers (contention_probe.h), gathered from every rank onto
// world rank 0.
#pragma once

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/adapt/machine_load.h"

namespace metron::rt {

struct LaunchNoise {
  std::vector<adapt::HostLoad> hosts;  // world rank 0 only
  std::vector<std::string> findings;   // world rank 0 only: oversubscribed hosts
  std::vector<std::string> context;    // world rank 0 only: load averages above the cores
  bool oversubscribed = false;         // every rank: a host has more ranks than cores
  // Which contention measures every rank can read (world rank 0 only).
  bool cpu_pressure = false, cpu_steal = false, involuntary_switches = false;
  std::string text() const;  // findings joined with "; "
  nlohmann::json json() const;
};

// Collective over world.
LaunchNoise check_launch_noise(MPI_Comm world);

}  // namespace metron::rt
