// Consent for what a results folder would make run (see trusted_launch_inputs.h).
#include "runtime/launcher/trusted_launch_inputs.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "runtime/launcher/launch_command.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

bool valid_env_name(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// The MPI libraries' tuning variables (MPICH, Open MPI, Intel MPI, MVAPICH2), their
// transports' (UCX, UCC, libfabric, PSM2/PSM3) and Mellanox HCOLL's. ORDER: docs/security.md.
constexpr std::array<std::string_view, 11> kTuningPrefixes = {
    "MPIR_CVAR_", "MPICH_", "OMPI_MCA_", "I_MPI_", "MV2_",  "UCX_",
    "UCC_",       "FI_",    "PSM2_",     "PSM3_",  "HCOLL_"};
// Words ('_'-separated, any case) that make a tuning variable name a folder, a program, a log,
// a debugger or an address: such a variable needs consent. ORDER: docs/security.md.
constexpr std::array<std::string_view, 38> kUntrustedWords = {
    "DIR", "DIRS",   "DIRECTORY", "PATH",     "PATHS",   "PREFIX", "ROOT",     "HOME",
    "TMP", "TMPDIR", "TEMP",      "DEST",     "OUTPUT",  "URI",    "SOCK",     "SOCKET",
    "LOG", "LOGS",   "LOGGING",   "EXEC",     "AGENT",   "LAUNCH", "LAUNCHER", "BOOTSTRAP",
    "RSH", "SSH",    "PRELOAD",   "LIB",      "LIBRARY", "PLUGIN", "MODULE",   "COMMAND",
    "CMD", "ARGS",   "DEBUG",     "DEBUGGER", "DBG",     "GDB"};
// Parts that do so wherever they stand in a word (UCX_LOG_FILE, OMPI_MCA_orte_output_filename;
// UCX_HANDLE_ERRORS=debug starts gdb, OMPI_MCA_orte_xterm starts xterm). ORDER: docs/security.md.
constexpr std::array<std::string_view, 6> kUntrustedParts = {"FILE",   "XTERM", "ERROR",
                                                             "SIGNAL", "TRACE", "PROFIL"};

bool has_untrusted_word(const std::string& upper) {
  for (std::string_view part : kUntrustedParts)
    if (upper.find(part) != std::string::npos) return true;
  std::size_t at = 0;
  while (at <= upper.size()) {
    std::size_t end = upper.find('_', at);
    if (end == std::string::npos) end = upper.size();
    const std::string_view word(upper.data() + at, end - at);
    if (std::find(kUntrustedWords.begin(), kUntrustedWords.end(), word) != kUntrustedWords.end())
      return true;
    at = end + 1;
  }
  return false;
}

}  // namespace

bool folder_env_allowed(const std::string& name) {
  if (!valid_env_name(name)) return false;
  const bool tuning = std::any_of(
      kTuningPrefixes.begin(), kTuningPrefixes.end(),
      [&](std::string_view p) { return name.size() > p.size() && name.starts_with(p); });
  if (!tuning) return false;
  std::string up(name);
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return !has_untrusted_word(up);
}

std::vector<std::string> env_names(const RunDesign& d) {
  std::vector<std::string> out;
  for (const RunFactor& f : d.factors)
    if (!f.env_var.empty()) out.push_back(f.env_var);
  return out;
}

std::string check_trusted_launch_inputs(const LaunchInputs& in) {
  if (in.trusted) return "";
  if (in.launcher_from_folder && in.launcher != default_launcher())
    return message_text(DiagId::untrusted_launcher, in.folder, in.launcher);
  for (const std::string& name : in.env_names)
    if (!folder_env_allowed(name))
      return message_text(DiagId::untrusted_environment, in.folder, name);
  return "";
}

}  // namespace metron::launcher
