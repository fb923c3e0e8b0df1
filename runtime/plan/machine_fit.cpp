// Settings checked against the machine (see machine_fit.h).
#include "runtime/plan/machine_fit.h"

#include <algorithm>
#include <set>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/plan_threads.h"

namespace metron {

std::vector<std::string> defeated_settings(const Plan& plan, int np, const MachineFacts& m) {
  std::vector<std::string> out;
  std::set<std::int64_t> caches;
  bool rdtscp = false;
  int threads = 1;
  for (const Job& j : plan.jobs) {
    const Settings& s = *j.settings;
    if (s.buffer_cycling && m.last_level_cache_bytes > 0 &&
        s.cache_bytes < m.last_level_cache_bytes && caches.insert(s.cache_bytes).second)
      out.push_back(message_text(DiagId::machine_defeats_cache_size, bytes_text(s.cache_bytes),
                                 bytes_text(m.last_level_cache_bytes),
                                 bytes_text(m.last_level_cache_bytes)));
    rdtscp = rdtscp || s.timer == TimerKind::Rdtscp;
    threads = std::max(threads, job_threads(j));
  }
  const std::int64_t tasks = static_cast<std::int64_t>(np) * threads;
  if (m.ranks_local && m.cores > 0 && tasks > m.cores)
    out.push_back(threads > 1 ? message_text(DiagId::machine_defeats_threads, np, threads, m.cores)
                              : message_text(DiagId::machine_defeats_np, np, m.cores));
  if (rdtscp && !m.invariant_tsc) out.push_back(message_text(DiagId::machine_defeats_rdtscp_tsc));
  if (rdtscp && m.ranks_local && !m.ranks_bound)
    out.push_back(message_text(DiagId::machine_defeats_rdtscp_binding));
  return out;
}

}  // namespace metron
