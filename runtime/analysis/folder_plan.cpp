// The plan and launch manifest of a results folder (see folder_plan.h).
#include "runtime/analysis/folder_plan.h"

#include <filesystem>
#include "runtime/output/json_file.h"

#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

std::optional<FolderPlan> folder_plan(const ResultsData& d, std::string& error) {
  namespace fs = std::filesystem;
  FolderPlan out;
  const auto& m = d.manifest;
  if (m.is_object() && m.contains("plan")) {
    out.plan = m["plan"];
    out.launch_manifest = m;
    return out;
  }
  if (!m.is_object() || !m.contains("launches") || !m["launches"].is_array()) return out;
  for (const auto& l : m["launches"]) {
    if (!l.is_object() || !l.contains("dir") || !l["dir"].is_string()) continue;
    if (l.value("status", "") != "complete") continue;
    std::string outside;
    const auto sub = confined_path(d.dir, l["dir"].get<std::string>(), outside);
    if (!sub) {
      error = message_text(DiagId::manifest_damaged, (fs::path(d.dir) / "manifest.json").string(),
                           message_text(DiagId::manifest_name_outside, "launches.dir",
                                        l["dir"].get<std::string>(), outside));
      return std::nullopt;
    }
    const fs::path p = *sub / "manifest.json";
    std::string why;
    auto lm = ::metron::out::read_json_file(p, why);  // regular files only, bounded
    if (!lm) {
      error = message_text(DiagId::cannot_read_file_why, p.string(), why);
      return std::nullopt;
    }
    if (lm->is_object() && lm->contains("plan")) out.plan = (*lm)["plan"];
    out.launch_manifest = std::move(*lm);
    break;
  }
  return out;
}

}  // namespace metron::analysis
