// `metron run SCRIPT --simulate PLATFORM`: the campaign's preview on a simulated platform
// (docs/simulation.md). The run's launches go through smpirun with the SMPI build of metron; the
// preview read back from the run folder is printed and written to DIR/preview.json.
#include "interpreter/cli/simulate_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "interpreter/cli/commands.h"
#include "runtime/analysis/simulated_preview.h"
#include "runtime/launcher/child_process.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/exit_codes.h"

namespace metron {

namespace fs = std::filesystem;

namespace {

// `name` as given, else a shipped platform of that name (stdlib-benchmarks/platforms/).
std::string resolve_platform(const std::string& name) {
  std::error_code ec;
  if (fs::exists(name, ec) || name.find('/') != std::string::npos) return name;
  const std::string stdlib = locate_stdlib_dir();
  if (!stdlib.empty()) {
    const fs::path shipped = fs::path(stdlib) / "platforms" / name;
    if (fs::is_regular_file(shipped, ec)) return shipped.string();
  }
  return name;
}

// Empty when `path` is a readable regular file, else why not.
std::string unreadable(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::strerror(ENOENT);
  if (!fs::is_regular_file(path, ec)) return "not a regular file";
  std::ifstream in(path);
  return in ? "" : std::strerror(errno);
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    if (!dir.empty() && ::access((fs::path(dir) / program).c_str(), X_OK) == 0) return true;
  return false;
}

// The SMPI build beside this binary: <build>/smpi/metron for <build>/metron.
std::string default_smpi_metron() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("smpi/metron") : (exe.parent_path() / "smpi" / "metron").string();
}

// A word of the launcher template: quoted, so that a path with blanks stays one word; nullopt
// when the template cannot carry it. The template has no escapes: a brace would be read as a
// placeholder, and a path with both quote characters cannot be quoted.
std::optional<std::string> launcher_word(const std::string& s) {
  if (s.find_first_of("{}") != std::string::npos) return std::nullopt;
  if (s.find('\'') == std::string::npos) return "'" + s + "'";
  if (s.find('"') == std::string::npos) return "\"" + s + "\"";
  return std::nullopt;
}

// MemAvailable of /proc/meminfo in bytes, 0 when unknown: the simulation holds every rank's
// buffers in this one process.
std::int64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MemAvailable:", 0) == 0)
      return std::strtoll(line.c_str() + std::strlen("MemAvailable:"), nullptr, 10) * 1024;
  return 0;
}

// The first line of SimGrid's error in a failed smpirun's stderr: its log lines start with
// "[time] [category/LEVEL]"; smpirun's own lines ("Execution failed", the command) are skipped.
std::string simgrid_error(const std::string& stderr_text) {
  std::stringstream in(stderr_text);
  std::string fallback;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.rfind("Execution failed", 0) == 0) continue;
    if (line.find("/ERROR]") != std::string::npos || line.find("/CRITICAL]") != std::string::npos) {
      const std::size_t text = line.find("] ", line.find("/"));
      return text == std::string::npos ? line : line.substr(text + 2);
    }
    if (fallback.empty() && line.front() != '/') fallback = line;
  }
  return fallback.empty() ? "smpirun failed" : fallback;
}

// SimGrid's own reading of the platform and host file before any launch: smpirun starts one
// rank of the SMPI build, which prints a script and ends. A platform SimGrid cannot load ends
// it with SimGrid's error; one without a host with SIGFPE (SimGrid divides the ranks among the
// hosts). Returns an exit code (0: go on).
int check_platform(const std::string& platform, const std::string& hostfile,
                   const std::string& smpi) {
  char folder[] = "/tmp/metron-platform-XXXXXX";
  if (!::mkdtemp(folder)) {
    print_message(DiagId::report_no_temp_folder);
    return kExitIo;
  }
  std::vector<std::string> argv = {"smpirun", "-np", "1", "-platform", platform};
  if (!hostfile.empty()) argv.insert(argv.end(), {"-hostfile", hostfile});
  // A command of the SMPI build that needs no MPI and ends at once (SimGrid itself answers
  // --version and --help, before it reads the platform).
  argv.insert(argv.end(), {"--cfg=smpi/simulate-computation:no", "--log=root.thres:warning", smpi,
                           "quick", "Barrier", "--print-script"});
  const std::string out = std::string(folder) + "/out", err = std::string(folder) + "/err";
  launcher::ChildLimits limits;
  limits.timeout_s = 120;  // loading a platform takes seconds even for thousands of hosts
  const launcher::ChildResult r = launcher::run_child(argv, {}, out, err, limits);
  const std::string why = launcher::file_tail(err, 40, 16384);
  std::error_code ec;
  fs::remove_all(folder, ec);
  if (r.started && r.exit_code == 0) return kExitOk;
  if (r.signal == SIGFPE || r.exit_code == 128 + SIGFPE)
    print_message(DiagId::simulate_platform_no_hosts, platform);
  else
    print_message(DiagId::simulate_platform_refused, platform,
                  r.started ? simgrid_error(why) : r.spawn_error);
  return kExitUsage;
}

