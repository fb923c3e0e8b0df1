// Test-only fault injection: make one rank hang, so that the tests can show that `metron run`
// kills a hung launch at its deadline and retries it (tests/e2e/run_hang.sh). Not for users.
//   METRON_TEST_HANG=<rank>:init       world rank <rank> stops before MPI_Init
//   METRON_TEST_HANG=<rank>:job:<id>   world rank <rank> stops when job <id> starts
//   METRON_TEST_HANG_ONCE=<file>       hang only if <file> does not exist yet (the hanging
//                                      process creates it): the retry of the launch runs through
// A hanging rank sleeps (0% CPU, as a rank blocked in MPI_Init on a socket does) until killed.
#pragma once

#include <cstdint>

namespace metron::rt {

// Before MPI_Init the rank comes from the process manager's environment (PMI_RANK: Hydra).
void test_hang_before_init();
void test_hang_in_job(int world_rank, std::int64_t job_id);

}  // namespace metron::rt
