// Checks of a run manifest before --resume reads it (see run_manifest_check.h).
#include "runtime/launcher/run_manifest_check.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <limits>
#include <vector>

#include "runtime/launcher/launch_plan.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"

namespace metron::launcher {

namespace {

using json = nlohmann::json;

// What `metron run` itself accepts: --np, --replicates and procs levels up to 2^20, --retries
// up to 1000; time limits in seconds, finite and below a year.
constexpr std::int64_t kMaxCount = std::int64_t{1} << 20;
constexpr std::int64_t kMaxRetries = 1000;
constexpr std::int64_t kMaxSeconds = 31536000;

bool whole(const json& v, std::int64_t lo, std::int64_t hi) {
  if (v.is_number_unsigned())  // how the parser holds every integer >= 0
    return v.get<std::uint64_t>() >= static_cast<std::uint64_t>(std::max<std::int64_t>(lo, 0)) &&
           v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi);
  return v.is_number_integer() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
}

bool name_ok(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// A count as `run` records it: absent (the default), or a whole number from 1 to kMaxCount.
std::string count_damage(const json& o, const char* key, const std::string& where) {
  if (o.contains(key) && !whole(o[key], 1, kMaxCount))
    return message_text(DiagId::manifest_not_count, where, kMaxCount);
  return "";
}

std::string factor_damage(const json& f) {
  const char* where = "design.factors";
  if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || !f.contains("levels") ||
      !f["levels"].is_array() || f["levels"].empty())
    return message_text(DiagId::manifest_bad_factor, where);
  if (!name_ok(f["name"].get<std::string>()))
    return message_text(DiagId::manifest_bad_name, where, f["name"].get<std::string>());
  if (f.contains("env") && !f["env"].is_string() && !f["env"].is_null())
    return message_text(DiagId::manifest_bad_factor, where);
  if (f.contains("sets_np") && !f["sets_np"].is_boolean())
    return message_text(DiagId::manifest_not_bool, "design.factors.sets_np");
  const bool np = f.value("sets_np", false);
  for (const auto& l : f["levels"]) {
    if (!l.is_string()) return message_text(DiagId::manifest_bad_factor, where);
    if (np) {  // a process count, as text
      const std::string t = l.get<std::string>();
      char* end = nullptr;
      const long long v = std::strtoll(t.c_str(), &end, 10);
      if (t.empty() || *end != '\0' || v < 1 || v > kMaxCount)
        return message_text(DiagId::manifest_not_count, "design.factors.levels", kMaxCount);
    }
  }
  return "";
}

std::string design_damage(const json& m, std::int64_t& launches) {
  if (!m.contains("design") || !m["design"].is_object())
    return message_text(DiagId::manifest_not_object, "design");
  const json& d = m["design"];
  if (auto e = count_damage(d, "np", "design.np"); !e.empty()) return e;
  if (auto e = count_damage(d, "replicates", "design.replicates"); !e.empty()) return e;
  if (d.contains("factors")) {
    if (!d["factors"].is_array()) return message_text(DiagId::manifest_not_list, "design.factors");
    for (const auto& f : d["factors"])
      if (auto e = factor_damage(f); !e.empty()) return e;
  }
  launches = launch_count(design_from_json(d));
  if (launches > kMaxRunLaunches)
    return message_text(DiagId::manifest_too_many_launches, launches, kMaxRunLaunches);
  return "";
}

std::string order_damage(const json& m, std::int64_t launches) {
  if (!m.contains("order") || !m["order"].is_array() ||
      m["order"].size() != static_cast<std::size_t>(launches))
    return message_text(DiagId::manifest_bad_order, launches - 1);
  std::vector<bool> seen(static_cast<std::size_t>(launches), false);
  for (const auto& v : m["order"]) {
    if (!whole(v, 0, launches - 1) || seen[v.get<std::size_t>()])
      return message_text(DiagId::manifest_bad_order, launches - 1);
    seen[v.get<std::size_t>()] = true;
  }
  return "";
}

std::string limits_damage(const json& m) {
  if (!m.contains("limits")) return "";
  const json& l = m["limits"];
  if (!l.is_object()) return message_text(DiagId::manifest_not_object, "limits");
  auto seconds = [&](const char* key, bool null_ok) {
    if (!l.contains(key) || (null_ok && l[key].is_null())) return std::string();
    const json& v = l[key];
    if (!v.is_number() || !(v.get<double>() > 0) ||
        !(v.get<double>() <= static_cast<double>(kMaxSeconds)))
      return message_text(DiagId::manifest_not_number, std::string("limits.") + key, 0,
                          kMaxSeconds);
    return std::string();
  };
  if (auto e = seconds("launch_timeout_s", true); !e.empty()) return e;
  if (auto e = seconds("startup_timeout_s", false); !e.empty()) return e;
  if (auto e = seconds("finalize_grace_s", false); !e.empty()) return e;
  if (l.contains("retries") && !whole(l["retries"], 0, kMaxRetries))
    return message_text(DiagId::manifest_not_number, "limits.retries", 0, kMaxRetries);
  return "";
}

std::string launches_damage(const json& m) {
  if (!m.contains("launches") || !m["launches"].is_array())
    return message_text(DiagId::manifest_not_list, "launches");
  for (const auto& e : m["launches"]) {
    if (!e.is_object()) return message_text(DiagId::manifest_bad_entry, "launches", "entry");
    const std::pair<const char*, bool (*)(const json&)> fields[] = {
        {"status", [](const json& v) { return v.is_string(); }},
        {"attempts", [](const json& v) { return v.is_array(); }},
        {"retries", [](const json& v) { return whole(v, 0, kMaxRetries); }},
        {"deadline_s", [](const json& v) { return v.is_null() || v.is_number(); }},
        {"error", [](const json& v) { return v.is_string(); }},
        {"stderr", [](const json& v) { return v.is_string(); }},
        {"stderr_tail", [](const json& v) { return v.is_string(); }},
        {"duration_s", [](const json& v) { return v.is_number(); }}};
    for (const auto& [key, ok] : fields)
      if (e.contains(key) && !ok(e[key]))
        return message_text(DiagId::manifest_bad_entry, "launches", key);
  }
  return "";
}

std::string script_damage(const json& m) {
  if (!m.contains("script") || !m["script"].is_object())
    return message_text(DiagId::manifest_not_object, "script");
  const json& s = m["script"];
  for (const char* key : {"path", "sha256", "copy"})
    if (!s.contains(key) || !s[key].is_string())
      return message_text(DiagId::manifest_script_fields, "script");
  if (!s.contains("files") || !s["files"].is_array() || s["files"].empty())
    return message_text(DiagId::manifest_script_fields, "script");
  for (const auto& f : s["files"])
    if (!f.is_object() || !f.contains("name") || !f["name"].is_string() || !f.contains("text") ||
        !f["text"].is_string() || !f.contains("sha256") || !f["sha256"].is_string())
      return message_text(DiagId::manifest_script_file, "script.files");
  if (!path_inside(s["copy"].get<std::string>(), "script"))
    return message_text(DiagId::manifest_outside_folder, "script.copy",
                        s["copy"].get<std::string>());
  if (!m.contains("settings_override") || m["settings_override"].is_null()) return "";
  const json& o = m["settings_override"];
  if (!o.is_object() || !o.contains("path") || !o["path"].is_string() || !o.contains("text") ||
      !o["text"].is_string() || !o.contains("copy") || !o["copy"].is_string() ||
      (o.contains("sha256") && !o["sha256"].is_string()))
    return message_text(DiagId::manifest_settings_fields, "settings_override");
  if (!path_inside(o["copy"].get<std::string>(), "settings"))
    return message_text(DiagId::manifest_outside_folder, "settings_override.copy",
                        o["copy"].get<std::string>());
  return "";
}

}  // namespace

