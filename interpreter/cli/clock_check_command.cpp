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
#include "runtime/plan/diagnostics.h"

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
std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) parts.push_back(item);
  return parts;
}

// Defaults: SyncParams's, the paper's 1000 fitpoints x 100 exchanges, which scripts get too
// (about 0.15 s per rank pair on one host).
void add_clock_check_options(CLI::App& command, ClockCheckCli& cc) {
  std::string all;
  for (std::string_view m : cs::clock_sync_methods())
    all += (all.empty() ? "" : ",") + std::string(m);
  command.add_option("--methods", cc.methods, "comma-separated methods (default: " + all + ")");
  command.add_option("--fitpoints", cc.params.fitpoints, "fitpoints of the drift models")
      ->check(CLI::Range(2, 1 << 24));
  command.add_option("--exchanges", cc.params.exchanges, "exchanges per fitpoint")
      ->check(CLI::Range(1, 1 << 24));
  command.add_option("--pingpongs", cc.params.pingpongs, "ping-pongs per SKaMPI/Netgauge offset")
      ->check(CLI::Range(1, 1 << 24));
  command.add_option("--rtt-pingpongs", cc.params.rtt_pingpongs, "round trips of the RTT estimate")
      ->check(CLI::Range(1, 1 << 24));
  command.add_option("--after", cc.after, "seconds after the sync at which offsets are probed");
  command.add_option("--rounds", cc.options.rounds, "ping-pongs per offset probe")
      ->check(CLI::Range(1, 1 << 20));
  command.add_option("--clock", cc.clock, "local clock: monotonic | wtime")
      ->check(CLI::IsMember({"monotonic", "wtime"}));
  command.add_flag("--concurrent", cc.options.concurrent,
                   "sync every method first, then follow all on one timeline (faster)");
  command.add_option("--csv", cc.csv, "also write one row per method and instant to this file");
}

int run_clock_check(ClockCheckCli& cc, const CommandLine& line) {
  rt::die_with_parent();
  int argc = line.argc;
  char** argv = line.argv;
  MPI_Init(&argc, &argv);
  int rank = 0, p = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p);
  int status = kExitOk;
  try {
    cc.options.after_s.clear();
    for (const std::string& a : split(cc.after)) {
      // from_chars, not stod: stod's own exceptions would print 'stod' and, for an out-of-range
      // value, exit as a runtime failure instead of a usage error.
      double s = 0;
      const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), s);
      if (ec != std::errc() || end != a.data() + a.size() || !(s >= 0) || !std::isfinite(s))
        throw std::invalid_argument(message_text(DiagId::cli_bad_after, a));
      cc.options.after_s.push_back(s);
    }
    if (cc.options.after_s.empty())
      throw std::invalid_argument(message_text(DiagId::cli_after_empty));
    std::vector<std::string> names = split(cc.methods);
    if (names.empty())
      for (std::string_view m : cs::clock_sync_methods()) names.emplace_back(m);
    std::vector<std::string_view> methods(names.begin(), names.end());
    const cs::LocalClock clock = cs::LocalClock::from_env(
        cc.clock == "wtime" ? cs::ClockSource::Wtime : cs::ClockSource::Monotonic);
    const auto rows = cs::run_clock_check(MPI_COMM_WORLD, methods, cc.params, clock, cc.options);
    if (rank == 0) {
      const char* skew = std::getenv(cs::kClockSkewEnv);
      std::printf("clock-check: %d ranks, clock %s, %s=%s\n", p, cc.clock.c_str(),
                  cs::kClockSkewEnv, skew ? skew : "(unset)");
      cs::print_clock_check(stdout, rows);
      if (!cc.csv.empty() && !cs::write_clock_check_csv(cc.csv, rows)) {
        print_message(DiagId::cannot_write_file, cc.csv);
        status = kExitIo;
      }
    }
  } catch (const std::invalid_argument& e) {
    // Thrown alike on every rank before any communication (bad method or parameter).
    if (rank == 0) print_error(e.what());
    status = kExitUsage;
  } catch (const std::exception& e) {
    if (rank == 0) print_error(e.what());
    status = kExitRuntime;
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}

}  // namespace

CommandEntry clock_check_command() {
  return make_command("clock-check",
                      "measure clock synchronization: sync time and offsets after 0..N s per "
                      "method (run under mpiexec; METRON_CLOCK_SKEW injects offsets and drifts)",
                      add_clock_check_options, run_clock_check);
}

}  // namespace metron
