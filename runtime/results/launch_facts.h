// The facts of a launch that shape its numbers and are the same for every job: the machine (hosts,
// CPU, MPI, scheduler, each rank's binding), the timers and their quanta, and whether the launch
// is a simulation. Gathered once, collectively, before any writer opens (exec/gather_facts.h);
// writers only format them.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "runtime/plan/settings.h"

namespace metron::rt {

struct LaunchFacts {
  int np = 1;
  nlohmann::json system;  // manifest "system" (world rank 0 only; null elsewhere)
  nlohmann::json timers;  // the plan's timers as probed on world rank 0 (rank 0 only)
  // Each timer's quantum as world rank 0 probed it, on every rank, so that every job root
  // widens its CIs alike; 0 for a timer not probed (by TimerKind).
  double quanta_s[3] = {0, 0, 0};
  bool simulated = false;     // SimGrid SMPI: the times are the simulator's model
  nlohmann::json simulation;  // manifest "simulation" (rank 0, simulated launches only)
  // manifest "startup": MPI_Init's and the first barrier's times over the ranks (rank 0; null
  // when exec did not start MPI itself, or in a simulation)
  nlohmann::json startup;

  double quantum_s(TimerKind k) const { return quanta_s[static_cast<int>(k)]; }
  // The launcher was asked to bind ranks and the binding did not take (binding_check.h); "" if
  // it did, or none was asked for.
  std::string binding_warning() const {
    return system.is_object() ? system.value("binding_warning", std::string()) : std::string();
  }
};

}  // namespace metron::rt
