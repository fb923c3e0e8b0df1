// check_launch_noise (see launch_noise.h).
#include "runtime/exec/launch_noise.h"

#include <unistd.h>

#include <cstdlib>
#include <map>

#include "runtime/exec/simulation.h"

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
  return {{"hosts", h}, {"warnings", findings}};
}

LaunchNoise check_launch_noise(MPI_Comm world) {
  int me = 0, np = 1;
  MPI_Comm_rank(world, &me);
  MPI_Comm_size(world, &np);
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  int len = 0;
  MPI_Get_processor_name(name, &len);
  double load[1] = {-1};
  if (getloadavg(load, 1) != 1) load[0] = -1;
  // Test hook: METRON_CORES=<n> stands in for the online core count, so that the oversubscription
  // test (tests/e2e/noisy_machine.sh) warns on machines of any size.
  double cores = static_cast<double>(sysconf(_SC_NPROCESSORS_ONLN));
  if (const char* env = std::getenv("METRON_CORES"); env && std::atoi(env) > 0)
    cores = std::atoi(env);
  const double mine[2] = {cores, load[0]};
  std::vector<char> names(me == 0 ? static_cast<std::size_t>(np) * MPI_MAX_PROCESSOR_NAME : 0);
  std::vector<double> facts(me == 0 ? 2 * static_cast<std::size_t>(np) : 0);
  MPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, names.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
             0, world);
  MPI_Gather(mine, 2, MPI_DOUBLE, facts.data(), 2, MPI_DOUBLE, 0, world);
  LaunchNoise out;
  if (me != 0) return out;
  std::map<std::string, adapt::HostLoad> by_host;
  for (int r = 0; r < np; ++r) {
    const std::string host(&names[static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME]);
    adapt::HostLoad& h = by_host[host];
    h.host = host;
    ++h.ranks;
    h.cores = static_cast<int>(facts[2 * static_cast<std::size_t>(r)]);
    h.load_average = facts[2 * static_cast<std::size_t>(r) + 1];
  }
  for (auto& [k, h] : by_host) out.hosts.push_back(h);
  // A simulated launch's times are the platform model's: this machine's cores and load do not
  // enter them, so they are recorded but flag nothing.
  if (!kSimulated) out.findings = adapt::machine_findings(out.hosts);
  return out;
}

}  // namespace metron::rt
