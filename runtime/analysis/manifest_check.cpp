// Checks of a read manifest (see manifest_check.h).
#include "runtime/analysis/manifest_check.h"

#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

using json = nlohmann::json;

// A launch factor as the design records it: a name, an optional environment variable and its
// levels as strings (design_to_json writes every level as text).
bool factor_ok(const json& f) {
  if (!f.is_object() || !f.contains("name") || !f["name"].is_string()) return false;
  if (f.contains("env") && !f["env"].is_string() && !f["env"].is_null()) return false;
  if (!f.contains("levels")) return true;
  if (!f["levels"].is_array()) return false;
  for (const auto& l : f["levels"])
    if (!l.is_string() && !l.is_number()) return false;
  return true;
}

// A design's factor list; `where` is its path ("design" or "plan.design").
std::string design_damage(const json& d, const std::string& where) {
  if (!d.is_object()) return message_text(DiagId::manifest_not_object, where);
  if (!d.contains("factors")) return "";
  if (!d["factors"].is_array()) return message_text(DiagId::manifest_not_list, where + ".factors");
  for (const auto& f : d["factors"])
    if (!factor_ok(f)) return message_text(DiagId::manifest_bad_factor, where + ".factors");
  return "";
}

// The largest launch id: a run has at most 2^20 launches, and exec --launch takes no more.
constexpr std::uint64_t kMaxLaunchId = std::uint64_t{1} << 20;

bool whole_non_negative(const json& v) {
  return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}

}  // namespace

std::string manifest_damage(const json& m) {
  if (!m.is_object()) return message_text(DiagId::manifest_not_json_object);
  if (m.contains("status") && !m["status"].is_string())
    return message_text(DiagId::manifest_not_string, "status");
  if (m.contains("design"))
    if (auto why = design_damage(m["design"], "design"); !why.empty()) return why;
  if (m.contains("retried_launches") && !whole_non_negative(m["retried_launches"]))
    return message_text(DiagId::manifest_not_whole, "retried_launches");
  if (m.contains("merged")) {
    const json& merged = m["merged"];
    if (!merged.is_object()) return message_text(DiagId::manifest_not_object, "merged");
    if (merged.contains("launches")) {
      if (!merged["launches"].is_array())
        return message_text(DiagId::manifest_not_list, "merged.launches");
      for (const auto& id : merged["launches"])
        if (!whole_non_negative(id) || id.get<std::uint64_t>() > kMaxLaunchId)
          return message_text(DiagId::manifest_bad_launch_id, "merged.launches");
    }
    for (const char* rows : {"summary_rows", "raw_rows", "raw_ranks_rows", "raw_attempts_rows"})
      if (merged.contains(rows) && !whole_non_negative(merged[rows]))
        return message_text(DiagId::manifest_not_whole, std::string("merged.") + rows);
  }
  if (m.contains("jobs") && !m["jobs"].is_array())
    return message_text(DiagId::manifest_not_list, "jobs");
  // An exec launch: its levels (factor name -> level index) and the plan's design.
  if (m.contains("launch")) {
    const json& l = m["launch"];
    if (!l.is_object()) return message_text(DiagId::manifest_not_object, "launch");
    if (l.contains("levels") && !l["levels"].is_object())
      return message_text(DiagId::manifest_not_object, "launch.levels");
    if (l.contains("id") &&
        (!whole_non_negative(l["id"]) || l["id"].get<std::uint64_t>() > kMaxLaunchId))
      return message_text(DiagId::manifest_bad_launch_id, "launch.id");
  }
  if (m.contains("plan")) {
    if (!m["plan"].is_object()) return message_text(DiagId::manifest_not_object, "plan");
    if (m["plan"].contains("design"))
      if (auto why = design_damage(m["plan"]["design"], "plan.design"); !why.empty()) return why;
  }
  return "";
}

}  // namespace metron::analysis
