// Clock synchronization under an injected skew (METRON_CLOCK_SKEW="1:0.005:50", rank 1 ahead
// by 5 ms and fast by 50 ppm), 2 ranks: the drift-model methods (JK, HCA, HCA2, HCA3) recover
// the slope and stay within 20 us of the root for 5 s; the offset-only methods (SKaMPI,
// Netgauge, HCA3O) start in sync and then drift apart at the injected 50 us/s.
#include <doctest/doctest.h>
#include <mpi.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "runtime/clocksync/clock_check.h"
#include "runtime/clocksync/clock_sync.h"
#include "runtime/clocksync/model/linear_fit.h"
#include "tests/mpi/clocksync_truth.h"

namespace cs = metron::rt::clocksync;

namespace {

constexpr double kDriftPpm = 50.0;

struct Followed {
  std::string method;
  bool drift_model = false;
  cs::SyncResult result;
  double end_s = 0.0;         // local clock when the sync returned
  std::vector<double> at_s;   // rank 0: seconds since the sync at each probe
  std::vector<double> off_s;  // rank 0: offset of rank 1 at each probe
  std::vector<double> hw_s;   // rank 0: the probe's half-width: |true offset - off_s| <= hw_s
};

}  // namespace

TEST_CASE("clock sync: drift models hold 5 s, offset-only methods drift at the injected rate") {
  setenv(cs::kClockSkewEnv, "1:0.005:50", 1);
  const cs::LocalClock clock = cs::LocalClock::from_env();
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const cs::ClockModel truth = cs::testing::true_model(MPI_COMM_WORLD, clock);
  if (rank == 1) {
    // d / (1 + d): the model's slope is per second of the fast clock.
    CHECK(std::abs(truth.slope - 50e-6 / (1.0 + 50e-6)) < 1e-15);
  }

  std::vector<Followed> followed;
  for (const auto& [method, drift] : std::vector<std::pair<std::string, bool>>{{"jk", true},
                                                                               {"hca", true},
                                                                               {"hca2", true},
                                                                               {"hca3", true},
                                                                               {"skampi", false},
                                                                               {"netgauge", false},
                                                                               {"hca3o", false}}) {
    CAPTURE(method);
    CAPTURE(rank);
    const auto sync = cs::make_clock_sync(method, clock);  // paper defaults, 1000 x 100
    // The machine is shared: when other jobs take the cores, round trips take time slices and
    // a sync can be spoiled. A sync that misses the truth is retried (at most 3 times in all);
    // a wrong algorithm misses every time.
    for (int attempt = 1;; ++attempt) {
      Followed f{method, drift, cs::run_sync(*sync, MPI_COMM_WORLD), 0.0, {}, {}, {}};
      f.end_s = clock.now();
      const cs::ClockModel& model = f.result.clock.model();
      const double slope_error = model.slope - (drift ? truth.slope : 0.0);
      const double offset_error = cs::testing::model_error_s(model, truth, f.end_s);
      // Right after the sync the global clock is close to the true one.
      int good = std::abs(slope_error) < 1e-6 && std::abs(offset_error) < 5e-6 ? 1 : 0;
      MPI_Allreduce(MPI_IN_PLACE, &good, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
      if (good || attempt == 3) {
        CHECK(std::abs(slope_error) < 1e-6);
        CHECK(std::abs(offset_error) < 5e-6);
        followed.push_back(std::move(f));
        break;
      }
      if (rank == 1) {
        MESSAGE(method, " attempt ", attempt, " missed (slope error ", slope_error,
                ", offset error ", offset_error * 1e6, " us); is the machine busy? retrying");
      }
    }
  }

  // One timeline for all methods: probe at 0, 1, ..., 5 s after the last sync.
  const double start_s = clock.now();
  for (int k = 0; k <= 5; ++k) {
    const double left = start_s + k - clock.now();
    if (left > 0) std::this_thread::sleep_for(std::chrono::duration<double>(left));
    MPI_Barrier(MPI_COMM_WORLD);
    for (Followed& f : followed) {
      // A probe whose round trips all spanned a time slice (a busy machine) brackets the offset
      // only to milliseconds: probe up to 5 times and keep the narrowest bracket, which is the
      // most precise reading of the same offset (rank 0 decides, so both ranks probe alike).
      cs::OffsetProbe probe;
      for (int attempt = 0; attempt < 5; ++attempt) {
        cs::OffsetProbe p = cs::probe_offsets(MPI_COMM_WORLD, f.result.clock, 20, 2e-6, 10);
        if (attempt == 0 || (rank == 0 && p.halfwidths_s[1] < probe.halfwidths_s[1])) probe = p;
        int narrow = rank == 0 && probe.halfwidths_s[1] < 10e-6 ? 1 : 0;
        MPI_Bcast(&narrow, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (narrow) break;
      }
      if (rank == 0) {
        f.at_s.push_back(clock.now() - f.end_s);
        f.off_s.push_back(probe.offsets_s[1]);
        f.hw_s.push_back(probe.halfwidths_s[1]);
      }
    }
  }

  if (rank == 0) {
    for (const Followed& f : followed) {
      CAPTURE(f.method);
      REQUIRE(f.at_s.size() == 6);
      CHECK(f.at_s.back() >= 5.0);
      REQUIRE(cs::fit_line(f.at_s, f.off_s).has_value());
      // A probe reads the offset only to its half-width, which is the machine's (a time slice
      // when every round trip was preempted), not the method's: each check allows it.
      if (f.drift_model) {
        for (std::size_t k = 0; k < f.off_s.size(); ++k)
          CHECK(std::abs(f.off_s[k]) < 20e-6 + f.hw_s[k]);
      } else {
        // Offset-only: starts near 0 and grows at the injected 50 us/s (+-10%), fitted over the
        // probes that read it to 10 us (the slope over 5 s then errs by < 4 us/s).
        CHECK(std::abs(f.off_s.front()) < 20e-6 + 50e-6 * f.at_s.front() + f.hw_s.front());
        std::vector<double> at, off;
        for (std::size_t k = 0; k < f.off_s.size(); ++k)
          if (f.hw_s[k] < 10e-6) at.push_back(f.at_s[k]), off.push_back(f.off_s[k]);
        const auto narrow = cs::fit_line(at, off);
        if (at.size() >= 3 && at.back() - at.front() >= 3.0 && narrow) {
          CHECK(std::abs(narrow->slope - kDriftPpm * 1e-6) < 0.1 * kDriftPpm * 1e-6);
        } else {
          MESSAGE(f.method,
                  ": too few narrow probes for the drift rate (machine busy); not checked");
        }
      }
    }
  }
}
