// Environment differences for replay warnings (see environment_diff.h).
#include "runtime/analysis/environment_diff.h"

#include <filesystem>
#include <map>

#include "runtime/analysis/launcher_environment.h"
#include "runtime/analysis/manifest_check.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/mpi_features.h"

namespace metron::analysis {

namespace {

std::string text(const nlohmann::json& j, const char* key) {
  if (!j.is_object() || !j.contains(key)) return "(not recorded)";
  const auto& v = j[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// MPI library strings span several lines (MPICH prints its configure line); one line suffices,
// its tabs made blanks.
std::string first_line(const std::string& s) {
  std::string line = s.substr(0, s.find('\n'));
  for (char& c : line)
    if (c == '\t') c = ' ';
  return line;
}

// The library as people name it ("MPICH 4.0.2", "Open MPI 4.1.4"): the manifest's short name,
// else the one read from the full string (manifests before the short name was recorded).
std::string library_name(const nlohmann::json& s) {
  if (s.is_object() && s.contains("mpi_library") && s["mpi_library"].is_string())
    return s["mpi_library"].get<std::string>();
  const std::string full = text(s, "mpi_library_version");
  return full == "(not recorded)" ? full : mpi_library_short_name(full);
}

// "WHAT: 'A' (recorded) vs 'B' (now)".
std::string difference(const std::string& what, const std::string& a, const std::string& b,
                       const std::string& la, const std::string& lb) {
  return what + ": '" + a + "'" + la + " vs '" + b + "'" + lb;
}

// The library by its short name; the same name built differently by its whole first line.
void library_difference(const nlohmann::json& recorded, const nlohmann::json& now,
                        const std::string& la, const std::string& lb,
                        std::vector<std::string>& out) {
  const std::string full_a = text(recorded, "mpi_library_version");
  const std::string full_b = text(now, "mpi_library_version");
  if (full_a == full_b) return;
  std::string a = library_name(recorded), b = library_name(now);
  if (a == b) {
    a = first_line(full_a);
    b = first_line(full_b);
  }
  out.push_back(difference("MPI library", a, b, la, lb));
}

std::string rank_binding(const nlohmann::json& s) {
  std::string b;
  if (!s.is_object() || !s.contains("ranks") || !s["ranks"].is_array()) return "(not recorded)";
  for (const auto& r : s["ranks"])
    if (r.is_object())
      b += (b.empty() ? "" : " ") + (r.contains("cpus") ? text(r, "cpus") : std::string("?"));
  return b.empty() ? std::string("(not recorded)") : b;
}

// Where the scheduler ran it and the binding the ranks got (manifests since the scheduler
// record; older ones have neither, and nothing is said then). Job ids always differ: left out.
void placement_differences(const nlohmann::json& recorded, const nlohmann::json& now,
                           const std::string& la, const std::string& lb,
                           std::vector<std::string>& out) {
  if (!recorded.is_object() || !now.is_object() || !recorded.contains("scheduler") ||
      !now.contains("scheduler"))
    return;
  const nlohmann::json& sa = recorded["scheduler"];
  const nlohmann::json& sb = now["scheduler"];
  if (sa.is_null() != sb.is_null()) {
    out.push_back(std::string("scheduler: ") + (sa.is_null() ? "none" : "slurm job") + la + " vs " +
                  (sb.is_null() ? "none" : "slurm job") + lb);
  } else if (sa.is_object() && sb.is_object()) {
    for (const char* key :
         {"partition", "cluster", "node_list", "nodes", "ntasks", "cpus_per_task", "cpu_bind"})
      if (std::string a = text(sa, key), b = text(sb, key); a != b)
        out.push_back(difference(std::string("slurm ") + key, a, b, la, lb));
  }
  if (std::string a = rank_binding(recorded), b = rank_binding(now); a != b)
    out.push_back(difference("binding (CPUs of each rank)", a, b, la, lb));
}

// The recorded environment variables that the user set: what a launcher sets for its own
// processes says which launcher ran, not how MPI was tuned (launcher_environment.h).
std::map<std::string, std::string> user_environment(const nlohmann::json& s) {
  std::map<std::string, std::string> m;
  if (!s.is_object() || !s.contains("environment")) return m;
  const auto& e = s["environment"];
  if (e.is_object())
    for (auto it = e.begin(); it != e.end(); ++it)
      m[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
  else if (e.is_array())
    for (const auto& kv : e)
      if (kv.is_array() && kv.size() == 2 && kv[0].is_string())
        m[kv[0].get<std::string>()] = kv[1].is_string() ? kv[1].get<std::string>() : kv[1].dump();
  std::erase_if(m, [](const auto& kv) { return launcher_internal_env(kv.first); });
  return m;
}

}  // namespace

std::vector<std::string> environment_differences(const nlohmann::json& recorded,
                                                 const nlohmann::json& now,
                                                 const std::string& label_a,
                                                 const std::string& label_b) {
  std::vector<std::string> out;
  const std::string la = " (" + label_a + ")", lb = " (" + label_b + ")";
  auto same = [&](const char* key, const char* what) {
    std::string a = text(recorded, key), b = text(now, key);
    if (a != b) out.push_back(difference(what, first_line(a), first_line(b), la, lb));
  };
  library_difference(recorded, now, la, lb, out);
  same("processor_names", "processor names");
  same("cpu_model", "CPU model");
  same("cores_online", "cores online");
  placement_differences(recorded, now, la, lb, out);
  // Environment variables that select MPI algorithms or pinning (set outside launch factors).
  const std::map<std::string, std::string> ea = user_environment(recorded);
  const std::map<std::string, std::string> eb = user_environment(now);
  for (const auto& [k, v] : ea) {
    auto it = eb.find(k);
    if (it == eb.end())
      out.push_back("environment variable " + k + ": '" + v + "'" + la + " vs unset" + lb);
    else if (it->second != v)
      out.push_back(difference("environment variable " + k, v, it->second, la, lb));
  }
  for (const auto& [k, v] : eb)
    if (!ea.count(k))
      out.push_back("environment variable " + k + ": unset" + la + " vs '" + v + "'" + lb);
  return out;
}

nlohmann::json folder_system(const std::string& dir) {
  namespace fs = std::filesystem;
  auto m = out::read_json_file(fs::path(dir) / "manifest.json");
  // A damaged manifest has no environment to compare (load_results reports the damage).
  if (!m || !manifest_damage(*m).empty()) return nullptr;
  if (!m->contains("run_schema_version")) return m->value("system", nlohmann::json());
  if (!m->contains("merged")) return nullptr;
  for (const auto& id : (*m)["merged"].value("launches", std::vector<std::int64_t>{})) {
    auto l = out::read_json_file(fs::path(dir) / "launches" / std::to_string(id) / "manifest.json");
    if (l && l->is_object() && l->contains("system")) return (*l)["system"];
  }
  return nullptr;
}

}  // namespace metron::analysis
