// The operation table (runtime/plan/operations.def) as the plan library expands it: named and
// typed arguments, derived defaults, buffer use and the shared operation checks.
#include <doctest/doctest.h>

#include <stdexcept>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/message_error.h"
#include "runtime/plan/op_args.h"
#include "runtime/plan/op_checks.h"

using namespace metron;

namespace {

// The given arguments, then the declared defaults, then the derived ones (as the front end).
std::vector<Value> call_args(const MeasureFunc& f, std::vector<Value> given) {
  for (std::size_t i = given.size(); i < f.params.size(); ++i)
    given.push_back(f.params[i].default_value.value());
  fill_derived(f, given);
  return given;
}

const MeasureFunc& op(const char* name) {
  const MeasureFunc* f = find_measure_func(name);
  REQUIRE(f != nullptr);
  return *f;
}

}  // namespace

TEST_CASE("operation table: arguments by name, derived defaults") {
  const MeasureFunc& g = op("Gather");
  const auto v = call_args(g, {std::int64_t{8}, Value(Datatype::MPI_INT)});
  const OpArgs a(g, v);
  CHECK(a.count("send_count") == 8);
  CHECK(a.count("recv_count") == 8);  // SAME_AS(send_count)
  CHECK(a.datatype("recv_dt") == Datatype::MPI_INT);
  CHECK(a.integer("root") == 0);
  CHECK(a.has("root"));
  CHECK_FALSE(a.has("count"));
  // A bind function that names a wrong one.
  CHECK_THROWS_WITH_AS(a.count("count"), "'Gather' has no argument 'count'", MessageError);
  CHECK(signature(g) ==
        "Gather(send_count: integer, send_dt: datatype = MPI_CHAR, recv_count: integer = "
        "(derived), recv_dt: datatype = (derived), root: integer = 0)");
}

TEST_CASE("operation table: buffer use from named arguments") {
  const MeasureFunc& g = op("Gather");
  // 8 MPI_INT (4 bytes) per rank; the root receives 4 blocks.
  const BufferUse u =
      g.usage(OpArgs(g, call_args(g, {std::int64_t{8}, Value(Datatype::MPI_INT)})), 4);
  CHECK(u.send_bytes == 32);
  CHECK(u.recv_bytes == 128);
  CHECK(u.reported_bytes == 32);
  CHECK(u.count == 8);
  const MeasureFunc& s = op("Pingpong_Sendrecv");
  // send 10 chars, receive 3 doubles: both buffers hold the larger side (24 bytes).
  const BufferUse p =
      s.usage(OpArgs(s, call_args(s, {std::int64_t{10}, Value(Datatype::MPI_CHAR), std::int64_t{0},
                                      std::int64_t{3}, Value(Datatype::MPI_DOUBLE)})),
              2);
  CHECK(p.send_bytes == 24);
  CHECK(p.recv_bytes == 24);
  CHECK(p.reported_bytes == 10);
}

TEST_CASE("operation checks: the first problem, its catalogue id, argument and message") {
  const MeasureFunc& bcast = op("Bcast");
  auto root2 =
      check_op_call(bcast, call_args(bcast, {std::int64_t{4}, Value(Datatype::MPI_INT), 2}), 2);
  REQUIRE(root2);
  CHECK(root2->id == DiagId::bad_root);
  CHECK(root2->param == 2);
  CHECK(root2->message() == "root 2 is not a rank of a communicator of 2 ranks");
  CHECK_FALSE(
      check_op_call(bcast, call_args(bcast, {std::int64_t{4}, Value(Datatype::MPI_INT), 1}), 2));

  auto neg = check_op_call(bcast, call_args(bcast, {std::int64_t{-1}}), 2);
  REQUIRE(neg);
  CHECK(neg->param == 0);
  CHECK(neg->message() == "negative count (-1)");
  auto big = check_op_call(bcast, call_args(bcast, {std::int64_t{2147483648}}), 2);
  REQUIRE(big);
  CHECK(big->message() == "count 2147483648 is larger than MPI allows (2147483647)");
  CHECK_FALSE(check_op_call(bcast, call_args(bcast, {std::int64_t{2147483647}}), 2));

  // Reduce_scatter accepts SKaMPI's root and ignores it: no range check.
  const MeasureFunc& rs = op("Reduce_scatter");
  CHECK_FALSE(check_op_call(
      rs, call_args(rs, {std::int64_t{4}, Value(Datatype::MPI_INT), Value(ReduceOp::MPI_SUM), 5}),
      2));

  const MeasureFunc& ar = op("Allreduce");
  auto band = check_op_call(
      ar, call_args(ar, {std::int64_t{4}, Value(Datatype::MPI_DOUBLE), Value(ReduceOp::MPI_BAND)}),
      2);
  REQUIRE(band);
  CHECK(band->param == 2);
  CHECK(band->message() == "reduction 'MPI_BAND' is not defined for datatype 'MPI_DOUBLE'");
  auto replace = check_op_call(
      ar, call_args(ar, {std::int64_t{4}, Value(Datatype::MPI_INT), Value(ReduceOp::MPI_REPLACE)}),
      2);
  REQUIRE(replace);
  CHECK(replace->id == DiagId::replace_in_collective);

  const MeasureFunc& pp = op("Pingpong_Send_Recv");
  auto one = check_op_call(pp, call_args(pp, {std::int64_t{4}}), 1);
  REQUIRE(one);
  CHECK(one->param == -1);  // the communicator
  CHECK(one->message() == "'Pingpong_Send_Recv' needs at least 2 ranks but its communicator has 1");
  const auto tag = call_args(pp, {std::int64_t{4}, Value(Datatype::MPI_CHAR), 40000});
  CHECK_FALSE(check_op_call(pp, tag, 2));  // MPI_TAG_UB unknown: the front end leaves tags
  auto high = check_op_call(pp, tag, 2, 32767);
  REQUIRE(high);
  CHECK(high->message() == "tag 40000 is outside [0, MPI_TAG_UB = 32767]");
  auto zero =
      check_op_call(pp, call_args(pp, {std::int64_t{4}, Value(Datatype::MPI_CHAR), 0, 0}), 2);
  REQUIRE(zero);
  CHECK(zero->message() ==
        "bad argument #4 to 'Pingpong_Send_Recv' (iterations must be at least 1)");

  const MeasureFunc& syn = op("Synthetic");
  auto t = check_op_call(syn, call_args(syn, {std::int64_t{1}, Value(Duration{-1e-6})}), 2);
  REQUIRE(t);
  CHECK(t->param == 1);
  CHECK(t->id == DiagId::negative_size);
}

TEST_CASE("operation table: every derived default names a parameter before it") {
  for (const MeasureFunc& f : measure_funcs())
    for (std::size_t i = 0; i < f.params.size(); ++i) {
      if (f.params[i].same_as.empty()) continue;
      CAPTURE(f.name);
      const int j = f.param_index(f.params[i].same_as);
      CHECK(j >= 0);
      CHECK(j < static_cast<int>(i));
      CHECK(f.params[i].default_value.has_value());
    }
}
