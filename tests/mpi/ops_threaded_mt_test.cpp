// Threaded operations (IMB-MT, osu_latency_mt) on 2 ranks x 2 threads, under
// MPI_THREAD_MULTIPLE (METRON_THREAD_LEVEL=multiple, set for *_mt_test by cmake): each verifies
// with `verify = on` and finds a corrupted byte, runs its threads on their own communicators (or
// the shared one for osu_latency_mt) and buffers, and reports one thread's call through both
// scheme kinds.
#include "runtime/measure/job_runner.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/thread_level.h"
#include "runtime/ops/threaded.h"
#include "runtime/plan/op_args.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

struct Case {
  const char* name;
  std::vector<Value> args;  // without `threads`, which the test adds
  int divisor;
  std::vector<int> receivers;     // ranks whose result buffer part 0 checks
  std::vector<Value> after = {};  // arguments after `threads`
};

std::vector<Case> cases() {
  return {
      {"Latency_mt", {i64(5), dt("MPI_INT"), i64(3), i64(4)}, 8, {0, 1}, {i64(0)}},  // -t 2:2
      {"PingPongMT", {i64(5), dt("MPI_INT"), i64(3), i64(4)}, 8, {0, 1}},
      {"PingPingMT", {i64(5), dt("MPI_INT"), i64(3), i64(4)}, 4, {0, 1}},
      {"UniBandMT", {i64(5), dt("MPI_INT"), i64(4), i64(3)}, 3, {1}},
      {"BiBandMT", {i64(5), dt("MPI_INT"), i64(4), i64(3)}, 3, {0, 1}},
      {"BcastMT", {i64(5), dt("MPI_INT"), i64(0)}, 1, {1}},
      {"ReduceMT", {i64(5), dt("MPI_INT"), op("MPI_SUM"), i64(0)}, 1, {0}},
      {"AllreduceMT", {i64(5), dt("MPI_INT"), op("MPI_SUM")}, 1, {0, 1}},
      {"GatherMT", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT"), i64(0)}, 1, {0}},
      {"ScatterMT", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT"), i64(0)}, 1, {1}},
      {"AllgatherMT", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT")}, 1, {0, 1}},
      {"AlltoallMT", {i64(5), dt("MPI_INT"), i64(5), dt("MPI_INT")}, 1, {0, 1}},
  };
}

rt::BoundOp bind_threads(const Case& c, std::int64_t threads) {
  std::vector<Value> args = c.args;
  args.push_back(i64(threads));
  args.insert(args.end(), c.after.begin(), c.after.end());
  rt::BoundOp b = bind(c.name, std::move(args));
  b.prepare();
  return b;
}

}  // namespace

TEST_CASE("threads: MPI provides MPI_THREAD_MULTIPLE when METRON_THREAD_LEVEL asks for it") {
  CHECK(std::string(rt::thread_level_name(rt::provided_thread_level())) == "MPI_THREAD_MULTIPLE");
}

TEST_CASE("threads: every threaded operation verifies on 2 ranks x 2 threads and finds a fault") {
  for (const Case& c : cases()) {
    CAPTURE(c.name);
    rt::BoundOp b = bind_threads(c, 2);
    REQUIRE(b.threaded);
    const auto& th = *b.threaded;
    REQUIRE(th.parts.size() == 2);
    CHECK(b.divisor == c.divisor);
    // Each thread its own share of the slot: part 1 starts one share after part 0.
    CHECK(th.parts[1].buf.send() == th.parts[0].buf.send() + th.send_share);
    // IMB-MT: a communicator per thread; osu_latency_mt: the threads share the job's.
    int same = MPI_UNEQUAL;
    MPI_Comm_compare(th.parts[0].comm, th.parts[1].comm, &same);
    CHECK(same == (std::string(c.name) == "Latency_mt" ? MPI_IDENT : MPI_CONGRUENT));
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    for (int bad : c.receivers) {
      const rt::VerifyFault fault{bad, 1};
      const auto err = rt::verify_op(b, &fault);
      REQUIRE(err);
      CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                      std::to_string(bad)) != std::string::npos);
    }
    b.release();
  }
}

TEST_CASE("threads: per_call and loop_mean time one thread's call; loop_barrier is refused") {
  Job j;
  j.op = rt::make_op_call("PingPongMT", {i64(64), dt("MPI_CHAR"), i64(0), i64(1), i64(2)});
  for (SchemeKind scheme : {SchemeKind::PerCall, SchemeKind::LoopMean}) {
    CAPTURE(static_cast<int>(scheme));
    Settings s = small_settings();
    s.scheme = scheme;
    s.loop_iterations = 4;
    rt::JobRunner runner(j, test_comm(), s);
    runner.warmup(2);
    rt::Observations obs;
    runner.run_batch(5, obs);
    REQUIRE(obs.size() == 5);
    for (std::size_t i = 0; i < obs.size(); ++i) {
      CHECK(obs.end_s[i] > obs.start_s[i]);
      CHECK(obs.end_s[i] - obs.start_s[i] < 1.0);
    }
  }
  Settings s = small_settings();
  s.scheme = SchemeKind::LoopBarrier;
  try {
    rt::JobRunner runner(j, test_comm(), s);
    FAIL("loop_barrier accepted");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) ==
          "'PingPongMT' runs threads: it takes scheme = per_call or loop_mean, not loop_barrier");
  }
}

