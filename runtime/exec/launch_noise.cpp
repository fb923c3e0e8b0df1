// check_launch_noise (see launch_noise.h).
#include "runtime/exec/launch_noise.h"

#include <unistd.h>

#include <cstdlib>
#include <map>

#include "runtime/measure/contention_probe.h"
#include "runtime/simulation.h"
#include "runtime/test_hooks.h"

namespace metron::rt {

std::string LaunchNoise::text() const {
  std::string t;
  for (const auto& f : findings) t += (t.empty() ? "" : "; ") + f;
  return t;
}

nlohmann::json LaunchNoise::json() const {
  nlohmann::json h = nlohmann::json::array();
  for (const auto& x : hosts)
    h.push_back({{"host", x.host},
                 {"ranks", x.ranks},
                 {"cores", x.cores},
                 {"load_average",
                  x.load_average < 0 ? nlohmann::json(nullptr) : nlohmann::json(x.load_average)}});
  // Which per-job measures every rank could read, and the thresholds that flag a job
  // (adapt/contention.h; docs/methodology.md, "Noise per job").
  const nlohmann::json measures = {{"cpu_pressure", cpu_pressure},
                                   {"cpu_steal", cpu_steal},
                                   {"involuntary_switches", involuntary_switches}};
  const nlohmann::json thresholds = {{"cpu_pressure", adapt::kCpuPressureFlag},
                                     {"cpu_steal", adapt::kCpuStealFlag},
                                     {"involuntary_switches_per_s", adapt::kSwitchRateFlag},
                                     {"involuntary_switches", adapt::kSwitchCountFlag}};
  return {{"hosts", h},
          {"warnings", findings},
          {"context", context},
          {"measures", measures},
          {"thresholds", thresholds}};
}

namespace {

// What each rank tells world rank 0: its cores, its load average, which contention counters it
// can read (1 or 0).
constexpr int kFacts = 5;

// World rank 0: the hosts, findings and context from every rank's name and facts.
LaunchNoise launch_noise_of(const std::vector<char>& names, const std::vector<double>& facts,
                            int np) {
  LaunchNoise out;
  out.cpu_pressure = out.cpu_steal = out.involuntary_switches = true;
  std::map<std::string, adapt::HostLoad> by_host;
  for (int r = 0; r < np; ++r) {
    const std::string host(&names[static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME]);
    const double* f = &facts[kFacts * static_cast<std::size_t>(r)];
    adapt::HostLoad& h = by_host[host];
    h.host = host;
    ++h.ranks;
    h.cores = static_cast<int>(f[0]);
    h.load_average = f[1];
    out.cpu_pressure = out.cpu_pressure && f[2] != 0;
    out.cpu_steal = out.cpu_steal && f[3] != 0;
    out.involuntary_switches = out.involuntary_switches && f[4] != 0;
  }
  for (auto& [k, h] : by_host) out.hosts.push_back(h);
  // A simulated launch's times are the platform model's: this machine's cores and load do not
  // enter them, so they are recorded but flag nothing.
  if (!kSimulated) {
    out.findings = adapt::machine_findings(out.hosts);
    out.context = adapt::load_context(out.hosts);
  }
  out.oversubscribed = !out.findings.empty();
  return out;
}

}  // namespace

// Collective over world: every rank's host name and facts, gathered; the findings on world rank
// 0, whether any host is oversubscribed on every rank.
LaunchNoise check_launch_noise(MPI_Comm world) {
  int me = 0, np = 1;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &np);
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int len = 0;
  MPI_Get_processor_name(name, &len);
  double load[1] = {-1};
  if (getloadavg(load, 1) != 1) load[0] = -1;
  // METRON_CORES stands in for the online core count, so that the oversubscription test warns on
  // machines of any size.
  double cores = static_cast<double>(sysconf(_SC_NPROCESSORS_ONLN));
  if (const auto n = test_hook_number(TestHook::Cores, 0); n > 0) cores = static_cast<double>(n);
  const ContentionSources src = contention_sources();
  const double mine[kFacts] = {cores, load[0], src.cpu_pressure ? 1.0 : 0.0,
                               src.cpu_steal ? 1.0 : 0.0, src.involuntary_switches ? 1.0 : 0.0};
  std::vector<char> names(me == 0 ? static_cast<std::size_t>(np) * MPI_MAX_PROCESSOR_NAME : 0);
  std::vector<double> facts(me == 0 ? kFacts * static_cast<std::size_t>(np) : 0);
  MPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
             0, world);
  MPI_Gather(mine, kFacts, MPI_DOUBLE, facts.data(), kFacts, MPI_DOUBLE, 0, world);
  LaunchNoise out;
  if (me == 0) out = launch_noise_of(names, facts, np);
  int over = out.oversubscribed ? 1 : 0;
  MPI_Bcast(&over, 1, MPI_INT, 0, world);
  out.oversubscribed = over != 0;
  return out;
}

}  // namespace metron::rt
