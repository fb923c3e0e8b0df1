// Measurement schemes and JobRunner: MS1, MS2 and MS3 on every timer report the known duration
// of Synthetic; batches append; warm-up restarts the index; process syncs plug in through a
// factory and their validity flags arrive; MPI errors become one message on every rank; the
// local run-time gather.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/measure/local_runtime.h"
#include "runtime/ops/catalog.h"
#include "runtime/procsync/dissemination.h"
#include "runtime/timers/tsc.h"

#include <doctest/doctest.h>

#include <time.h>

#include <algorithm>
#include <cmath>

using namespace metron;

namespace {

MPI_Comm test_comm() {
  static MPI_Comm c = [] {
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    return d;
  }();
  return c;
}

int my_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

Job job_of(const char* name, std::vector<Value> args) {
  Job j;
  j.op = rt::make_op_call(name, std::move(args));
  return j;
}

Job synthetic_job(double seconds) {
  return job_of("Synthetic", {std::int64_t{1}, Duration{seconds}});
}

std::vector<double> durations(const rt::Observations& o) {
  std::vector<double> d;
  for (std::size_t i = 0; i < o.size(); ++i) d.push_back(o.end_s[i] - o.start_s[i]);
  return d;
}

// Timing checks: a busy-wait never ends early, so lower bounds hold on every observation;
// upper bounds use the fastest observation, since other processes on a loaded machine may
// preempt any single one.
double fastest(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}

const TimerKind kTimers[] = {TimerKind::Wtime, TimerKind::Monotonic, TimerKind::Rdtscp};

double monotonic_now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Runs a batch of n on a Monotonic-timed runner and checks the divisor exactly: each reported
// duration times the operations per observation is the raw time of one timed region, and the
// timed regions of a batch are disjoint and inside the batch, so their sum cannot exceed the
// batch's wall time. A scheme that divides by too little reports at least twice the raw time
// here (divisors are >= 2), which the sum cannot hide. The 1 us covers the wall clock's reads.
std::vector<double> durations_within_wall_time(rt::JobRunner& runner, std::int64_t n) {
  rt::Observations obs;
  obs.reserve(n);
  const double t0 = monotonic_now();
  runner.run_batch(n, obs);
  const double wall = monotonic_now() - t0;
  const std::vector<double> d = durations(obs);
  double raw = 0;
  for (double v : d) raw += v * static_cast<double>(runner.ops_per_observation());
  CHECK(raw <= wall + 1e-6);
  return d;
}

// A sync that records its calls and flags observation 2 invalid on rank 1.
class RecordingSync final : public rt::ProcSync {
 public:
  explicit RecordingSync(std::vector<std::string>* log) : log_(log) {}
  std::string_view name() const override { return "recording"; }
  void begin_batch(std::int64_t n) override { log_->push_back("begin " + std::to_string(n)); }
  void before_observation(std::int64_t i) override {
    log_->push_back("before " + std::to_string(i));
  }
  bool after_observation(std::int64_t i, double s, double e) override {
    log_->push_back("after " + std::to_string(i) + (e >= s ? "" : " (end before start)"));
    return !(i == 2 && my_rank() == 1);
  }
  void end_batch() override { log_->push_back("end"); }

 private:
  std::vector<std::string>* log_;
};

}  // namespace

TEST_CASE("schemes: per_call reports the duration of one call on every timer") {
  for (TimerKind t : kTimers) {
    if (t == TimerKind::Rdtscp && !rt::tsc_available()) continue;
    CAPTURE(timer_name(t));
    Settings s;
    s.timer = t;
    s.scheme = SchemeKind::PerCall;
    rt::JobRunner runner(synthetic_job(200e-6), test_comm(), s);
    CHECK(runner.ops_per_observation() == 1);
    rt::Observations obs;
    obs.reserve(21);
    runner.run_batch(21, obs);
    REQUIRE(obs.size() == 21);
    const auto d = durations(obs);
    CHECK(fastest(d) >= 199e-6);  // Wtime is MPI's clock; allow its rounding
    CHECK(fastest(d) < 230e-6);
    for (std::size_t i = 1; i < obs.size(); ++i) CHECK(obs.start_s[i] >= obs.end_s[i - 1]);
  }
}

TEST_CASE("schemes: loop_mean reports the mean time per call of the loop") {
  Settings s;
  s.timer = TimerKind::Monotonic;
  s.scheme = SchemeKind::LoopMean;
  s.loop_iterations = 5;
  rt::JobRunner runner(synthetic_job(100e-6), test_comm(), s);
  CHECK(runner.ops_per_observation() == 5);
  const auto d = durations_within_wall_time(runner, 9);
  CHECK(fastest(d) >= 100e-6);
  CHECK(fastest(d) < 115e-6);
}

