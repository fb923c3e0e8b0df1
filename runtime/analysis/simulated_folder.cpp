#include "runtime/analysis/simulated_folder.h"

#include <cstdint>
#include <filesystem>
#include <vector>

#include "runtime/output/json_file.h"

namespace metron::analysis {

namespace {
// The manifest of one launch of DIR: DIR's own, or a run folder's first merged launch's.
nlohmann::json launch_manifest(const std::string& dir) {
  namespace fs = std::filesystem;
  auto m = out::read_json_file(fs::path(dir) / "manifest.json");
  if (!m || !m->is_object()) return nullptr;
  if (!m->contains("run_schema_version")) return *m;
  const nlohmann::json merged = m->value("merged", nlohmann::json::object());
  if (!merged.is_object() || !merged.contains("launches") || !merged["launches"].is_array())
    return nullptr;
  for (const auto& id : merged["launches"]) {
    if (!id.is_number_integer()) continue;
    auto l = out::read_json_file(fs::path(dir) / "launches" /
                                 std::to_string(id.get<std::int64_t>()) / "manifest.json");
    if (l && l->is_object()) return *l;
  }
  return nullptr;
}
}  // namespace

bool manifest_simulated(const nlohmann::json& manifest) {
  return manifest.is_object() && manifest.contains("simulated") &&
         manifest["simulated"].is_boolean() && manifest["simulated"].get<bool>();
}

bool folder_simulated(const std::string& dir) {
  return manifest_simulated(launch_manifest(dir));
}

std::string folder_platform(const std::string& dir) {
  const nlohmann::json m = launch_manifest(dir);
  if (!manifest_simulated(m) || !m.contains("simulation") || !m["simulation"].is_object())
    return "";
  const nlohmann::json& p = m["simulation"].value("platform", nlohmann::json());
  return p.is_string() ? p.get<std::string>() : "";
}

}  // namespace metron::analysis
