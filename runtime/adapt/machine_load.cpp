// machine_findings (see machine_load.h).
#include "runtime/adapt/machine_load.h"

#include <fmt/format.h>

#include <cstddef>
#include <string_view>

namespace metron::adapt {

namespace {

// One kind of finding: per host while there are few, one line with a count and the worst host
// beyond that, so that a launch on a thousand loaded nodes does not write a thousand phrases into
// every summary row.
template <class Applies, class Worse, class Text>
void add_findings(const std::vector<HostLoad>& hosts, Applies applies, Worse worse, Text text,
                  std::string_view kind, std::vector<std::string>& out) {
  std::vector<const HostLoad*> hit;
  for (const HostLoad& h : hosts)
    if (applies(h)) hit.push_back(&h);
  if (hit.size() <= kFindingsPerHostUpTo) {
    for (const HostLoad* h : hit) out.push_back(text(*h));
    return;
  }
  const HostLoad* w = hit.front();
  for (const HostLoad* h : hit)
    if (worse(*h, *w)) w = h;
  out.push_back(
      fmt::format("{} on {} of {} hosts (the most: {})", kind, hit.size(), hosts.size(), text(*w)));
}

}  // namespace

std::vector<std::string> machine_findings(const std::vector<HostLoad>& hosts) {
  std::vector<std::string> out;
  add_findings(
      hosts, [](const HostLoad& h) { return h.cores > 0 && h.ranks > h.cores; },
      [](const HostLoad& a, const HostLoad& b) { return a.ranks * b.cores > b.ranks * a.cores; },
      [](const HostLoad& h) {
        return fmt::format("{} ranks on {} cores of '{}' (oversubscribed)", h.ranks, h.cores,
                           h.host);
      },
      "more ranks than cores", out);
  return out;
}

std::vector<std::string> load_context(const std::vector<HostLoad>& hosts) {
  std::vector<std::string> out;
  add_findings(
      hosts, [](const HostLoad& h) { return h.cores > 0 && h.load_average > h.cores; },
      [](const HostLoad& a, const HostLoad& b) {
        return a.load_average * b.cores > b.load_average * a.cores;
      },
      [](const HostLoad& h) {
        return fmt::format("load average {:.1f} on {} cores of '{}' at start", h.load_average,
                           h.cores, h.host);
      },
      "load average above the core count", out);
  return out;
}

}  // namespace metron::adapt
