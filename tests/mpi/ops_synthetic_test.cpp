// Synthetic: the busy-wait follows time * (1 + imbalance * r / (p - 1)) + seeded noise + delay,
// deterministically per (seed, rank, observation), and runs for about that long.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

using namespace metron;
using namespace metron::test;

namespace {

// Synthetic(count, time, datatype, imbalance, noise, seed, delay_rank, delay, delay_every)
rt::BoundOp synthetic(double time_s, double imbalance, double noise, std::int64_t seed,
                      int delay_rank = -1, double delay_s = 0, std::int64_t every = 1) {
  Settings s;
  return rt::bind_op(
      rt::make_op_call("Synthetic", {std::int64_t{1}, Duration{time_s},
                                     Value(rt::datatype_named("MPI_BYTE")), Percent{imbalance},
                                     Percent{noise}, seed, delay_rank, Duration{delay_s}, every}),
      test_comm(), s);
}

std::vector<std::int64_t> waits(rt::BoundOp& b, int n) {
  std::vector<std::int64_t> w;
  for (int i = 0; i < n; ++i) {
    w.push_back(b.wait_ns);
    b.advance();
  }
  return w;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

TEST_CASE("synthetic: imbalance scales the wait with the rank") {
  rt::BoundOp b = synthetic(100e-6, 0.5, 0, 1);
  // p = 2: rank 0 waits 100 us, rank 1 waits 100 * (1 + 0.5) = 150 us.
  CHECK(b.wait_ns == (my_rank() == 0 ? 100'000 : 150'000));
  CHECK(!b.check_fn);  // nothing to verify: no communication
  CHECK(b.send_need_bytes == 0);
}

TEST_CASE("synthetic: noise is uniform in [0, noise * time) and reproducible from the seed") {
  rt::BoundOp a = synthetic(100e-6, 0, 0.2, 42);
  rt::BoundOp b = synthetic(100e-6, 0, 0.2, 42);
  rt::BoundOp c = synthetic(100e-6, 0, 0.2, 43);
  const auto wa = waits(a, 200), wb = waits(b, 200), wc = waits(c, 200);
  CHECK(wa == wb);
  CHECK(wa != wc);
  for (std::int64_t w : wa) {
    CHECK(w >= 100'000);
    CHECK(w <= 120'000);
  }
  // Spread over the interval, not stuck at one end.
  CHECK(*std::min_element(wa.begin(), wa.end()) < 102'000);
  CHECK(*std::max_element(wa.begin(), wa.end()) > 118'000);
  // Ranks draw different noise.
  std::int64_t other = 0;
  MPI_Sendrecv(&wa[0], 1, MPI_INT64_T, 1 - my_rank(), 0, &other, 1, MPI_INT64_T, 1 - my_rank(), 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  CHECK(other != wa[0]);
  // restart() replays the sequence.
  a.restart();
  CHECK(waits(a, 200) == wa);
}

TEST_CASE("synthetic: delay on delay_rank every delay_every-th observation") {
  rt::BoundOp b = synthetic(10e-6, 0, 0, 1, /*delay_rank=*/1, /*delay=*/50e-6, /*every=*/3);
  const auto w = waits(b, 9);
  for (int i = 0; i < 9; ++i) {
    CAPTURE(i);
    const bool delayed = my_rank() == 1 && (i + 1) % 3 == 0;
    CHECK(w[static_cast<std::size_t>(i)] == (delayed ? 60'000 : 10'000));
  }
}

TEST_CASE("synthetic: a run lasts the requested time") {
  Settings s;
  s.sync.kind = ProcSyncKind::None;
  s.timer = TimerKind::Monotonic;
  Job job;
  job.op = rt::make_op_call("Synthetic", {std::int64_t{1}, Duration{300e-6}});
  rt::JobRunner runner(job, test_comm(), s);
  rt::Observations obs;
  runner.run_batch(31, obs);
  std::vector<double> d;
  for (std::size_t i = 0; i < obs.size(); ++i) d.push_back(obs.end_s[i] - obs.start_s[i]);
  const double m = median(d);
  CHECK(m >= 300e-6);
  CHECK(m < 330e-6);  // generous: the VM may preempt
}

TEST_CASE("synthetic: bad arguments are refused") {
  CHECK_THROWS_WITH_AS(synthetic(-1e-6, 0, 0, 1), "'Synthetic': negative time (-1us)",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(synthetic(1e-6, 0, 0, 1, 0, 0, 0),
                       "'Synthetic': delay_every must be at least 1, got 0", std::runtime_error);
}
