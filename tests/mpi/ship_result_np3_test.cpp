// A job whose communicator does not contain world rank 0 (its root is world rank 1): every field
// of its record that the table (runtime/results/result_fields.def) marks as the job root's
// arrives on world rank 0, the one writer, also for a job that failed. Three ranks: a job on
// {1, 2} has a root that is neither world rank 0 nor alone.
#include "runtime/exec/ship_result.h"
#include "runtime/measure/job_measure.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/measure/reduce_result.h"
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace metron;
using namespace metron::test;

namespace {

// Calls f(name, field) on every field the table says the job root ships (Root, Sum, Max).
template <typename F>
void each_shipped(rt::JobResult& r, F&& f) {
#define TEST_SHIP_Root(name, value) f(#name, value);
#define TEST_SHIP_Sum(name, value) f(#name, value);
#define TEST_SHIP_Max(name, value) f(#name, value);
#define TEST_SHIP_Summary(name, value)
#define TEST_SHIP_Plan(name, value)
#define RESULT_FIELD(name, type, csv, value, manifest, when, reduction) \
  TEST_SHIP_##reduction(name, value)
#include "runtime/results/result_fields.def"
#undef TEST_SHIP_Root
#undef TEST_SHIP_Sum
#undef TEST_SHIP_Max
#undef TEST_SHIP_Summary
#undef TEST_SHIP_Plan
}

// A value for the k-th field that no default has.
template <typename T>
void distinct(T& v, int k) {
  if constexpr (std::is_enum_v<T>)
    v = static_cast<T>(2);  // StopReason::RuleMet, WarmupEnd::CallBudget: not the defaults
  else if constexpr (std::is_floating_point_v<T>)
    v = 0.25 + k;
  else if constexpr (std::is_arithmetic_v<T>)
    v = static_cast<T>(100 + k);
  else if constexpr (std::is_same_v<T, std::string>)
    v = fmt::format("field {}: 'Bcast': rank 2 received 0x00 at byte 3", k);
  else if constexpr (std::is_same_v<T, adapt::RankMax>)
    v = {0.25 + k, k};
  else
    v = {static_cast<typename T::value_type>(k + 1), static_cast<typename T::value_type>(k + 2),
         static_cast<typename T::value_type>(1)};
}

template <typename T>
std::string text(const T& v) {
  if constexpr (std::is_enum_v<T>)
    return std::to_string(static_cast<int>(v));
  else if constexpr (std::is_arithmetic_v<T>)
    return fmt::format("{}", v);
  else if constexpr (std::is_same_v<T, std::string>)
    return v;
  else if constexpr (std::is_same_v<T, adapt::RankMax>)
    return fmt::format("{} on {}", v.max, v.rank);
  else
    return fmt::format("{}", fmt::join(v, " "));
}

// name -> value as text, for every shipped field.
std::vector<std::pair<std::string, std::string>> shipped_text(rt::JobResult& r) {
  std::vector<std::pair<std::string, std::string>> out;
  each_shipped(r, [&](const char* name, auto& v) { out.emplace_back(name, text(v)); });
  return out;
}

// The communicator of world ranks {1, 2} (MPI_COMM_NULL on rank 0), as the executor makes one.
MPI_Comm ranks_1_2() {
  MPI_Comm c = MPI_COMM_NULL;
  MPI_Comm_split(test_comm(), my_rank() == 0 ? MPI_UNDEFINED : 0, my_rank(), &c);
  return c;
}

}  // namespace

TEST_CASE("ship_result np3: every field the job root ships arrives on world rank 0") {
  for (int root : {1, 2}) {
    CAPTURE(root);
    rt::JobResult want;
    int k = 0;
    each_shipped(want, [&](const char*, auto& v) { distinct(v, k++); });
    REQUIRE(k > 20);
    rt::JobResult r;  // the default record world rank 0 starts from
    if (my_rank() == root) r = want;
    rt::ship_result(r, root, my_rank(), test_comm());
    if (my_rank() != 0) continue;
    rt::JobResult defaults;
    const auto got = shipped_text(r), expected = shipped_text(want), fresh = shipped_text(defaults);
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      CAPTURE(expected[i].first);
      CHECK(expected[i].second != fresh[i].second);  // the test sets every field
      CHECK(got[i].second == expected[i].second);
    }
  }
}

