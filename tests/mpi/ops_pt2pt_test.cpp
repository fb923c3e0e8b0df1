// OSU and IMB point-to-point operations on 2 ranks: each verifies with `verify = on`, reports a
// corrupted byte on the rank that receives it, divides by what one reported time is, and sends
// exactly the messages its definition says (counted by a hand-written partner).
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"
#include "tests/mpi/op_test_support.h"

#include <doctest/doctest.h>

using namespace metron;
using namespace metron::test;

namespace {

struct Case {
  const char* name;
  std::vector<Value> args;
  int divisor;
  std::vector<int> receivers;  // ranks that check what they received
  std::int64_t fault_byte;     // a byte the receivers check
};

}  // namespace

TEST_CASE("pt2pt: every operation verifies and finds a corrupted byte where it is received") {
  // 5 ints = 20 bytes per block; the window's third block starts at byte 40.
  const Case cases[] = {
      {"Latency", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 8, {0, 1}, 7},
      {"Multi_latency", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 8, {0, 1}, 7},
      {"PingPing", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 4, {0, 1}, 7},
      {"Multi_pingping", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 4, {0, 1}, 7},
      {"PingPongAnySource", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 8, {0, 1}, 7},
      {"PingPingAnySource", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 4, {0, 1}, 7},
      {"Pingpong_Isend_Irecv", {std::int64_t{5}, dt("MPI_INT"), 3, 4}, 4, {0, 1}, 7},
      {"Bandwidth", {std::int64_t{5}, dt("MPI_INT"), 4, 3}, 3, {1}, 40 + 3},
      {"Multi_bandwidth", {std::int64_t{5}, dt("MPI_INT"), 4, 3}, 3, {1}, 40 + 3},
      {"Uniband", {std::int64_t{5}, dt("MPI_INT"), 4, 3}, 3, {1}, 40 + 3},
      {"Bibandwidth", {std::int64_t{5}, dt("MPI_INT"), 4, 3}, 3, {0, 1}, 60 + 1},
      {"Biband", {std::int64_t{5}, dt("MPI_INT"), 4, 3}, 3, {0, 1}, 60 + 1},
      {"Sendrecv", {std::int64_t{5}, dt("MPI_INT"), 2}, 2, {0, 1}, 19},
      {"Exchange", {std::int64_t{5}, dt("MPI_INT"), 2}, 2, {0, 1}, 20 + 2},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    rt::BoundOp b = bind(c.name, c.args);
    CHECK(b.participates);
    CHECK(b.divisor == c.divisor);
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    for (int bad = 0; bad < 2; ++bad) {
      CAPTURE(bad);
      const rt::VerifyFault fault{bad, c.fault_byte};
      const auto err = rt::verify_op(b, &fault);
      const bool receives =
          std::find(c.receivers.begin(), c.receivers.end(), bad) != c.receivers.end();
      if (!receives) {
        CHECK_MESSAGE(!err, err.value_or(""));  // a sender's receive side holds only the ack
        continue;
      }
      REQUIRE(err);
      CHECK(err->find("verification of '" + std::string(c.name) + "' failed on rank " +
                      std::to_string(bad) + ": receive buffer") == 0);
      CHECK(err->find(" byte " + std::to_string(c.fault_byte) + ": expected 0x") !=
            std::string::npos);
    }
  }
}

TEST_CASE("pt2pt: a Bandwidth call is `iterations` windows, each acknowledged") {
  // Rank 0 runs the bound sender; rank 1 receives by hand, counts the data messages and acks
  // every window, until rank 0 says stop with another tag. Exact: the definition of osu_bw.
  constexpr int kWindow = 8, kIterations = 3, kCalls = 2, kStopTag = 77;
  rt::BoundOp b = bind("Bandwidth", {std::int64_t{16}, dt("MPI_CHAR"), kWindow, kIterations});
  CHECK(b.divisor == kIterations);
  if (b.rank == 0) {
    for (int i = 0; i < kCalls; ++i) {
      b.call();
      b.advance();
    }
    CHECK(b.error == MPI_SUCCESS);
    char stop = 0;
    MPI_Send(&stop, 1, MPI_CHAR, 1, kStopTag, test_comm());
  } else {
    char data[16] = {}, ack[4] = {};
    int received = 0;
    for (;;) {
      MPI_Status st;
      MPI_Recv(data, 16, MPI_CHAR, 0, MPI_ANY_TAG, test_comm(), &st);
      if (st.MPI_TAG == kStopTag) break;
      if (++received % kWindow == 0) MPI_Send(ack, 4, MPI_BYTE, 0, 2, test_comm());
    }
    CHECK(received == kCalls * kIterations * kWindow);
  }
  MPI_Barrier(test_comm());
}

TEST_CASE("pt2pt: a Latency call is `iterations` round trips, reported as half of each") {
  constexpr int kStopTag = 77;
  rt::BoundOp b = bind("Latency", {std::int64_t{8}, dt("MPI_CHAR"), 0, 25});
  CHECK(b.divisor == 50);
  char byte[8] = {};
  if (b.rank == 0) {
    for (int i = 0; i < 2; ++i) b.call();
    CHECK(b.error == MPI_SUCCESS);
    MPI_Send(byte, 1, MPI_CHAR, 1, kStopTag, test_comm());
  } else {
    int received = 0;
    for (;;) {
      MPI_Status st;
      MPI_Recv(byte, 8, MPI_CHAR, 0, MPI_ANY_TAG, test_comm(), &st);
      if (st.MPI_TAG == kStopTag) break;
      ++received;
      MPI_Send(byte, 8, MPI_CHAR, 0, 0, test_comm());
    }
    CHECK(received == 2 * 25);
  }
  MPI_Barrier(test_comm());
}

