// A small SMPI program with the options of `metron clock-check` that bench/clock_topo_smpi.sh
// uses (--methods, --fitpoints, --exchanges, --rtt-pingpongs, --pingpongs, --after, --csv): the
// clock-sync layer alone (runtime/clocksync/, about 20 files) compiled with smpicxx by
// bench/smpi/build_clock_check.sh, for when build/smpi/metron (all of the runtime) is not built.
// Same harness, same output: run_clock_check, print_clock_check, write_clock_check_csv.
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/clocksync/clock_check.h"

namespace cs = metron::rt::clocksync;

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    const std::size_t end = comma == std::string::npos ? s.size() : comma;
    if (end > start) out.push_back(s.substr(start, end - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  cs::SyncParams params;
  cs::ClockCheckOptions options;
  std::string methods, csv;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : "";
    if (a == "clock-check") continue;
    ++i;
    if (a == "--methods")
      methods = v;
    else if (a == "--fitpoints")
      params.fitpoints = std::atoi(v);
    else if (a == "--exchanges")
      params.exchanges = std::atoi(v);
    else if (a == "--rtt-pingpongs")
      params.rtt_pingpongs = std::atoi(v);
    else if (a == "--pingpongs")
      params.pingpongs = std::atoi(v);
    else if (a == "--csv")
      csv = v;
    else if (a == "--after") {
      options.after_s.clear();
      for (const std::string& s : split(v)) options.after_s.push_back(std::atof(s.c_str()));
    } else {
      if (rank == 0) std::fprintf(stderr, "clock_check_driver: unknown option %s\n", argv[i - 1]);
      MPI_Abort(MPI_COMM_WORLD, 64);
    }
  }
  const std::vector<std::string> names = split(methods);
  const std::vector<std::string_view> views(names.begin(), names.end());
  const cs::LocalClock clock = cs::LocalClock::from_env();
  const auto rows = cs::run_clock_check(MPI_COMM_WORLD, views, params, clock, options);
  if (rank == 0) {
    cs::print_clock_check(stdout, rows);
    if (!csv.empty()) cs::write_clock_check_csv(csv, rows);
  }
  MPI_Finalize();
  return 0;
}
