// Whether the machine a launch runs on can give honest times: more ranks than cores on a node
// (oversubscription: ranks take turns on a core, and each turn is a scheduler time slice), or a
// load average above the core count when the launch starts (other work competes for the cores).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace metron::adapt {

struct HostLoad {
  std::string host;
  int ranks = 0;            // ranks of this launch on the host
  int cores = 0;            // online cores (sysconf(_SC_NPROCESSORS_ONLN))
  double load_average = 0;  // 1-minute load average at start (getloadavg); < 0: unknown
};

// Up to this many hosts with the same problem get a finding each; more get one line that counts
// them and names the worst.
inline constexpr std::size_t kFindingsPerHostUpTo = 4;

// One finding per problem, with its figures, e.g.
//   "3 ranks on 2 cores of 'node1' (oversubscribed)"
//   "load average 7.9 on 2 cores of 'node1' at start"
//   "load average above the core count on 37 of 1024 hosts (the most: load average 7.9 on 2
//    cores of 'node-12' at start)"
// Empty when the launch looks fine.
std::vector<std::string> machine_findings(const std::vector<HostLoad>& hosts);

}  // namespace metron::adapt