TEST_CASE("schemes: loop_barrier includes the barrier after each call") {
  Settings s;
  s.timer = TimerKind::Monotonic;
  s.scheme = SchemeKind::LoopBarrier;
  s.loop_iterations = 4;
  for (ProcSyncKind k : {ProcSyncKind::Barrier, ProcSyncKind::None, ProcSyncKind::Dissemination}) {
    CAPTURE(proc_sync_name(k));
    s.sync.kind = k;
    rt::JobRunner runner(synthetic_job(100e-6), test_comm(), s);
    CHECK(runner.ops_per_observation() == 4);
    const auto d = durations_within_wall_time(runner, 9);
    for (double v : d) CHECK(v >= 100e-6);  // the call; the barriers add to it
  }
}

TEST_CASE("schemes: imbalance shows in the per-rank durations and the local run-time") {
  Settings s;
  s.timer = TimerKind::Monotonic;
  Job job = job_of("Synthetic", {std::int64_t{1}, Duration{100e-6},
                                 Value(rt::datatype_named("MPI_BYTE")), Percent{1.0}});
  rt::JobRunner runner(job, test_comm(), s);
  rt::Observations obs;
  runner.run_batch(11, obs);
  const rt::GatheredDurations g =
      rt::gather_local_durations(test_comm(), obs.start_s, obs.end_s, obs.valid);
  if (my_rank() == 0) {
    REQUIRE(g.per_rank.size() == 22);
    std::vector<double> r0(g.per_rank.begin(), g.per_rank.begin() + 11);
    std::vector<double> r1(g.per_rank.begin() + 11, g.per_rank.end());
    CHECK(fastest(r0) == doctest::Approx(100e-6).epsilon(0.15));
    CHECK(fastest(r1) == doctest::Approx(200e-6).epsilon(0.15));  // rank 1: 1 + 100% * 1/1
    CHECK(fastest(g.max_per_obs) == doctest::Approx(200e-6).epsilon(0.15));
    for (std::size_t i = 0; i < 11; ++i) CHECK(g.max_per_obs[i] == std::max(r0[i], r1[i]));
  } else {
    CHECK(g.per_rank.empty());
  }
}

TEST_CASE("schemes: batches append, warm-up restarts the observation index") {
  Settings s;
  s.timer = TimerKind::Monotonic;
  s.sync.kind = ProcSyncKind::DoubleBarrier;
  Job job = job_of("Synthetic", {std::int64_t{1}, Duration{5e-6},
                                 Value(rt::datatype_named("MPI_BYTE")), Percent{0}, Percent{0.5}});
  rt::JobRunner runner(job, test_comm(), s);
  const std::int64_t first_wait = runner.op().wait_ns;
  runner.warmup(3);
  CHECK(runner.observations() == 0);
  CHECK(runner.op().wait_ns == first_wait);  // Synthetic's noise sequence starts again
  rt::Observations obs;
  runner.run_batch(4, obs);
  runner.run_batch(6, obs);
  CHECK(obs.size() == 10);
  CHECK(runner.observations() == 10);
  CHECK(std::all_of(obs.valid.begin(), obs.valid.end(), [](std::uint8_t v) { return v == 1; }));
}

TEST_CASE("schemes: a sync factory plugs in; its hooks run in order and flag validity") {
  std::vector<std::string> log;
  Settings s;
  s.sync.kind = ProcSyncKind::Window;  // not a barrier kind: needs the factory
  CHECK_THROWS_WITH_AS(rt::JobRunner(synthetic_job(1e-6), test_comm(), s),
                       "process sync 'window' is not available: the executor must provide it",
                       std::runtime_error);
  MPI_Comm seen = MPI_COMM_NULL;
  rt::JobRunner runner(synthetic_job(1e-6), test_comm(), s,
                       [&](MPI_Comm c, const Settings&) -> std::unique_ptr<rt::ProcSync> {
                         seen = c;
                         return std::make_unique<RecordingSync>(&log);
                       });
  int cmp = MPI_UNEQUAL;
  MPI_Comm_compare(seen, test_comm(), &cmp);
  CHECK(cmp == MPI_CONGRUENT);  // a duplicate of the job communicator
  rt::Observations obs;
  runner.run_batch(3, obs);
  CHECK(log == std::vector<std::string>{"begin 3", "before 0", "after 0", "before 1", "after 1",
                                        "before 2", "after 2", "end"});
  CHECK(obs.valid ==
        std::vector<std::uint8_t>{1, 1, my_rank() == 1 ? std::uint8_t{0} : std::uint8_t{1}});
  const rt::GatheredDurations g =
      rt::gather_local_durations(test_comm(), obs.start_s, obs.end_s, obs.valid);
  if (my_rank() == 0) CHECK(g.valid == std::vector<std::uint8_t>{1, 1, 0});
}

