// The messages of refused bindings (messages.def, "a job's arguments refused at run time"): each
// reason has its own catalogue id, and the exact text names the operation first. The front end
// refuses most of these calls; jobs made by hand (tests, benchmarks) reach bind_op directly.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/plan/message_error.h"
#include "tests/mpi/op_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

// The id and text bind_op refuses the call with; every rank binds alike.
struct Refusal {
  DiagId id{};
  std::string text;
};
Refusal refusal(const OpCall& call) {
  try {
    rt::bind_op(call, test_comm(), small_settings()).release();
  } catch (const MessageError& e) {
    return {e.id(), e.what()};
  }
  return {};
}
Refusal refusal(const char* name, std::vector<Value> args) {
  return refusal(rt::make_op_call(name, std::move(args)));
}

// Synthetic(count, time, datatype, imbalance, noise, seed, delay_rank, delay, delay_every,
// transient, transient_factor).
std::vector<Value> synthetic(double imbalance, std::int64_t every, std::int64_t transient,
                             double factor) {
  return {i64(1),  Duration{1e-6}, dt("MPI_BYTE"), Percent{imbalance}, Percent{0},   i64(1),
          i64(-1), Duration{0},    i64(every),     i64(transient),     Value(factor)};
}

}  // namespace

TEST_CASE("bind messages: a call without a function or with the wrong arguments") {
  Refusal r = refusal(OpCall{});
  CHECK(r.id == DiagId::job_no_function);
  CHECK(r.text == "a job without a measurement function cannot be bound");

  OpCall call = rt::make_op_call("Bcast", {i64(4)});
  call.args.pop_back();
  r = refusal(call);
  CHECK(r.id == DiagId::job_argument_count);
  CHECK(r.text == "'Bcast': expects 3 arguments, got 2");

  call = rt::make_op_call("Bcast", {i64(4)});
  call.args[0] = Value(std::string("four"));
  r = refusal(call);
  CHECK(r.id == DiagId::job_argument_wrong_type);
  CHECK(r.text ==
        "'Bcast': an argument has the wrong type (the front end should have caught this)");

  // The front end's check of the call, prefixed with the operation: the id is the check's.
  r = refusal("Bcast", {i64(-1)});
  CHECK(r.id == DiagId::negative_size);
  CHECK(r.text == "'Bcast': negative count (-1)");
}

TEST_CASE("bind messages: counts that MPI's int counts and displacements cannot hold") {
  const Value big = i64(1'500'000'000);  // fits an int; times 2 ranks does not
  Refusal r = refusal("Gatherv", {big, dt("MPI_CHAR"), big});
  CHECK(r.id == DiagId::job_displacement_exceeds);
  CHECK(r.text == "'Gatherv': count * ranks exceeds the largest MPI displacement (2147483647)");
  r = refusal("Alltoallw", {big, dt("MPI_CHAR"), big});
  CHECK(r.id == DiagId::job_alltoallw_displacement_exceeds);
  CHECK(r.text ==
        "'Alltoallw': count * ranks * datatype extent exceeds the largest MPI_Alltoallw byte "
        "displacement (2147483647)");
  r = refusal("Neighbor_allgatherv", {big, dt("MPI_CHAR"), big});
  CHECK(r.id == DiagId::job_neighbour_displacement_exceeds);
  CHECK(r.text ==
        "'Neighbor_allgatherv': count * neighbours exceeds the largest MPI displacement "
        "(2147483647)");
  r = refusal("Scatter_using_Bcast", {i64(8), dt("MPI_BYTE"), i64(2), dt("MPI_INT")});
  CHECK(r.id == DiagId::job_same_sides);
  CHECK(r.text ==
        "'Scatter_using_Bcast': needs the same count and datatype on the send and the receive "
        "side");
  r = refusal("Scatter_using_Bcast", {big, dt("MPI_CHAR"), big});
  CHECK(r.id == DiagId::job_count_exceeds_mpi_int);
  CHECK(r.text ==
        "'Scatter_using_Bcast': send_count * ranks 3000000000 exceeds the largest MPI count "
        "(2147483647)");
  r = refusal("Gather_using_Reduce", {big, dt("MPI_CHAR"), big, dt("MPI_CHAR"), i64(0)});
  CHECK(r.id == DiagId::job_reduced_vector_exceeds_mpi_int);
  CHECK(r.text ==
        "'Gather_using_Reduce': the reduced vector of 3000000000 bytes exceeds the largest MPI "
        "count (2147483647)");
}

TEST_CASE("bind messages: Synthetic's factors and counts") {
  Refusal r = refusal("Synthetic", synthetic(-0.5, 1, 0, 1.0));
  CHECK(r.id == DiagId::job_synthetic_negative_factors);
  CHECK(r.text == "'Synthetic': imbalance and noise must not be negative");
  r = refusal("Synthetic", synthetic(0, 0, 0, 1.0));
  CHECK(r.id == DiagId::job_param_below_one);
  CHECK(r.text == "'Synthetic': delay_every must be at least 1, got 0");
  r = refusal("Synthetic", synthetic(0, 1, -1, 1.0));
  CHECK(r.id == DiagId::job_param_negative);
  CHECK(r.text == "'Synthetic': transient must not be negative");
  r = refusal("Synthetic", synthetic(0, 1, 0, 0.0));
  CHECK(r.id == DiagId::job_param_not_positive);
  CHECK(r.text == "'Synthetic': transient_factor must be positive, got 0");
}

TEST_CASE("bind messages: IMB-RMA's aggregate flag, checked as the front end checks it") {
  const Refusal r = refusal("Rma_unidir_put", {i64(8), dt("MPI_BYTE"), i64(1), i64(2)});
  CHECK(r.id == DiagId::bad_arg_flag);
  CHECK(r.text == "bad argument #4 to 'Rma_unidir_put' (aggregate must be 0 or 1)");
}

TEST_CASE("bind messages: make_op_call names the function and the argument") {
  CHECK_THROWS_WITH_AS(rt::make_op_call("Bcast", {i64(1), dt("MPI_CHAR"), i64(0), i64(9)}),
                       "too many arguments to 'Bcast'", MessageError);
}

TEST_CASE("bind messages: more buffer slots than persistent requests Metron makes") {
  Settings s = small_settings();
  s.buffer_cycling = true;  // 1 MiB of 1-byte messages in 64-byte slots (arena.h): 16388
  rt::BoundOp op = rt::bind_op(rt::make_op_call("Bcast_init", {i64(1)}), test_comm(), s);
  std::string text;
  try {
    op.prepare();
  } catch (const MessageError& e) {
    text = e.what();
  }
  op.release();
  CHECK(text ==
        "'Bcast_init': buffer cycling gives 16388 buffer slots, each a persistent request; at most "
        "4096 (raise the message size or lower 'buffer')");
}
