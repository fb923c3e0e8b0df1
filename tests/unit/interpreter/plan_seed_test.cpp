// A script's `shuffle seed N` is the run seed: the draws after it (comm_rand, get_random_int)
// equal those of `--seed N` on the command line, which overrides the script's seed.
#include <doctest/doctest.h>

#include "tests/unit/interpreter/load_text.h"

using metron::test::diag_ids;
using metron::test::load_text;

TEST_CASE("plan_builder: 'shuffle seed N' draws as --seed N does") {
  const char* body = R"(
c = comm_rand(3)
r = get_random_int(1, 1000)
begin measurement "m"
   measure c : Bcast(r, MPI_INT, 0)
end measurement
)";
  metron::BuildOptions cli;
  cli.np = 8;
  cli.seed = 7;
  cli.seed_given = true;
  auto from_cli = load_text(body, cli);
  metron::BuildOptions none;
  none.np = 8;
  none.seed = 12345;  // the run's random seed when none is given; the script's replaces it
  auto from_script = load_text(std::string("shuffle seed 7\n") + body, none);
  REQUIRE(diag_ids(*from_cli) == "");
  REQUIRE(diag_ids(*from_script) == "");
  CHECK(from_script->plan.design.seed == 7);
  CHECK(from_script->plan.jobs[0].op.args[0].as_int() ==
        from_cli->plan.jobs[0].op.args[0].as_int());
  CHECK(from_script->plan.jobs[0].comm.ranks == from_cli->plan.jobs[0].comm.ranks);
  // ... and a different seed draws differently.
  cli.seed = 8;
  auto other = load_text(body, cli);
  CHECK((other->plan.jobs[0].op.args[0].as_int() != from_cli->plan.jobs[0].op.args[0].as_int() ||
         other->plan.jobs[0].comm.ranks != from_cli->plan.jobs[0].comm.ranks));
}
