// `published "file.csv"` in the front end: the file is read as one of the script's files, its
// rows become plan entries in base units, and its errors point into it (the goldens in
// tests/golden/diag/published_*.bench show every message).
#include <doctest/doctest.h>

#include "tests/unit/interpreter/load_text.h"

using namespace metron;
using metron::test::diag_ids;
using metron::test::load_files;

namespace {

const char* kScript = R"(
factor alg in ["binomial", "ring"] as env "MPIR_CVAR_BCAST_INTRA_ALGORITHM"
begin measurement "b"
  for n in [8, 1024] do
    measure comm(2) : Bcast(n, MPI_CHAR, 0)
  od
end measurement
published "values.csv"
)";

}  // namespace

TEST_CASE("published: rows become plan entries in base units, the file a script file") {
  auto p = load_files({{"main.bench", kScript},
                       {"values.csv",
                        "# a comment\n"
                        "id,source,selection,value,unit,machine,mpi,procs,note\n"
                        "a,Table 1,\"Bcast[n = 8, alg = \"\"ring\"\"]\",2.86..3.13,us,X,Y,16x1,\n"
                        "b,Fig. 2,launch_spread(Bcast[n = 1024]),3,%,,,,\n"
                        "c,Fig. 3,mean(Bcast),,,,,,plot only\n"}});
  REQUIRE(diag_ids(*p) == "");
  REQUIRE(p->plan.published.size() == 3);
  const PublishedValue& a = p->plan.published[0];
  CHECK(a.selection == "Bcast[n = 8, alg = \"ring\"]");
  CHECK(a.at == "values.csv:3:1");
  CHECK(a.side.filters.at(1).kind == ClaimField::Factor);
  CHECK(*a.lo == doctest::Approx(2.86e-6));
  CHECK(*a.hi == doctest::Approx(3.13e-6));
  CHECK(a.procs == "16x1");
  CHECK(p->plan.published[1].kind == PublishedKind::Spread);
  CHECK(*p->plan.published[1].lo == doctest::Approx(0.03));
  CHECK(p->plan.published[2].side.statistic == ClaimStatistic::Mean);
  CHECK_FALSE(p->plan.published[2].has_value());
  CHECK(p->plan.published[2].note == "plot only");
  // Read as the script's files are, so the manifest records it and a run copies it.
  REQUIRE(p->sources.size() == 2);
  CHECK(p->sources.file(1).name() == "values.csv");
}

TEST_CASE("published: errors point into the file and stop the plan") {
  auto p = load_files({{"main.bench", kScript},
                       {"values.csv",
                        "id,source,selection,value,unit,machine,mpi,procs\n"
                        "a,Table 1,Bcast[n = 16],2.1,us,,,\n"}});
  CHECK(diag_ids(*p) == "published_selects_nothing");
  REQUIRE(p->diags.all().size() == 1);
  const LineCol lc = p->sources.line_col(p->diags.all()[0].range.begin);
  CHECK(lc.line == 2);
  CHECK(lc.col == 11);
  auto missing = load_files({{"main.bench", kScript}});
  CHECK(diag_ids(*missing) == "published_not_found");
}