TEST_CASE("schemes: ping-pong times are per round trip; idle ranks are NaN in the gather") {
  Settings s;
  s.timer = TimerKind::Monotonic;
  s.sync.kind = ProcSyncKind::None;
  rt::JobRunner runner(
      job_of("Pingpong_Send_Recv", {std::int64_t{8}, Value(rt::datatype_named("MPI_CHAR")), 0, 20}),
      test_comm(), s);
  CHECK(runner.ops_per_observation() == 20);
  CHECK(runner.participates());
  runner.warmup(2);
  const auto d = durations_within_wall_time(runner, 11);
  for (double v : d) CHECK(v > 0);

  // The gather marks a non-participating rank with NaN and ignores it in the max.
  const std::vector<double> start{0.0, 0.0}, end{1.0, 2.0};
  const rt::GatheredDurations g =
      rt::gather_local_durations(test_comm(), start, end, {}, /*participates=*/my_rank() == 0);
  if (my_rank() == 0) {
    CHECK(g.per_rank[0] == 1.0);
    CHECK(std::isnan(g.per_rank[2]));
    CHECK(g.max_per_obs == std::vector<double>{1.0, 2.0});
  }
}

TEST_CASE("schemes: loop_mean and loop_barrier divide a ping-pong by loop x round trips") {
  for (SchemeKind k : {SchemeKind::LoopMean, SchemeKind::LoopBarrier}) {
    Settings s;
    s.timer = TimerKind::Monotonic;
    s.scheme = k;
    s.loop_iterations = 3;
    rt::JobRunner runner(job_of("Pingpong_Send_Recv",
                                {std::int64_t{8}, Value(rt::datatype_named("MPI_CHAR")), 0, 10}),
                         test_comm(), s);
    CHECK(runner.ops_per_observation() == 30);
    runner.warmup(1);
    for (double v : durations_within_wall_time(runner, 7)) CHECK(v > 0);
  }
}

TEST_CASE("local run-time: max over ranks per observation, rows by rank") {
  const int r = my_rank();
  const std::vector<double> start{10.0, 20.0, 30.0};
  const std::vector<double> end{10.0 + 1 + r, 20.0 + 5 - 3 * r, 30.0 + 2};
  const std::vector<std::uint8_t> valid{1, static_cast<std::uint8_t>(r == 0), 1};
  const rt::GatheredDurations g = rt::gather_local_durations(test_comm(), start, end, valid);
  CHECK(g.ranks == 2);
  CHECK(g.n == 3);
  if (r == 0) {
    CHECK(g.per_rank == std::vector<double>{1, 5, 2, 2, 2, 2});
    CHECK(g.max_per_obs == std::vector<double>{2, 5, 2});
    CHECK(g.valid == std::vector<std::uint8_t>{1, 0, 1});
  }
}

TEST_CASE("local run-time: global stamps are the earliest start and latest end over ranks") {
  const int r = my_rank();
  const std::vector<double> start{0.0, 0.0}, end{1.0, 1.0};
  const std::vector<double> gstart{100.0 + r, 200.0 - r}, gend{110.0 - r, 205.0 + 2 * r};
  rt::LocalBatch b;
  b.start_s = start;
  b.end_s = end;
  b.global_start_s = gstart;
  b.global_end_s = gend;
  const rt::GatheredDurations g = rt::gather_local_durations(test_comm(), 2, true, b);
  if (r == 0) {
    CHECK(!g.failed);
    CHECK(g.global_start_s == std::vector<double>{100.0, 199.0});
    CHECK(g.global_end_s == std::vector<double>{110.0, 207.0});
  }
  // A rank that only watches does not count: rank 0's stamps alone.
  b.participates = r == 0;
  const rt::GatheredDurations w = rt::gather_local_durations(test_comm(), 2, true, b);
  if (r == 0) {
    CHECK(w.global_start_s == std::vector<double>{100.0, 200.0});
    CHECK(w.global_end_s == std::vector<double>{110.0, 205.0});
  }
}

TEST_CASE("local run-time: a rank's failed batch is seen on the root, its values unread") {
  rt::LocalBatch b;  // empty spans: a failed rank need not have observations
  b.failed = my_rank() == 1;
  const std::vector<double> t{0.0, 1.0};
  if (!b.failed) b.start_s = b.end_s = t;
  const rt::GatheredDurations g = rt::gather_local_durations(test_comm(), 2, false, b);
  if (my_rank() == 0) {
    CHECK(g.failed);
    CHECK(g.max_per_obs.empty());
  }
}

