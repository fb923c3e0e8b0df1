// machine_findings (see machine_load.h).
#include "runtime/adapt/machine_load.h"

#include <fmt/format.h>

namespace metron::adapt {

std::vector<std::string> machine_findings(const std::vector<HostLoad>& hosts) {
  std::vector<std::string> out;
  for (const HostLoad& h : hosts) {
    if (h.cores > 0 && h.ranks > h.cores)
      out.push_back(
          fmt::format("{} ranks on {} cores of '{}' (oversubscribed)", h.ranks, h.cores, h.host));
    if (h.cores > 0 && h.load_average > h.cores)
      out.push_back(fmt::format("load average {:.1f} on {} cores of '{}' at start", h.load_average,
                                h.cores, h.host));
  }
  return out;
}

}  // namespace metron::adapt
