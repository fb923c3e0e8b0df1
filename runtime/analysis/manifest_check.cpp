// Checks of a read manifest (see manifest_check.h).
#include "runtime/analysis/manifest_check.h"

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
  if (!d.is_object()) return "'" + where + "' is not an object";
  if (!d.contains("factors")) return "";
  if (!d["factors"].is_array()) return "'" + where + ".factors' is not a list";
  for (const auto& f : d["factors"])
    if (!factor_ok(f))
      return "'" + where + ".factors' has an entry without a 'name' string or with 'levels' " +
             "that are not a list of values";
  return "";
}

bool whole_non_negative(const json& v) {
  return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}

}  // namespace

std::string manifest_damage(const json& m) {
  if (!m.is_object()) return "it is not a JSON object";
  if (m.contains("status") && !m["status"].is_string()) return "'status' is not a string";
  if (m.contains("design"))
    if (auto why = design_damage(m["design"], "design"); !why.empty()) return why;
  if (m.contains("retried_launches") && !whole_non_negative(m["retried_launches"]))
    return "'retried_launches' is not a whole number >= 0";
  if (m.contains("merged")) {
    const json& merged = m["merged"];
    if (!merged.is_object()) return "'merged' is not an object";
    if (merged.contains("launches")) {
      if (!merged["launches"].is_array()) return "'merged.launches' is not a list";
      for (const auto& id : merged["launches"])
        if (!whole_non_negative(id))
          return "'merged.launches' holds a value that is not a launch id";
    }
  }
  // An exec launch: its levels (factor name -> level index) and the plan's design.
  if (m.contains("launch")) {
    const json& l = m["launch"];
    if (!l.is_object()) return "'launch' is not an object";
    if (l.contains("levels") && !l["levels"].is_object()) return "'launch.levels' is not an object";
  }
  if (m.contains("plan")) {
    if (!m["plan"].is_object()) return "'plan' is not an object";
    if (m["plan"].contains("design"))
      if (auto why = design_damage(m["plan"]["design"], "plan.design"); !why.empty()) return why;
  }
  return "";
}

}  // namespace metron::analysis