TEST_CASE("local run-time: the reduction on the ranks gives the gather's results") {
  const int r = my_rank();
  const std::vector<double> start{10.0, 20.0, 30.0}, end{10.0 + 1 + r, 20.0 + 5 - 3 * r, 32.0};
  const std::vector<std::uint8_t> valid{1, static_cast<std::uint8_t>(r == 0), 1};
  const std::vector<double> gstart{100.0 + r, 200.0 - r, 300.0},
      gend{110.0 - r, 205.0 + 2 * r, 301.0};
  for (const bool stamps : {false, true})
    for (const bool participates : {true, r == 0}) {
      rt::LocalBatch b;
      b.start_s = start;
      b.end_s = end;
      b.valid = valid;
      b.global_start_s = gstart;
      b.global_end_s = gend;
      b.participates = participates;
      const rt::GatheredDurations g = rt::gather_local_durations(test_comm(), 3, stamps, b);
      const rt::GatheredDurations d = rt::reduce_local_durations(test_comm(), 3, stamps, b);
      if (r != 0) continue;
      CHECK(d.ranks == g.ranks);
      CHECK(d.per_rank.empty());
      CHECK(!d.failed);
      CHECK(d.max_per_obs == g.max_per_obs);
      CHECK(d.valid == g.valid);
      CHECK(d.global_start_s == g.global_start_s);
      CHECK(d.global_end_s == g.global_end_s);
    }
  // No rank participates: no maximum (NaN), and stamps of +inf and -inf, as the gather says.
  rt::LocalBatch idle;
  idle.start_s = idle.end_s = start;
  idle.global_start_s = gstart;
  idle.global_end_s = gend;
  idle.participates = false;
  const rt::GatheredDurations d = rt::reduce_local_durations(test_comm(), 3, true, idle);
  if (r == 0) {
    CHECK(std::isnan(d.max_per_obs[0]));
    CHECK(std::isinf(d.global_start_s[0]));
    CHECK(d.global_start_s[0] > 0);
    CHECK(d.global_end_s[0] < 0);
  }
  // A failed rank is seen on the root.
  rt::LocalBatch f;
  f.failed = r == 1;
  if (!f.failed) f.start_s = f.end_s = start;
  const rt::GatheredDurations e = rt::reduce_local_durations(test_comm(), 3, false, f);
  if (r == 0) {
    CHECK(e.failed);
    CHECK(e.max_per_obs.empty());
  }
}

TEST_CASE("job runner: an MPI error in the timed loop becomes one message on every rank") {
  Settings s;
  // The ranks disagree on the count (a test can do what a plan never does): rank 1 receives 4
  // ints of the 8 the root sends, MPI_ERR_TRUNCATE on rank 1 only.
  Job job = job_of("Bcast",
                   {std::int64_t{my_rank() == 0 ? 8 : 4}, Value(rt::datatype_named("MPI_INT")), 0});
  rt::JobRunner runner(job, test_comm(), s);
  rt::Observations obs;
  std::string what;
  try {
    runner.run_batch(2, obs);
  } catch (const std::runtime_error& e) {
    what = e.what();
  }
  CHECK(what.find("'Bcast' failed on rank 1: MPI error: ") == 0);
  CHECK(what.find("truncat") != std::string::npos);
}

TEST_CASE("job runner: bind errors surface from the constructor") {
  Settings s;
  int rank = my_rank();
  MPI_Comm self;
  MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &self);
  CHECK_THROWS_WITH_AS(rt::JobRunner(job_of("Pingpong_Send_Recv", {std::int64_t{1}}), self, s),
                       "'Pingpong_Send_Recv' needs at least 2 ranks but its communicator has 1",
                       std::runtime_error);
  MPI_Comm_free(&self);
  s.loop_iterations = 0;
  CHECK_THROWS_WITH_AS(rt::JobRunner(synthetic_job(1e-6), test_comm(), s),
                       "loop_iterations must be at least 1, got 0", std::runtime_error);
}

TEST_CASE("job runner: verify runs once outside the loop and agrees on every rank") {
  Settings s;
  s.verify = true;
  rt::JobRunner runner(job_of("Allgather", {std::int64_t{16}}), test_comm(), s);
  const auto v = runner.verify();
  CHECK_MESSAGE(!v, v.value_or(""));
}

TEST_CASE("dissemination barrier: ceil(log2 p) rounds, and it synchronizes") {
  rt::DisseminationBarrier b(test_comm());
  CHECK(b.rounds() == 1);
  // Rank 1 arrives 20 ms late; rank 0 cannot leave before rank 1 entered.
  if (my_rank() == 1) {
    const double t = MPI_Wtime();
    while (MPI_Wtime() - t < 0.02) {
    }
  }
  const double before = MPI_Wtime();
  b.wait();
  const double waited = MPI_Wtime() - before;
  if (my_rank() == 0) CHECK(waited > 0.015);
  CHECK(b.error() == MPI_SUCCESS);
  CHECK(rt::dissemination_barrier(test_comm(), 5) == MPI_SUCCESS);
}
