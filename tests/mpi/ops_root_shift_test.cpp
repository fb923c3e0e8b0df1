// `set root_shift = on` (IMB's -root_shift): the rooted collectives move their root to the next
// rank after every observation, back to the root argument at restart(); verification checks the
// data of the root of the moment, so a rank that computed another root would fail it.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

rt::BoundOp bind_shifting(const char* name, std::vector<Value> args, bool shift = true) {
  Settings s = small_settings();
  s.root_shift = shift;
  return rt::bind_op(rt::make_op_call(name, std::move(args)), test_comm(), s);
}

}  // namespace

TEST_CASE("root_shift: IMB's rooted collectives verify at every root as the root moves") {
  const auto n = std::int64_t{5};
  const std::vector<std::pair<const char*, std::vector<Value>>> cases = {
      {"Bcast", {n, dt("MPI_INT"), 1}},
      {"Reduce", {n, dt("MPI_INT"), op("MPI_SUM"), 1}},
      {"Gather", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
      {"Gatherv", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
      {"Scatter", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
      {"Scatterv", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
      {"Ibcast", {n, dt("MPI_INT"), 1}},
      {"Ireduce", {n, dt("MPI_INT"), op("MPI_SUM"), 1}},
      {"Igather", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
      {"Iscatterv", {n, dt("MPI_INT"), n, dt("MPI_INT"), 1}},
  };
  int size = 0;
  MPI_Comm_size(test_comm(), &size);
  for (const auto& [name, args] : cases) {
    CAPTURE(name);
    rt::BoundOp b = bind_shifting(name, args);
    CHECK(b.root_shift);
    // From the root argument (1) on: 1, 2 % p, ... over two full turns.
    for (int k = 0; k < 2 * size; ++k) {
      CHECK(b.root == (1 + k) % size);
      const auto ok = rt::verify_op(b);
      CHECK_MESSAGE(!ok, ok.value_or(""));
      b.advance();
    }
    b.restart();  // a job's warm-up ends with it: the measured calls start at the argument
    CHECK(b.root == 1);
    b.release();
  }
}

TEST_CASE("root_shift: off by default, and only the library's rooted collectives shift") {
  rt::BoundOp fixed = bind_shifting("Bcast", {std::int64_t{5}, dt("MPI_INT"), 1}, false);
  fixed.advance();
  CHECK(fixed.root == 1);
  fixed.release();
  // A persistent collective fixes its root at MPI_Bcast_init; a hand-made one has no MPI root.
  for (const char* name : {"Bcast_init", "Bcast_using_Send_Recv", "Allreduce"}) {
    CAPTURE(name);
    std::vector<Value> args = {std::int64_t{5}, dt("MPI_INT")};
    if (std::string(name) == "Allreduce")
      args.push_back(op("MPI_SUM"));
    else
      args.push_back(1);
    rt::BoundOp b = bind_shifting(name, args);
    CHECK_FALSE(b.root_shift);
    b.advance();
    b.finish();
    CHECK(b.root == (std::string(name) == "Allreduce" ? 0 : 1));
    b.release();
  }
  CHECK(find_measure_func("Ireduce_overlap")->shifts_root());
  CHECK_FALSE(find_measure_func("Reduce_init")->shifts_root());
  CHECK_FALSE(find_measure_func("Alltoall")->shifts_root());
}
