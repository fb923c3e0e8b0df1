// Whether the machine a launch runs on can give honest times: more ranks than cores on a node
// (oversubscription: ranks take turns on a core, and each turn is a scheduler time slice: a noise
// flag of every job), and the load average when the launch starts (context only: it lags by tens
// of seconds, so each job's own contention, adapt/contention.h, decides its flags).
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

// The oversubscribed hosts, with their figures, e.g.
//   "3 ranks on 2 cores of 'node1' (oversubscribed)"
//   "more ranks than cores on 37 of 1024 hosts (the most: 5 ranks on 4 cores of 'node-7'
//    (oversubscribed))"
// Empty when no host has more ranks than cores.
std::vector<std::string> machine_findings(const std::vector<HostLoad>& hosts);

// The hosts whose load average exceeds their core count at the start, e.g.
//   "load average 7.9 on 2 cores of 'node1' at start"
//   "load average above the core count on 37 of 1024 hosts (the most: load average 7.9 on 2
//    cores of 'node-12' at start)"
// The launch's context (manifest.json), not a noise flag.
std::vector<std::string> load_context(const std::vector<HostLoad>& hosts);

}  // namespace metron::adapt
