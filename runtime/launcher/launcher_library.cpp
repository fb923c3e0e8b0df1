// Launchers of another MPI library (see launcher_library.h).
#include "runtime/launcher/launcher_library.h"

#include <unistd.h>

#include <array>
#include <cstdlib>
#include <filesystem>

#include "runtime/launcher/launch_command.h"
#include "runtime/mpi_library.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;

std::string base_name(std::string_view path) {
  const auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool names_a_launcher(std::string_view base) {
  return base.starts_with("mpiexec") || base.starts_with("mpirun") || base == "orterun" ||
         base == "prterun";
}

// `program` as the shell would find it (PATH), then with its links followed; "" when not found.
std::string resolve(const std::string& program) {
  std::string found;
  if (program.find('/') != std::string::npos) {
    found = program;
  } else if (const char* path = std::getenv("PATH")) {
    std::string dirs(path);
    for (std::size_t start = 0; start <= dirs.size();) {
      std::size_t colon = dirs.find(':', start);
      if (colon == std::string::npos) colon = dirs.size();
      const std::string dir = colon > start ? dirs.substr(start, colon - start) : ".";
      const std::string candidate = dir + "/" + program;
      if (::access(candidate.c_str(), X_OK) == 0) {
        found = candidate;
        break;
      }
      start = colon + 1;
    }
  }
  if (found.empty()) return "";
  std::error_code ec;
  const fs::path real = fs::canonical(found, ec);
  return ec ? found : real.string();
}

}  // namespace

MpiFamily launcher_family_of_file(std::string_view file_name) {
  constexpr std::array<std::string_view, 4> kOpenMpi = {"orterun", "prterun", "mpirun.openmpi",
                                                        "mpiexec.openmpi"};
  constexpr std::array<std::string_view, 3> kMpich = {"mpiexec.hydra", "mpiexec.mpich",
                                                      "mpirun.mpich"};
  for (std::string_view n : kOpenMpi)
    if (file_name == n) return MpiFamily::OpenMpi;
  for (std::string_view n : kMpich)
    if (file_name == n) return MpiFamily::Mpich;
  return MpiFamily::Unknown;
}

std::string launcher_program_of(const std::string& tmpl, std::string* word) {
  std::string err;
  for (const std::string& w : expand_launcher(tmpl, {}, err)) {
    if (!names_a_launcher(base_name(w))) continue;
    if (word) *word = w;
    return resolve(w);
  }
  return "";
}

std::string launcher_library_mismatch(const std::string& tmpl) {
  const MpiFamily mine = rt::mpi_library_family();
  if (mine == MpiFamily::Unknown) return "";
  std::string word;
  const std::string program = launcher_program_of(tmpl, &word);
  const MpiFamily theirs = launcher_family_of_file(base_name(program));
  if (theirs == MpiFamily::Unknown || theirs == mine) return "";
  return message_text(DiagId::launcher_other_library, word, mpi_family_name(theirs), program,
                      rt::mpi_library_name(), mpi_family_name(mine), rt::mpi_launcher_program());
}

}  // namespace metron::launcher
