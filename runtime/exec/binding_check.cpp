// binding_warning (see binding_check.h).
#include "runtime/exec/binding_check.h"

#include <map>

#include "runtime/plan/diagnostics.h"

namespace metron::rt {

std::string binding_warning(const nlohmann::json& ranks,
                            const std::function<const char*(const char*)>& getenv) {
  const char* type = getenv("SLURM_CPU_BIND_TYPE");
  if (!type || !*type || std::string(type).find("none") != std::string::npos) return "";
  // Ranks of one host with the same CPU set of more than one CPU: nothing bound them apart.
  std::map<std::string, int> same;
  for (const auto& r : ranks) {
    if (!r.is_object()) continue;
    const std::string cpus = r.value("cpus", std::string());
    if (cpus.find_first_of(",-") == std::string::npos) continue;
    ++same[r.value("host", std::string()) + " " + cpus];
  }
  int unbound = 0;
  for (const auto& [key, n] : same)
    if (n > 1) unbound += n;
  if (unbound == 0) return "";
  return message_text(DiagId::binding_not_applied, type, unbound, ranks.size());
}

}  // namespace metron::rt
