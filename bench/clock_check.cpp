// Stand-alone clock-quality check: runs every clock synchronization method with small
// parameters and prints sync duration and offsets over time (Alg. 20/22).
//   mpiexec -n 2 build/clock_check [--methods=a,b] [--fitpoints=N] [--exchanges=N]
//       [--pingpongs=N] [--rtt-pingpongs=N] [--after=0,1,2] [--rounds=N] [--wtime]
//       [--concurrent] [--csv=path]
// METRON_CLOCK_SKEW="rank:offset_s:drift_ppm,..." injects a skew (docs/clocksync.md).
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/clocksync/clock_check.h"

namespace cs = metron::rt::clocksync;

namespace {

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> parts;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    parts.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return parts;
}

bool option(std::string_view arg, std::string_view name, std::string_view& value) {
  if (arg.substr(0, name.size()) != name || arg.size() <= name.size() || arg[name.size()] != '=')
    return false;
  value = arg.substr(name.size() + 1);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int status = 0;
  try {
    // Small parameters: the whole run takes seconds on a laptop, not the paper's minutes.
    cs::SyncParams params;
    params.fitpoints = 100;
    params.exchanges = 20;
    params.rtt_pingpongs = 100;
    cs::ClockCheckOptions options;
    options.after_s = {0.0, 1.0, 2.0};
    std::vector<std::string> method_names;
    for (std::string_view m : cs::clock_sync_methods()) method_names.emplace_back(m);
    std::string csv;
    bool wtime = false;
    for (int i = 1; i < argc; ++i) {
      const std::string_view arg = argv[i];
      std::string_view v;
      if (option(arg, "--methods", v)) {
        method_names = split(v);
      } else if (option(arg, "--fitpoints", v)) {
        params.fitpoints = std::stoi(std::string(v));
      } else if (option(arg, "--exchanges", v)) {
        params.exchanges = std::stoi(std::string(v));
      } else if (option(arg, "--pingpongs", v)) {
        params.pingpongs = std::stoi(std::string(v));
      } else if (option(arg, "--rtt-pingpongs", v)) {
        params.rtt_pingpongs = std::stoi(std::string(v));
      } else if (option(arg, "--rounds", v)) {
        options.rounds = std::stoi(std::string(v));
      } else if (option(arg, "--after", v)) {
        options.after_s.clear();
        for (const std::string& s : split(v)) options.after_s.push_back(std::stod(s));
      } else if (option(arg, "--csv", v)) {
        csv = std::string(v);
      } else if (arg == "--concurrent") {
        options.concurrent = true;
      } else if (arg == "--wtime") {
        wtime = true;
      } else {
        throw std::invalid_argument("unknown option '" + std::string(arg) + "'");
      }
    }
    std::vector<std::string_view> methods(method_names.begin(), method_names.end());
    const cs::LocalClock clock =
        cs::LocalClock::from_env(wtime ? cs::ClockSource::Wtime : cs::ClockSource::Monotonic);
    const auto rows = cs::run_clock_check(MPI_COMM_WORLD, methods, params, clock, options);
    if (rank == 0) {
      int p = 0;
      MPI_Comm_size(MPI_COMM_WORLD, &p);
      std::printf("clock_check: %d ranks, clock %s, %s=%s\n", p, wtime ? "MPI_Wtime" : "monotonic",
                  cs::kClockSkewEnv,
                  std::getenv(cs::kClockSkewEnv) ? std::getenv(cs::kClockSkewEnv) : "(unset)");
      cs::print_clock_check(stdout, rows);
      if (!csv.empty() && !cs::write_clock_check_csv(csv, rows)) {
        std::fprintf(stderr, "clock_check: error: cannot write '%s'\n", csv.c_str());
        status = 74;
      }
    }
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "clock_check: error: %s\n", e.what());
    status = 64;
  }
  MPI_Finalize();
  return status;
}
