// metron clock-check: the clock-quality harness (runtime/clocksync/clock_check.h; Alg. 20 and
// 22 of "MPI Benchmarking Revisited", Appendix C) as an MPI command. Run under mpiexec:
//   mpiexec -n 4 metron clock-check --methods skampi,jk,hca3 --fitpoints 100 --csv clocks.csv
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "runtime/clocksync/clock_check.h"
#include "runtime/exec/die_with_parent.h"

namespace metron {

namespace {

namespace cs = rt::clocksync;

struct ClockCheckCli {
  std::string methods;  // comma-separated; empty: all
  std::string after = "0,1,2";
  std::string clock = "monotonic";
  std::string csv;
  cs::SyncParams params;
  cs::ClockCheckOptions options;
};
ClockCheckCli g_cc;
CLI::App* g_cmd = nullptr;

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) parts.push_back(item);
  return parts;
}

}  // namespace

void register_clock_check_command(CLI::App& app) {
  // Defaults: SyncParams's, the paper's 1000 fitpoints x 100 exchanges, which scripts get too
  // (about 0.15 s per rank pair on one host).
  g_cmd = app.add_subcommand(
      "clock-check",
      "measure clock synchronization: sync time and offsets after 0..N s per method (run under "
      "mpiexec; METRON_CLOCK_SKEW injects offsets and drifts)");
  std::string all;
  for (std::string_view m : cs::clock_sync_methods())
    all += (all.empty() ? "" : ",") + std::string(m);
  g_cmd->add_option("--methods", g_cc.methods, "comma-separated methods (default: " + all + ")");
  g_cmd->add_option("--fitpoints", g_cc.params.fitpoints, "fitpoints of the drift models")
      ->check(CLI::Range(2, 1 << 24));
  g_cmd->add_option("--exchanges", g_cc.params.exchanges, "exchanges per fitpoint")
      ->check(CLI::Range(1, 1 << 24));
  g_cmd->add_option("--pingpongs", g_cc.params.pingpongs, "ping-pongs per SKaMPI/Netgauge offset")
      ->check(CLI::Range(1, 1 << 24));
  g_cmd->add_option("--rtt-pingpongs", g_cc.params.rtt_pingpongs, "round trips of the RTT estimate")
      ->check(CLI::Range(1, 1 << 24));
  g_cmd->add_option("--after", g_cc.after, "seconds after the sync at which offsets are probed");
  g_cmd->add_option("--rounds", g_cc.options.rounds, "ping-pongs per offset probe")
      ->check(CLI::Range(1, 1 << 20));
  g_cmd->add_option("--clock", g_cc.clock, "local clock: monotonic | wtime")
      ->check(CLI::IsMember({"monotonic", "wtime"}));
  g_cmd->add_flag("--concurrent", g_cc.options.concurrent,
                  "sync every method first, then follow all on one timeline (faster)");
  g_cmd->add_option("--csv", g_cc.csv, "also write one row per method and instant to this file");
}

bool clock_check_command_parsed() {
  return g_cmd && g_cmd->parsed();
}

int cmd_clock_check(int argc, char** argv) {
  rt::die_with_parent();
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int status = kExitOk;
  try {
    g_cc.options.after_s.clear();
    for (const std::string& a : split(g_cc.after)) {
      // from_chars, not stod: stod's own exceptions would print 'stod' and, for an out-of-range
      // value, exit as a runtime failure instead of a usage error.
      double s = 0;
      const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), s);
      if (ec != std::errc() || end != a.data() + a.size() || !(s >= 0) || !std::isfinite(s))
        throw std::invalid_argument("bad --after value '" + a +
                                    "' (seconds expected: a finite number >= 0)");
      g_cc.options.after_s.push_back(s);
    }
    if (g_cc.options.after_s.empty())
      throw std::invalid_argument("--after needs at least one time");
    std::vector<std::string> names = split(g_cc.methods);
    if (names.empty())
      for (std::string_view m : cs::clock_sync_methods()) names.emplace_back(m);
    std::vector<std::string_view> methods(names.begin(), names.end());
    const cs::LocalClock clock = cs::LocalClock::from_env(
        g_cc.clock == "wtime" ? cs::ClockSource::Wtime : cs::ClockSource::Monotonic);
    const auto rows =
        cs::run_clock_check(MPI_COMM_WORLD, methods, g_cc.params, clock, g_cc.options);
    if (rank == 0) {
      const char* skew = std::getenv(cs::kClockSkewEnv);
      std::printf("clock-check: %d ranks, clock %s, %s=%s\n", p, g_cc.clock.c_str(),
                  cs::kClockSkewEnv, skew ? skew : "(unset)");
      cs::print_clock_check(stdout, rows);
      if (!g_cc.csv.empty() && !cs::write_clock_check_csv(g_cc.csv, rows)) {
        std::fprintf(stderr, "metron: error: cannot write '%s'\n", g_cc.csv.c_str());
        status = kExitIo;
      }
    }
  } catch (const std::invalid_argument& e) {
    // Thrown alike on every rank before any communication (bad method or parameter).
    if (rank == 0) std::fprintf(stderr, "metron: error: %s\n", e.what());
    status = kExitUsage;
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "metron: error: %s\n", e.what());
    status = kExitRuntime;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}

}  // namespace metron
