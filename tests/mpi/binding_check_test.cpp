// binding_warning: Slurm asked to bind, yet ranks of one host share the same CPUs.
#include "runtime/exec/binding_check.h"

#include <doctest/doctest.h>

#include <cstring>

using metron::rt::binding_warning;

namespace {
const char* bind_cores(const char* name) {
  return std::strcmp(name, "SLURM_CPU_BIND_TYPE") == 0 ? "cores" : nullptr;
}
const char* bind_none(const char*) {
  return nullptr;
}
}  // namespace

TEST_CASE("binding check: ranks that share several CPUs though srun was asked to bind") {
  const nlohmann::json shared = nlohmann::json::parse(
      R"([{"rank": 0, "host": "n1", "cpus": "0-3"}, {"rank": 1, "host": "n1", "cpus": "0-3"}])");
  CHECK(binding_warning(shared, bind_cores) ==
        "srun was asked to bind (SLURM_CPU_BIND_TYPE=cores) but 2 of 2 ranks share the same CPUs "
        "(system.ranks in the manifest): the cluster may have no binding plugin; use mpiexec "
        "-bind-to core");
  CHECK(binding_warning(shared, bind_none).empty());  // not asked to bind: nothing to say
  const nlohmann::json bound = nlohmann::json::parse(
      R"([{"rank": 0, "host": "n1", "cpus": "0"}, {"rank": 1, "host": "n1", "cpus": "1"}])");
  CHECK(binding_warning(bound, bind_cores).empty());
}
