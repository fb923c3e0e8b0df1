// Settings the machine defeats: each check against the facts a machine reports, from plans built
// from script text.
#include <doctest/doctest.h>

#include <string>

#include "runtime/plan/machine_fit.h"
#include "tests/unit/interpreter/load_text.h"

using namespace metron;

namespace {

std::vector<std::string> defeated(const std::string& script, const MachineFacts& m, int np = 2) {
  BuildOptions b;
  b.np = np;
  auto p = test::load_text(script, b);
  REQUIRE(p->loaded);
  REQUIRE_FALSE(p->diags.has_errors());
  return defeated_settings(p->plan, np, m);
}

MachineFacts big_cache() {
  MachineFacts m;
  m.last_level_cache_bytes = 480 << 20;
  m.cores = 64;
  return m;
}

const char* kCold =
    "set cache_size = 32MiB\n"
    "set buffer_cycling = on\n"
    "measure comm(2) : Bcast(1024, MPI_CHAR, 0)\n"
    "measure comm(2) : Bcast(4096, MPI_CHAR, 0)\n";

}  // namespace

TEST_CASE("machine fit: a cache_size below the last-level cache defeats cold buffers, once") {
  const auto w = defeated(kCold, big_cache());
  REQUIRE(w.size() == 1);
  CHECK(w[0] ==
        "'cache_size' is 32MiB but this machine's last-level cache is 480MiB: buffers cycled over "
        "twice that size stay in the cache, so cold-cache jobs measure warm data (set cache_size "
        "= 480MiB or more)");
  MachineFacts small = big_cache();
  small.last_level_cache_bytes = 16 << 20;
  CHECK(defeated(kCold, small).empty());
  MachineFacts unknown = big_cache();
  unknown.last_level_cache_bytes = 0;  // not reported: nothing to say
  CHECK(defeated(kCold, unknown).empty());
  // Without buffer cycling the cache size is not used at all.
  CHECK(defeated("set cache_size = 4KiB\nmeasure comm(2) : Bcast(8, MPI_CHAR, 0)\n", big_cache())
            .empty());
}

TEST_CASE("machine fit: more ranks than cores when they all run here") {
  MachineFacts m = big_cache();
  m.cores = 2;
  const char* s = "measure comm(2) : Bcast(8, MPI_CHAR, 0)\n";
  CHECK(defeated(s, m, 2).empty());
  CHECK(defeated(s, m, 4).empty());  // the launcher may place them elsewhere
  m.ranks_local = true;
  const auto w = defeated(s, m, 4);
  REQUIRE(w.size() == 1);
  CHECK(
      w[0] ==
      "each launch puts 4 ranks on this machine's 2 cores: the ranks take turns on the cores, and "
      "every time includes the others' turns");
  // Threads count as much as ranks.
  const auto t = defeated("measure comm(2) : PingPongMT(8, MPI_CHAR, threads = 2)\n", m, 2);
  REQUIRE(t.size() == 1);
  CHECK(t[0] ==
        "each launch puts 2 ranks of up to 2 threads each on this machine's 2 cores: the threads "
        "take turns on the "
        "cores, and every time includes the others' turns");
}

TEST_CASE("machine fit: rdtscp needs an invariant TSC and bound ranks") {
  MachineFacts m = big_cache();
  const char* s = "set timer = rdtscp\nmeasure comm(2) : Bcast(8, MPI_CHAR, 0)\n";
  CHECK(defeated(s, m).empty());  // bound elsewhere, as far as this machine can tell
  m.invariant_tsc = false;
  m.ranks_local = true;
  const auto w = defeated(s, m);
  REQUIRE(w.size() == 2);
  CHECK(w[0] ==
        "'timer = rdtscp' on a CPU whose TSC is not invariant (/proc/cpuinfo lacks constant_tsc "
        "or nonstop_tsc): its ticks are no fixed unit of time");
  CHECK(w[1] ==
        "'timer = rdtscp' on ranks the launcher does not bind to cores: a rank that moves may "
        "read another core's TSC (bind them, e.g. --launcher with 'mpiexec -bind-to core')");
  m.ranks_bound = true;
  m.invariant_tsc = true;
  CHECK(defeated(s, m).empty());
  CHECK(defeated("measure comm(2) : Bcast(8, MPI_CHAR, 0)\n", m).empty());
}
