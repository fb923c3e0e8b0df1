// `metron run SCRIPT --simulate PLATFORM`: the campaign's preview on a simulated platform
// (docs/simulation.md). The run's launches go through smpirun with the SMPI build of metron; the
// preview read back from the run folder is printed and written to DIR/preview.json.
#include "interpreter/cli/simulate_run.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/cli/commands.h"
#include "runtime/analysis/simulated_preview.h"
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

// A word of the launcher template: quoted, so that a path with blanks stays one word.
std::string launcher_word(const std::string& s) {
  return "'" + s + "'";
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
  // smpirun's options as docs/simulation.md explains them: no host CPU time in the simulated
  // times, and SimGrid's own log lines from warnings up.
  r.launcher = "smpirun -np {np} -platform " + launcher_word(platform) +
               (hostfile.empty() ? "" : " -hostfile " + launcher_word(hostfile)) +
               " --cfg=smpi/simulate-computation:no --log=root.thres:warning " +
               launcher_word(fs::absolute(smpi).string()) +
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
