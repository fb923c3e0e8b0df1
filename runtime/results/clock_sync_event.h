// A clock synchronization of a launch, as manifest.json records it.
#pragma once

#include <string>

namespace metron::rt {

// One synchronization that happened in this launch (for manifest.json).
struct ClockSyncEvent {
  std::string method;     // clocksync method name: skampi, netgauge, jk, hca, hca2, hca3, hca3o
  std::string params;     // the method's parameters, "name=value;..."
  int ranks = 0;          // size of the communicator that was synchronized
  double duration_s = 0;  // Alg. 22: max over ranks of the time spent synchronizing
  double at_s = 0;        // seconds since the first synchronization of this launch (root's view)
};

}  // namespace metron::rt
