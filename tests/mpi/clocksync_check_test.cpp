// The clock-sync interface and the clock-check harness on 2 ranks: the factory and parameter
// checks, one-rank communicators, run_sync's duration, and the harness's rows, table and CSV.
#include <doctest/doctest.h>
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/clocksync/clock_check.h"
#include "runtime/clocksync/clock_sync.h"

namespace cs = metron::rt::clocksync;

namespace {

cs::SyncParams small_params() {
  cs::SyncParams p;
  p.fitpoints = 10;
  p.exchanges = 5;
  p.pingpongs = 10;
  p.rtt_pingpongs = 20;
  p.warmup = 2;
  return p;
}

std::string invalid_message(const cs::SyncParams& params, std::string_view method = "hca") {
  try {
    cs::make_clock_sync(method, cs::LocalClock{}, params);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("clock sync: the factory knows every listed method and rejects others") {
  for (std::string_view name : cs::clock_sync_methods()) {
    const auto method = cs::make_clock_sync(name, cs::LocalClock{}, small_params());
    CHECK(method->name() == name);
  }
  CHECK(invalid_message({}, "hca4") == "clock sync: unknown method 'hca4'");
  cs::SyncParams p;
  p.fitpoints = 1;
  CHECK(invalid_message(p) == "clock sync: fitpoints must be at least 2");
  p = {};
  p.exchanges = 0;
  CHECK(invalid_message(p) == "clock sync: exchanges must be at least 1");
  p = {};
  p.warmup = -1;
  CHECK(invalid_message(p) == "clock sync: warmup must not be negative");
}

TEST_CASE("clock sync: used_params lists what each method reads") {
  const cs::LocalClock clock;
  CHECK(cs::make_clock_sync("none", clock)->used_params().empty());
  const auto skampi = cs::make_clock_sync("skampi", clock)->used_params();
  REQUIRE(skampi.size() == 1);
  CHECK(skampi[0] == std::pair<std::string, std::string>{"pingpongs", "100"});
  const auto hca = cs::make_clock_sync("hca", clock)->used_params();
  CHECK(hca.size() == 5);
  CHECK(hca[0] == std::pair<std::string, std::string>{"fitpoints", "1000"});
  cs::SyncParams p;
  p.recompute_intercept = true;
  CHECK(cs::make_clock_sync("hca3", clock, p)->used_params().size() == 6);
  CHECK(cs::make_clock_sync("hca3", clock)->used_params().size() == 5);
}

TEST_CASE("clock sync: on one rank every method returns the identity model") {
  const cs::LocalClock clock;
  for (std::string_view name : cs::clock_sync_methods()) {
    CAPTURE(name);
    const auto method = cs::make_clock_sync(name, clock, small_params());
    CHECK(method->sync(MPI_COMM_SELF) == cs::ClockModel{});
  }
}

TEST_CASE("clock sync: run_sync agrees on the duration and rank 0 keeps its clock") {
  const cs::LocalClock clock;
  const auto method = cs::make_clock_sync("hca", clock, small_params());
  const cs::SyncResult result = cs::run_sync(*method, MPI_COMM_WORLD);
  double lo = result.duration_s, hi = result.duration_s;
  MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  CHECK(lo == hi);
  CHECK(result.duration_s > 0.0);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) CHECK(result.clock.model() == cs::ClockModel{});
}

TEST_CASE("clock check: bad arguments fail before any communication") {
  const cs::LocalClock clock;
  auto message = [&](std::vector<std::string_view> methods, cs::ClockCheckOptions options) {
    try {
      cs::run_clock_check(MPI_COMM_WORLD, methods, small_params(), clock, options);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message({"skampi", "skampi"}, {}) == "clock check: method 'skampi' listed twice");
  CHECK(message({"jk", "nope"}, {}) == "clock sync: unknown method 'nope'");
  cs::ClockCheckOptions zero_rounds;
  zero_rounds.rounds = 0;
  CHECK(message({"skampi"}, zero_rounds) == "clock check: rounds must be at least 1");
}

TEST_CASE("clock check: rows per method and instant, table and CSV") {
  const cs::LocalClock clock;
  cs::ClockCheckOptions options;
  options.after_s = {0.2, 0.0};  // measured in ascending order
  options.concurrent = true;
  const std::vector<std::string_view> methods = {"none", "skampi", "hca2"};
  const auto rows = cs::run_clock_check(MPI_COMM_WORLD, methods, small_params(), clock, options);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {
    CHECK(rows.empty());
    return;
  }
  REQUIRE(rows.size() == 6);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CAPTURE(i);
    CHECK(rows[i].method == methods[i / 2]);
    CHECK(rows[i].after_s == (i % 2 == 0 ? 0.0 : 0.2));
    CHECK(rows[i].elapsed_s >= rows[i].after_s);
    REQUIRE(rows[i].offsets_s.size() == 2);
    CHECK(rows[i].offsets_s[0] == 0.0);
    CHECK(rows[i].max_abs_offset_s == std::abs(rows[i].offsets_s[1]));
    CHECK(rows[i].max_halfwidth_s >= 0.0);
  }
  CHECK(rows[0].params.empty());
  CHECK(rows[2].params == "pingpongs=10");
  CHECK(rows[4].params == "fitpoints=10;exchanges=5;rtt_pingpongs=20;warmup=2;pingpongs=10");
  CHECK(rows[0].sync_s == rows[1].sync_s);

  std::FILE* table = std::tmpfile();
  REQUIRE(table != nullptr);
  cs::print_clock_check(table, rows);
  std::rewind(table);
  std::string text;
  for (int c; (c = std::fgetc(table)) != EOF;) text += static_cast<char>(c);
  std::fclose(table);
  CHECK(text.find("method     sync [ms]   0 s [us] 0.2 s [us] probe +-[us]\n") !=
        std::string::npos);
  CHECK(text.find("\nskampi ") != std::string::npos);
  CHECK(text.find("  hca2: fitpoints=10;exchanges=5;rtt_pingpongs=20;warmup=2;pingpongs=10\n") !=
        std::string::npos);
  CHECK(text.find("  none: (no parameters)\n") != std::string::npos);

  const std::string path = "clocksync_check_test.csv";
  REQUIRE(cs::write_clock_check_csv(path, rows));
  std::ifstream csv(path);
  std::string header, line;
  std::getline(csv, header);
  CHECK(header ==
        "method,params,sync_s,after_s,elapsed_s,max_abs_offset_s,worst_rank,max_halfwidth_s");
  int lines = 0;
  while (std::getline(csv, line)) ++lines;
  CHECK(lines == 6);
  std::remove(path.c_str());
  CHECK_FALSE(cs::write_clock_check_csv("/nonexistent-dir/x.csv", rows));
}
