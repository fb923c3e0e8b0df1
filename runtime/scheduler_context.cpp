// scheduler_context (see scheduler_context.h).
#include "runtime/scheduler_context.h"

#include <cstdlib>

namespace metron::rt {

nlohmann::json scheduler_context(const std::function<const char*(const char*)>& getenv) {
  auto get = [&](const char* name) -> std::string {
    const char* v = getenv(name);
    return v ? std::string(v) : std::string();
  };
  const std::string job = get("SLURM_JOB_ID").empty() ? get("SLURM_JOBID") : get("SLURM_JOB_ID");
  if (job.empty()) return nullptr;
  nlohmann::json c = {{"kind", "slurm"}, {"job_id", job}};
  // Text fields as Slurm writes them; counts as numbers where they are numbers.
  const std::pair<const char*, const char*> texts[] = {
      {"step_id", "SLURM_STEP_ID"},           {"node_list", "SLURM_JOB_NODELIST"},
      {"partition", "SLURM_JOB_PARTITION"},   {"cluster", "SLURM_CLUSTER_NAME"},
      {"cpu_bind", "SLURM_CPU_BIND"},         {"restart_count", "SLURM_RESTART_COUNT"},
      {"array_job_id", "SLURM_ARRAY_JOB_ID"}, {"array_task_id", "SLURM_ARRAY_TASK_ID"}};
  for (const auto& [key, var] : texts)
    if (std::string v = get(var); !v.empty()) c[key] = v;
  if (!c.contains("node_list"))
    if (std::string v = get("SLURM_NODELIST"); !v.empty()) c["node_list"] = v;
  const std::pair<const char*, const char*> counts[] = {{"nodes", "SLURM_JOB_NUM_NODES"},
                                                        {"ntasks", "SLURM_NTASKS"},
                                                        {"step_tasks", "SLURM_STEP_NUM_TASKS"},
                                                        {"cpus_per_task", "SLURM_CPUS_PER_TASK"},
                                                        {"cpus_on_node", "SLURM_CPUS_ON_NODE"}};
  for (const auto& [key, var] : counts) {
    std::string v = get(var);
    if (v.empty()) continue;
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (end && *end == '\0')
      c[key] = n;
    else
      c[key] = v;
  }
  return c;
}

nlohmann::json scheduler_context() {
  return scheduler_context([](const char* name) { return std::getenv(name); });
}

std::string cpu_ranges(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace metron::rt