TEST_CASE("pt2pt: what one reported time is and what it moves") {
  // 2 ranks, 1000 bytes per block, a window of 64.
  auto use = [](const char* name, std::vector<Value> args) {
    const OpCall c = rt::make_op_call(name, std::move(args));
    return std::pair{c.func->time_of, c.func->usage(OpArgs(*c.func, c.args), 2)};
  };
  const std::int64_t n = 1000;
  auto [lat, lat_u] = use("Latency", {n});
  CHECK(lat == TimeOf::OneWay);
  CHECK(lat_u.rate_bytes == 1000);
  CHECK(lat_u.rate_messages == 1);
  auto [bw, bw_u] = use("Bandwidth", {n});
  CHECK(bw == TimeOf::Window);
  CHECK(bw_u.rate_bytes == 64 * 1000);
  CHECK(bw_u.rate_messages == 64);
  CHECK(bw_u.recv_bytes == 64 * 1000);  // distinct blocks for the window's receives
  auto [bibw, bibw_u] = use("Bibandwidth", {n});
  CHECK(bibw_u.rate_bytes == 2 * 64 * 1000);
  auto [pp, pp_u] = use("Pingpong_Send_Recv", {n});
  CHECK(pp == TimeOf::RoundTrip);
  CHECK(pp_u.rate_bytes == 2 * 1000);  // size / half the round trip
  auto [ex, ex_u] = use("Exchange", {n});
  CHECK(ex == TimeOf::Iteration);
  CHECK(ex_u.rate_bytes == 4 * 1000);  // IMB: 4 X / t
  auto [sr, sr_u] = use("Sendrecv", {n});
  CHECK(sr_u.rate_bytes == 2 * 1000);  // IMB: 2 X / t
  auto [e, e_u] = use("Empty", {});
  CHECK(e == TimeOf::OneCall);
  CHECK(e_u.rate_bytes == 0);
}

TEST_CASE("pt2pt: Empty binds with nothing to check and calls nothing") {
  rt::BoundOp b = bind("Empty", {});
  CHECK(b.participates);
  b.call();
  CHECK(b.error == MPI_SUCCESS);
  CHECK_FALSE(rt::verify_op(b));
}

TEST_CASE("pt2pt: window and iterations are checked") {
  // The shared check (op_checks.h): a window holds 1 .. 2^20 messages.
  CHECK_THROWS_WITH_AS(bind("Bandwidth", {std::int64_t{1}, dt("MPI_INT"), 0}),
                       "'Bandwidth': window 0 is outside [1, 1048576]", std::runtime_error);
  CHECK_THROWS_WITH_AS(
      bind("Biband", {std::int64_t{1}, dt("MPI_INT"), (std::int64_t{1} << 20) + 1}),
      "'Biband': window 1048577 is outside [1, 1048576]", std::runtime_error);
  // Below 1: the shared check of the operation table (op_checks.h), as for every ping-pong.
  CHECK_THROWS_WITH_AS(bind("Latency", {std::int64_t{1}, dt("MPI_INT"), 0, 0}),
                       "bad argument #4 to 'Latency' (iterations must be at least 1)",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(bind("Sendrecv", {std::int64_t{1}, dt("MPI_INT"), -2}),
                       "bad argument #3 to 'Sendrecv' (iterations must be at least 1)",
                       std::runtime_error);
  // Above INT_MAX / 2: Latency's own bound (its divisor 2 * iterations is an int).
  CHECK_THROWS_WITH_AS(bind("Latency", {std::int64_t{1}, dt("MPI_INT"), 0, std::int64_t{1} << 30}),
                       "'Latency': iterations must be in [1, 1073741823], got 1073741824",
                       std::runtime_error);
}

TEST_CASE("pt2pt: single_buffer receives a window into one block, which verification checks") {
  Settings s = small_settings();
  s.single_buffer = true;
  for (const char* name : {"Bandwidth", "Bibandwidth", "Uniband", "Biband"}) {
    CAPTURE(name);
    rt::BoundOp b =
        rt::bind_op(rt::make_op_call(name, {std::int64_t{5}, dt("MPI_INT"), 4, 3}), test_comm(), s);
    CHECK(b.single_block);
    CHECK(b.recv_need_bytes == 20);  // one block of 5 ints, not a window of 4
    const auto ok = rt::verify_op(b);
    CHECK_MESSAGE(!ok, ok.value_or(""));
    const rt::VerifyFault fault{1, 3};
    CHECK(rt::verify_op(b, &fault));  // rank 1 receives in all four
    b.release();
  }
  rt::BoundOp multi = bind("Bandwidth", {std::int64_t{5}, dt("MPI_INT"), 4, 3});
  CHECK(!multi.single_block);
  CHECK(multi.recv_need_bytes == 80);
  multi.release();
}