TEST_CASE("ship_result np3: a job on ranks {1, 2} whose verification failed after a long warm-up") {
  MPI_Comm comm = ranks_1_2();
  rt::JobResult r;
  if (comm != MPI_COMM_NULL) {
    // As measure_job leaves the record: every rank's late starts, summed onto the job root,
    // and its contention, the largest with its rank; the root's verification message, warm-up
    // and confirmations.
    r.sync.late = my_rank();
    r.contention.cpu_pressure = {my_rank() == 2 ? 0.38 : 0.05, my_rank()};
    r.contention.cpu_steal = {-1, my_rank()};  // no rank could read it
    r.contention.involuntary_switches = {my_rank() == 1 ? 2140.0 : 3.0, my_rank()};
    rt::reduce_to_job_root(r, comm);
    if (my_rank() == 1) {
      r.stop_reason = rt::StopReason::Error;
      r.verify = "'Bcast': rank 2 received 0x00 at byte 3 of 8, expected 0x11";
      r.warmup = 4000;
      r.warmup_end = adapt::WarmupEnd::TimeBudget;
      r.warmup_s = 2.0;
      r.confirm_rounds = 3;
      r.confirm_disagreements = 1;
      r.confirm_spacer_calls = 12;
    }
    MPI_Comm_free(&comm);
  }
  rt::ship_result(r, 1, my_rank(), test_comm());
  if (my_rank() == 0) {
    CHECK(r.stop_reason == rt::StopReason::Error);
    CHECK(r.verify == "'Bcast': rank 2 received 0x00 at byte 3 of 8, expected 0x11");
    CHECK(r.warmup == 4000);
    CHECK(r.warmup_end == adapt::WarmupEnd::TimeBudget);
    CHECK(r.warmup_s == 2.0);
    CHECK(r.confirm_rounds == 3);
    CHECK(r.confirm_disagreements == 1);
    CHECK(r.confirm_spacer_calls == 12);
    CHECK(r.sync.late == 1 + 2);
    CHECK(r.contention.cpu_pressure.max == 0.38);
    CHECK(r.contention.cpu_pressure.rank == 2);
    CHECK(r.contention.cpu_steal.max < 0);
    CHECK(r.contention.cpu_steal.rank == -1);
    CHECK(r.contention.involuntary_switches.max == 2140.0);
    CHECK(r.contention.involuntary_switches.rank == 1);
  }
}

TEST_CASE("ship_result np3: a measured job on ranks {1, 2} with a long warm-up, as the executor") {
  Settings s = small_settings();
  s.reps = 5;
  s.warmup_reps = 150;  // 150 calls of 1 ms: a warm-up of 0.15 s on the job root
  s.verify = true;
  Job job;
  job.op = rt::make_op_call("Synthetic", {Value(std::int64_t{1}), Value(Duration{1e-3})});
  job.settings = std::make_shared<const Settings>(s);
  MPI_Comm comm = ranks_1_2();
  rt::JobResult r;
  r.job = &job;
  std::string error;
  if (comm != MPI_COMM_NULL) {
    rt::measure_job(job, comm, rt::JobContext{1e-9, true}, r, error);
    MPI_Comm_free(&comm);
  }
  CHECK(error.empty());
  rt::ship_result(r, 1, my_rank(), test_comm());
  if (my_rank() == 0) {
    CHECK(r.verify == "ok");
    CHECK(r.warmup == 150);
    CHECK(r.warmup_end == adapt::WarmupEnd::Fixed);
    CHECK(r.warmup_s > 0.1);
    CHECK(r.elapsed_s > r.warmup_s);
    CHECK(r.time_s.size() == 5);
    CHECK(r.valid.size() == 5);
    CHECK(r.stop_reason == rt::StopReason::FixedReps);
  }
}