bool path_inside(const std::string& rel, const std::string& under) {
  std::string why;
  const auto name = confined_name(rel, why);
  return name && name->starts_with(under + "/");
}

std::string run_manifest_damage(const json& m) {
  if (!m.is_object()) return message_text(DiagId::manifest_not_json_object);
  if (m.contains("status") && !m["status"].is_string())
    return message_text(DiagId::manifest_not_string, "status");
  if (!m.contains("seed") || !(m["seed"].is_number_unsigned() ||
                               whole(m["seed"], 0, std::numeric_limits<std::int64_t>::max())))
    return message_text(DiagId::manifest_not_whole, "seed");
  if (m.contains("launcher") && !m["launcher"].is_string())
    return message_text(DiagId::manifest_not_string, "launcher");
  if (m.contains("skip_unsupported") && !m["skip_unsupported"].is_boolean())
    return message_text(DiagId::manifest_not_bool, "skip_unsupported");
  if (m.contains("resumed") && !m["resumed"].is_array())
    return message_text(DiagId::manifest_not_list, "resumed");
  std::int64_t launches = 0;
  if (auto e = design_damage(m, launches); !e.empty()) return e;
  if (auto e = order_damage(m, launches); !e.empty()) return e;
  if (auto e = limits_damage(m); !e.empty()) return e;
  if (auto e = launches_damage(m); !e.empty()) return e;
  return script_damage(m);
}

}  // namespace metron::launcher
