// Whether the binding a launcher was asked for took effect. `srun --cpu-bind=cores` on a cluster
// without a binding plugin (TaskPlugin=task/none) leaves every rank free to run on every CPU,
// with only a warning of Slurm's that `metron run` keeps in a launch's stderr.txt. Pure.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace metron::rt {

// `ranks`: the launch manifest's system.ranks ([{rank, host, cpus, pinned}]). Returns a warning
// when Slurm was asked to bind (SLURM_CPU_BIND_TYPE other than none) yet two ranks on one host
// may run on the same several CPUs; "" otherwise.
std::string binding_warning(const nlohmann::json& ranks,
                            const std::function<const char*(const char*)>& getenv);

}  // namespace metron::rt
