#include "runtime/simulation.h"

#include <fstream>
#include <iterator>
#include <sstream>

#include "runtime/plan/sha256.h"
#include "runtime/plan/simulation_support.h"

#ifdef METRON_SMPI
#include <simgrid/version.h>
#endif

namespace metron::rt {

namespace {
// The SimGrid this binary was built with; the normal build names the one that
// runtime/plan/simulation_support.cpp's table describes.
std::string simulator() {
#ifdef METRON_SMPI
  return "SimGrid SMPI " + std::to_string(SIMGRID_VERSION_MAJOR) + "." +
         std::to_string(SIMGRID_VERSION_MINOR);
#else
  return "SimGrid SMPI " + std::string(kSmpiVersion);
#endif
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

std::string simulation_platform(const std::vector<std::string>& cmdline) {
  for (const std::string& a : cmdline)
    if (ends_with(a, ".xml")) return a;
  return "";
}

nlohmann::json simulation_facts(const std::vector<std::string>& cmdline,
                                const std::string& platform_text) {
  const std::string platform = simulation_platform(cmdline);
  nlohmann::json j = {{"simulator", simulator()}, {"command", cmdline}};
  j["platform"] = platform.empty() ? nlohmann::json() : nlohmann::json(platform);
  j["platform_sha256"] =
      platform_text.empty() ? nlohmann::json() : nlohmann::json(sha256_hex(platform_text));
  return j;
}

std::vector<std::string> process_cmdline() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  std::string arg;
  while (std::getline(in, arg, '\0')) args.push_back(arg);
  return args;
}

nlohmann::json this_simulation() {
  const std::vector<std::string> cmdline = process_cmdline();
  std::string text;
  if (const std::string platform = simulation_platform(cmdline); !platform.empty()) {
    std::ifstream in(platform, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return simulation_facts(cmdline, text);
}

}  // namespace metron::rt
