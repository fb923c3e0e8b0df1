// MPI-3 nonblocking collectives (pure time: post + MPI_Wait) on 2 ranks: each verifies with
// `verify = on` and a corrupted byte is reported on a rank that checks its result.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/plan/measure_funcs.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <cctype>
#include <cmath>

using namespace metron;
using namespace metron::test;

TEST_CASE("nonblocking: every I* collective verifies and finds a corrupted byte") {
  struct Case {
    const char* name;
    int fault_rank;  // a rank that checks its result (the root, 0, for rooted results)
  };
  const Case cases[] = {{"Ibcast", 1},
                        {"Igather", 0},
                        {"Igatherv", 0},
                        {"Iscatter", 1},
                        {"Iscatterv", 1},
                        {"Iallgather", 1},
                        {"Iallgatherv", 1},
                        {"Ialltoall", 1},
                        {"Ialltoallv", 1},
                        {"Ireduce", 0},
                        {"Iallreduce", 1},
                        {"Ireduce_scatter", 1},
                        {"Ireduce_scatter_block", 1},
                        {"Iscan", 1},
                        {"Iexscan", 1}};
  const Value ints(rt::datatype_named("MPI_INT"));
  for (const Case& c : cases) {
    CAPTURE(c.name);
    rt::BoundOp b = bind(c.name, {std::int64_t{4}, ints});
    CHECK(b.func->family == OpFamily::Nonblocking);
    CHECK(b.divisor == 1);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    const rt::VerifyFault fault{c.fault_rank, 1};
    const auto err = rt::verify_op(b, &fault);
    REQUIRE(err);
    CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                    std::to_string(c.fault_rank) + ": ") == 0);
  }
}

TEST_CASE("nonblocking: Ibarrier completes, and every I* has its blocking signature") {
  rt::BoundOp b = bind("Ibarrier", {});
  for (int i = 0; i < 10; ++i) b.call();
  CHECK(b.error == MPI_SUCCESS);
  for (const MeasureFunc& f : measure_funcs()) {
    if (f.family != OpFamily::Nonblocking || f.name.ends_with("_overlap")) continue;
    CAPTURE(f.name);
    std::string name = f.name.substr(1);  // Iallreduce -> Allreduce
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    const MeasureFunc* blocking = find_measure_func(name);
    REQUIRE(blocking);
    CHECK(signature(f) == "I" + std::string(1, f.name[1]) + signature(*blocking).substr(1));
  }
}

TEST_CASE("nonblocking: overlap calibrates the compute to the pure time on every rank") {
  const Value ints(rt::datatype_named("MPI_INT"));
  rt::BoundOp b = bind("Iallreduce_overlap", {std::int64_t{256}, ints});
  CHECK(b.overlap.enabled);
  CHECK(b.overlap.pure_s < 0);  // not calibrated before prepare()
  b.prepare();
  CHECK(b.error == MPI_SUCCESS);
  CHECK(b.overlap.pure_s > 0);
  CHECK(b.overlap.compute_ns == std::llround(b.overlap.pure_s * 1e9));
  // Every rank computes equally long: the largest median over the ranks.
  double lo = 0, hi = 0;
  MPI_Allreduce(&b.overlap.pure_s, &lo, 1, MPI_DOUBLE, MPI_MIN, test_comm());
  MPI_Allreduce(&b.overlap.pure_s, &hi, 1, MPI_DOUBLE, MPI_MAX, test_comm());
  CHECK(lo == hi);
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
}

TEST_CASE("nonblocking: a given compute is kept, with its MPI_Test calls, and lasts that long") {
  const Value ints(rt::datatype_named("MPI_INT"));
  rt::BoundOp b = bind("Ibcast_overlap", {std::int64_t{4}, ints, 0, Value(Duration{2e-3}), 3});
  b.prepare();
  CHECK(b.overlap.compute_ns == 2'000'000);
  CHECK(b.overlap.tests == 3);
  const double t0 = MPI_Wtime();
  b.call();
  // A lower bound only: the busy-wait lasts at least its 2 ms; the upper end depends on load.
  CHECK(MPI_Wtime() - t0 >= 2e-3);
  CHECK(b.error == MPI_SUCCESS);
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
  CHECK_THROWS_WITH_AS(bind("Ibcast_overlap", {std::int64_t{4}, ints, 0, Value(Duration{0}), -1}),
                       "'Ibcast_overlap': tests -1 is outside [0, 1000000]", std::runtime_error);
  CHECK_THROWS_WITH_AS(bind("Ibcast_overlap", {std::int64_t{4}, ints, 0, Value(Duration{-1e-3})}),
                       "'Ibcast_overlap': compute -1ms is outside [0s, 3600s]", std::runtime_error);
  CHECK_THROWS_WITH_AS(
      bind("Iallreduce_overlap",
           {std::int64_t{4}, ints, Value(rt::reduce_op_named("MPI_SUM")), Value(Duration{3601})}),
      "'Iallreduce_overlap': compute 3601s is outside [0s, 3600s]", std::runtime_error);
}