// Memory mappings of one simulated rank: its copy of the SMPI build's segments, its stack and
// guard page (1678 mappings for about 160 ranks with SimGrid 3.32).
constexpr std::int64_t kMapsPerRank = 10;

std::string memory_text(std::int64_t bytes) {
  return bytes >= (std::int64_t{1} << 30) ? fmt::format("{:.1f} GiB", bytes / 1073741824.0)
                                          : fmt::format("{:.0f} MiB", bytes / 1048576.0);
}

// Whether np ranks fit this machine: SMPI runs every rank in one process and loads a private
// copy of the SMPI build for each (its privatization of globals), so each rank holds about the
// build's size in memory (4 MB of the 6.9 MB build measured for ranks that only start) and
// about kMapsPerRank mappings. Past either limit SimGrid aborts mid-start. Returns an exit code.
int check_rank_count(int np, const std::string& smpi) {
  std::error_code ec;
  const auto size = static_cast<std::int64_t>(fs::file_size(smpi, ec));
  const std::int64_t available = available_memory_bytes();
  if (!ec && available > 0 && np * size > available) {
    print_message(DiagId::simulate_too_many_ranks, np, memory_text(np * size), smpi,
                  memory_text(size), memory_text(available));
    return kExitUsage;
  }
  std::int64_t max_maps = 0;
  std::ifstream("/proc/sys/vm/max_map_count") >> max_maps;
  if (max_maps > 0 && np * kMapsPerRank > max_maps) {
    print_message(DiagId::simulate_too_many_maps, np, np * kMapsPerRank, kMapsPerRank, max_maps);
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace

int prepare_simulated_run(const SimulateOptions& s, launcher::RunOptions& r) {
  const std::string platform = fs::absolute(resolve_platform(s.platform)).string();
  if (std::string why = unreadable(platform); !why.empty()) {
    print_message(DiagId::simulate_platform_unreadable, s.platform, why);
    return kExitIo;
  }
  std::string hostfile;
  if (!s.hostfile.empty()) {
    hostfile = fs::absolute(resolve_platform(s.hostfile)).string();
    if (std::string why = unreadable(hostfile); !why.empty()) {
      print_message(DiagId::simulate_hostfile_unreadable, s.hostfile, why);
      return kExitIo;
    }
  }
  if (!on_path("smpirun")) {
    print_message(DiagId::simulate_no_smpirun);
    return kExitUsage;
  }
  const std::string smpi = s.smpi_metron.empty() ? default_smpi_metron() : s.smpi_metron;
  std::error_code ec;
  if (!fs::is_regular_file(smpi, ec) || ::access(smpi.c_str(), R_OK) != 0) {
    print_message(DiagId::simulate_no_smpi_build, smpi);
    return kExitUsage;
  }
  const std::string smpi_path = fs::absolute(smpi).string();
  for (const std::string& path : {platform, hostfile, smpi_path})
    if (!path.empty() && !launcher_word(path)) {
      print_message(DiagId::simulate_path_unquotable, path);
      return kExitUsage;
    }
  if (int rc = check_rank_count(r.np, smpi_path); rc != kExitOk) return rc;
  if (int rc = check_platform(platform, hostfile, smpi_path); rc != kExitOk) return rc;
  // smpirun's options as docs/simulation.md explains them: no host CPU time in the simulated
  // times, and SimGrid's own log lines from warnings up.
  r.launcher = "smpirun -np {np} -platform " + *launcher_word(platform) +
               (hostfile.empty() ? "" : " -hostfile " + *launcher_word(hostfile)) +
               " --cfg=smpi/simulate-computation:no --log=root.thres:warning " +
               *launcher_word(smpi_path) +
               " exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} "
               "--quiet";
  r.simulated = true;
  return kExitOk;
}

int write_simulated_preview(const std::string& dir, bool quiet) {
  const auto run = out::read_json_file(fs::path(dir) / "manifest.json");
  if (!run) {
    print_message(DiagId::cannot_read_file, dir + "/manifest.json");
    return kExitIo;
  }
  std::vector<nlohmann::json> launches;
  for (const nlohmann::json& e : run->value("launches", nlohmann::json::array())) {
    std::string outside;
    const auto sub = confined_path(dir, e.value("dir", std::string()), outside);
    auto m = sub ? out::read_json_file(*sub / "manifest.json") : std::nullopt;
    launches.push_back(m ? *m : nlohmann::json());
  }
  const analysis::Preview p = analysis::build_preview(
      *run, launches, run->value("planned_replicates", std::int64_t{1}), available_memory_bytes());
  const fs::path file = fs::path(dir) / "preview.json";
  if (!out::write_json_file(file, analysis::preview_json(p))) {
    print_message(DiagId::cannot_write_file_why, file.string(), std::strerror(errno));
    return kExitIo;
  }
  if (!quiet)
    std::fputs(analysis::preview_text(p).c_str(), stdout);
  else
    for (const std::string& line : p.problems) std::fprintf(stdout, "%s\n", line.c_str());
  std::printf("%s\n", message_line(DiagId::preview_written, file.string()).c_str());
  return kExitOk;
}

}  // namespace metron
