// Where a batch scheduler ran a process: Slurm's job, step, nodes, tasks, CPUs per task and
// partition, from the SLURM_* variables it sets. Recorded in the run and launch manifests so
// that a published result can say where it ran and a resume which job ran it. Pure.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace metron::rt {

// {"kind": "slurm", "job_id": "123", "step_id": "0", "node_list": "n[1-2]", "ntasks": 2, ...}
// with only the fields the environment has; null outside a Slurm job (no SLURM_JOB_ID).
nlohmann::json scheduler_context(const std::function<const char*(const char*)>& getenv);
// The same from this process's environment.
nlohmann::json scheduler_context();

// CPU numbers as ranges, "0-3,8,10-11" (sorted input), for per-rank binding records.
std::string cpu_ranges(const std::vector<int>& cpus);

}  // namespace metron::rt
