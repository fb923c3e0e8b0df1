// Collection of host, CPU, MPI, compiler and environment facts for manifest.json.
#include "runtime/sysinfo.h"

#include "runtime/mpi_library.h"
#include "runtime/ops/thread_level.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

extern char** environ;

namespace metron::rt {

namespace {

// Prefixes of variables that change how MPI, its transports or the OpenMP runtime behave.
constexpr std::array<std::string_view, 12> kEnvPrefixes = {
    "MPIR_CVAR_", "MPICH_",    "HYDRA_", "OMP_",  "UCX_",           "FI_",
    "I_MPI_",     "OMPI_MCA_", "MV2_",   "PSM2_", "SLURM_CPU_BIND", "KMP_"};
// Single variables about pinning and placement.
constexpr std::array<std::string_view, 5> kEnvNames = {
    "GOMP_CPU_AFFINITY", "HWLOC_XMLFILE", "SLURM_DISTRIBUTION", "MPIEXEC_BIND", "METRON_TSC_HZ"};

std::string cpuinfo_field(std::string_view key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const auto start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

std::string build_flags() {
  std::string f;
#if defined(__OPTIMIZE__)
  f += "-O (optimized)";
#else
  f += "-O0";
#endif
#if defined(NDEBUG)
  f += " -DNDEBUG";
#endif
#if defined(__AVX512F__)
  f += " avx512f";
#elif defined(__AVX2__)
  f += " avx2";
#endif
#if defined(__x86_64__)
  f += " x86_64";
#endif
  return f;
}

std::string compiler_version() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

using Environment = std::vector<std::pair<std::string, std::string>>;

// The recorded variables of the environment, sorted by name.
Environment recorded_environment() {
  Environment out;
  for (char** e = environ; e && *e; ++e) {
    std::string_view kv(*e);
    const auto eq = kv.find('=');
    if (eq == std::string_view::npos) continue;
    if (is_recorded_env(kv.substr(0, eq)))
      out.emplace_back(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// keep_environment_before_init()'s copy; empty until it is called.
std::optional<Environment>& environment_before_init() {
  static std::optional<Environment> kept;
  return kept;
}

}  // namespace

void keep_environment_before_init() {
  if (!environment_before_init()) environment_before_init() = recorded_environment();
}

bool is_recorded_env(std::string_view name) {
  for (std::string_view p : kEnvPrefixes)
    if (name.substr(0, p.size()) == p) return true;
  for (std::string_view n : kEnvNames)
    if (name == n) return true;
  return false;
}

std::vector<int> affinity_cpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

bool process_pinned() {
  return affinity_cpus().size() == 1;
}

bool has_cpu_flag(std::string_view flag) {
  std::istringstream flags(cpuinfo_field("flags"));
  std::string f;
  while (flags >> f)
    if (f == flag) return true;
  return false;
}

std::int64_t last_level_cache_bytes() {
  std::int64_t best = 0;
  int best_level = 0;
  for (int i = 0;; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    std::ifstream level_file(dir + "level"), type_file(dir + "type"), size_file(dir + "size");
    int level = 0;
    std::string type, size;
    if (!(level_file >> level) || !(type_file >> type) || !(size_file >> size)) break;
    if (type == "Instruction" || size.empty()) continue;
    // "16384K", "32M": sysfs writes kibibytes (or mebibytes) with a suffix.
    std::int64_t bytes = std::atoll(size.c_str());
    const char unit = size.back();
    bytes *= unit == 'K' ? 1024 : unit == 'M' ? (1 << 20) : unit == 'G' ? (1 << 30) : 1;
    if (level > best_level || (level == best_level && bytes > best)) {
      best_level = level;
      best = bytes;
    }
  }
  return best;
}

SysInfo collect_sysinfo(MPI_Comm comm) {
  SysInfo s;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  s.host = host;

  char lib[MPI_MAX_LIBRARY_VERSION_STRING] = {};
  int len = 0;
  MPI_Get_library_version(lib, &len);
  s.mpi_library_version.assign(lib, static_cast<std::size_t>(len));
  while (!s.mpi_library_version.empty() &&
         std::isspace(static_cast<unsigned char>(s.mpi_library_version.back())))
    s.mpi_library_version.pop_back();
  s.mpi_library = mpi_library_short_name(s.mpi_library_version);
  for (MpiFeature f : mpi_features_lacking()) s.mpi_lacks.emplace_back(mpi_feature_info(f).key);
  int major = 0, minor = 0;
  MPI_Get_version(&major, &minor);
  s.mpi_standard_version = std::to_string(major) + "." + std::to_string(minor);
  s.mpi_thread_level = thread_level_name(provided_thread_level());
  if (requested_thread_level() >= 0)
    s.mpi_thread_level_requested = thread_level_name(requested_thread_level());

  int size = 1;
  MPI_Comm_size(comm, &size);
  char name[MPI_MAX_PROCESSOR_NAME] = {};
  MPI_Get_processor_name(name, &len);
  // Only rank 0 writes them, so a gather: an allgather would move p^2 names (SimGrid's default
  // allgather at p = 128 spent most of a launch's wall time on it).
  int me = 0;
  MPI_Comm_rank(comm, &me);
  std::vector<char> all(me == 0 ? static_cast<std::size_t>(size) * MPI_MAX_PROCESSOR_NAME : 0);
  MPI_Gather(name, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, all.data(), MPI_MAX_PROCESSOR_NAME, MPI_CHAR,
             0, comm);
  for (int r = 0; me == 0 && r < size; ++r) {
    const char* p = all.data() + static_cast<std::size_t>(r) * MPI_MAX_PROCESSOR_NAME;
    s.processor_names.emplace_back(p, strnlen(p, MPI_MAX_PROCESSOR_NAME));
  }

  s.cpu_model = cpuinfo_field("model name");
  s.cores_online = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  s.compiler = compiler_version();
  s.build_flags = build_flags();

  s.environment = environment_before_init().value_or(recorded_environment());

  s.affinity = affinity_cpus();
  s.pinned = s.affinity.size() == 1;
  int mine = s.pinned ? 1 : 0, all_pinned = 0;
  MPI_Allreduce(&mine, &all_pinned, 1, MPI_INT, MPI_MIN, comm);
  s.all_ranks_pinned = all_pinned == 1;

  for (const char* f : {"constant_tsc", "nonstop_tsc", "rdtscp", "tsc_reliable", "hypervisor"})
    if (has_cpu_flag(f)) s.cpu_flags_of_note.emplace_back(f);
  return s;
}

void to_json(nlohmann::json& j, const SysInfo& s) {
  nlohmann::json env = nlohmann::json::object();
  for (const auto& [k, v] : s.environment) env[k] = v;
  j = nlohmann::json{
      {"host", s.host},
      {"mpi_library", s.mpi_library},
      {"mpi_library_version", s.mpi_library_version},
      {"mpi_lacks", s.mpi_lacks},
      {"mpi_standard_version", s.mpi_standard_version},
      {"mpi_thread_level", s.mpi_thread_level},
      {"mpi_thread_level_requested", s.mpi_thread_level_requested.empty()
                                         ? nlohmann::json(nullptr)
                                         : nlohmann::json(s.mpi_thread_level_requested)},
      {"processor_names", s.processor_names},
      {"cpu_model", s.cpu_model},
      {"cores_online", s.cores_online},
      {"compiler", s.compiler},
      {"build_flags", s.build_flags},
      {"environment", env},
      {"affinity", s.affinity},
      {"pinned", s.pinned},
      {"all_ranks_pinned", s.all_ranks_pinned},
      {"cpu_flags", s.cpu_flags_of_note}};
}

}  // namespace metron::rt