TEST_CASE("threads: one thread is the base operation; the fit check counts every thread") {
  const Case c = cases()[1];  // PingPongMT
  rt::BoundOp one = bind_threads(c, 1);
  CHECK(one.threaded->parts.size() == 1);
  CHECK(!rt::verify_op(one));
  one.release();
  Settings tight = small_settings();
  tight.buffer_bytes = 1024;  // 2 threads x (64 + 64 bytes) fit; 16 threads do not
  CHECK(bind_error("PingPongMT", {i64(64), dt("MPI_CHAR"), i64(0), i64(1), i64(2)}, tight) == "");
  CHECK(bind_error("PingPongMT", {i64(64), dt("MPI_CHAR"), i64(0), i64(1), i64(16)}, tight)
            .find("'PingPongMT' needs 2048 bytes") != std::string::npos);
}

TEST_CASE("threads: a team runs a task on every member and passes on a member's exception") {
  rt::ThreadTeam team(3);
  std::vector<int> seen(3, -1);
  for (int round = 0; round < 2; ++round) {
    team.run([&](int t) {
      team.barrier();
      seen[static_cast<std::size_t>(t)] = t + round;
    });
    CHECK(seen == std::vector<int>{round, round + 1, round + 2});
  }
  CHECK_THROWS_WITH(team.run([](int t) {
    if (t == 2) throw std::runtime_error("member 2 failed");
  }),
                    "member 2 failed");
}

TEST_CASE("threads: osu_latency_mt's -t 2:2 pairs thread k with thread k by its tag") {
  rt::BoundOp b = bind("Latency_mt", {i64(5), dt("MPI_INT"), i64(3), i64(2), i64(2), i64(0)});
  b.prepare();
  const auto& parts = b.threaded->parts;
  REQUIRE(parts.size() == 2);
  CHECK(parts[0].tag == 3);
  CHECK(parts[1].tag == 4);
  CHECK(b.divisor == 4);  // one way: 2 per round trip, 2 round trips per thread and call
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
  b.release();
}

TEST_CASE("threads: osu_latency_mt's default -t 2: one sender, any of 2 receiving threads") {
  // threads = 2, one_sender = 1 (the default): rank 0 one thread making 2 x 3 round trips per
  // call, rank 1 two threads answering 3 each on the one tag.
  rt::BoundOp b = bind("Latency_mt", {i64(5), dt("MPI_INT"), i64(7), i64(3), i64(2)});
  b.prepare();
  const auto& parts = b.threaded->parts;
  int rank = 0;
  MPI_Comm_rank(test_comm(), &rank);
  CHECK(parts.size() == (rank == 0 ? 1u : 2u));
  for (const auto& p : parts) {
    CHECK(p.tag == 7);
    CHECK(p.iterations == (rank == 0 ? 6 : 3));
  }
  CHECK(b.divisor == 12);  // every rank: half of each of the 6 round trips
  const auto ok = rt::verify_op(b);
  CHECK_MESSAGE(!ok, ok.value_or(""));
  const rt::VerifyFault fault{1, 1};
  REQUIRE(rt::verify_op(b, &fault));
  b.release();
  // Timed through both schemes: one round trip's half, positive and small.
  Job j;
  j.op = rt::make_op_call("Latency_mt", {i64(8), dt("MPI_CHAR"), i64(0), i64(2), i64(2)});
  for (SchemeKind scheme : {SchemeKind::PerCall, SchemeKind::LoopMean}) {
    Settings s = small_settings();
    s.scheme = scheme;
    rt::JobRunner runner(j, test_comm(), s);
    runner.warmup(2);
    rt::Observations obs;
    runner.run_batch(5, obs);
    REQUIRE(obs.size() == 5);
    for (std::size_t i = 0; i < obs.size(); ++i) CHECK(obs.end_s[i] > obs.start_s[i]);
  }
  CHECK(bind_error("Latency_mt", {i64(8), dt("MPI_CHAR"), i64(0), i64(1), i64(2), i64(2)}) ==
        "bad argument #6 to 'Latency_mt' (one_sender must be 0 or 1)");
}

TEST_CASE("threads: osu_latency_mt's rates: T messages at once under -t T:T, one with one sender") {
  auto use = [](std::int64_t one_sender) {
    const OpCall c = rt::make_op_call(
        "Latency_mt", {i64(1000), dt("MPI_CHAR"), i64(0), i64(1), i64(4), i64(one_sender)});
    return c.func->usage(OpArgs(*c.func, c.args), 2);
  };
  const BufferUse paired = use(0), one = use(1);
  CHECK(paired.rate_messages == 4);
  CHECK(paired.rate_bytes == 4000);
  CHECK(one.rate_messages == 1);
  CHECK(one.rate_bytes == 1000);
  CHECK(one.recv_bytes == paired.recv_bytes);  // rank 1's 4 threads each have their share
}
