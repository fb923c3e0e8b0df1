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

// Whole names: search paths and shell start-up hooks.
constexpr std::array<std::string_view, 14> kNames = {
    "PATH",           "IFS",  "ENV",   "BASH_ENV",       "SHELLOPTS", "BASHOPTS",  "CDPATH", "PS4",
    "PROMPT_COMMAND", "HOME", "SHELL", "GLIBC_TUNABLES", "TMPDIR",    "GCONV_PATH"};
// Prefixes: the dynamic loader, interpreters' module paths and options, process managers, and
// Metron's own test hooks.
constexpr std::array<std::string_view, 14> kPrefixes = {
    "LD_",   "DYLD_",  "PYTHON", "PERL",     "RUBY",         "NODE_",     "LUA_",
    "JAVA_", "_JAVA_", "HYDRA_", "MPIEXEC_", "OMPI_MCA_PLM", "PMIX_MCA_", "METRON_"};
// Parts of a name that say it picks a program, a library or a hook (OMPI_MCA_plm_rsh_agent,
// I_MPI_HYDRA_BOOTSTRAP_EXEC, UCX_..._LIBRARY_PATH, ...).
constexpr std::array<std::string_view, 12> kParts = {"EXEC",   "AGENT",  "BOOTSTRAP", "LAUNCHER",
                                                     "RSH",    "SSH",    "PRELOAD",   "LIBRARY",
                                                     "PLUGIN", "MODULE", "COMMAND",   "PATH"};

}  // namespace

bool dangerous_env_name(const std::string& name) {
  if (!valid_env_name(name)) return true;
  std::string up(name);
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string_view u(up);
  if (std::find(kNames.begin(), kNames.end(), u) != kNames.end()) return true;
  for (std::string_view p : kPrefixes)
    if (u.substr(0, p.size()) == p) return true;
  for (std::string_view p : kParts)
    if (u.find(p) != std::string_view::npos) return true;
  return false;
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
    if (dangerous_env_name(name))
      return message_text(DiagId::untrusted_environment, in.folder, name);
  return "";
}

}  // namespace metron::launcher
