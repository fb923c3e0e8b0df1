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

}  // namespace

std::vector<std::string> environment_differences(const nlohmann::json& recorded,
                                                 const nlohmann::json& now,
                                                 const std::string& label_a,
                                                 const std::string& label_b) {
  std::vector<std::string> out;
  const std::string la = " (" + label_a + ")", lb = " (" + label_b + ")";
  auto same = [&](const char* key, const char* what) {
    std::string a = text(recorded, key), b = text(now, key);
    if (a != b)
      out.push_back(std::string(what) + ": '" + first_line(a) + "'" + la + " vs '" + first_line(b) +
                    "'" + lb);
  };
  // The library by its short name; the same name built differently by its whole first line.
  if (text(recorded, "mpi_library_version") != text(now, "mpi_library_version")) {
    std::string a = library_name(recorded), b = library_name(now);
    if (a == b) {
      a = first_line(text(recorded, "mpi_library_version"));
      b = first_line(text(now, "mpi_library_version"));
    }
    out.push_back("MPI library: '" + a + "'" + la + " vs '" + b + "'" + lb);
  }
  same("processor_names", "processor names");
  same("cpu_model", "CPU model");
  same("cores_online", "cores online");
  // Where the scheduler ran it and the binding the ranks got (manifests since the scheduler
  // record; older ones have neither, and nothing is said then). Job ids always differ: left out.
  if (recorded.is_object() && now.is_object() && recorded.contains("scheduler") &&
      now.contains("scheduler")) {
    const nlohmann::json& sa = recorded["scheduler"];
    const nlohmann::json& sb = now["scheduler"];
    if (sa.is_null() != sb.is_null()) {
      out.push_back(std::string("scheduler: ") + (sa.is_null() ? "none" : "slurm job") + la +
                    " vs " + (sb.is_null() ? "none" : "slurm job") + lb);
    } else if (sa.is_object() && sb.is_object()) {
      for (const char* key :
           {"partition", "cluster", "node_list", "nodes", "ntasks", "cpus_per_task", "cpu_bind"}) {
        std::string a = text(sa, key), b = text(sb, key);
        if (a != b)
          out.push_back(std::string("slurm ") + key + ": '" + a + "'" + la + " vs '" + b + "'" +
                        lb);
      }
    }
    auto binding = [](const nlohmann::json& s) {
      std::string b;
      if (!s.is_object() || !s.contains("ranks") || !s["ranks"].is_array())
        return std::string("(not recorded)");
      for (const auto& r : s["ranks"])
        if (r.is_object())
          b += (b.empty() ? "" : " ") + (r.contains("cpus") ? text(r, "cpus") : std::string("?"));
      return b.empty() ? std::string("(not recorded)") : b;
    };
    if (std::string a = binding(recorded), b = binding(now); a != b)
      out.push_back("binding (CPUs of each rank): '" + a + "'" + la + " vs '" + b + "'" + lb);
  }
  // Environment variables that select MPI algorithms or pinning (set outside launch factors).
  std::map<std::string, std::string> ea, eb;
  auto env = [](const nlohmann::json& s, std::map<std::string, std::string>& m) {
    if (!s.is_object() || !s.contains("environment")) return;
    const auto& e = s["environment"];
    if (e.is_object())
      for (auto it = e.begin(); it != e.end(); ++it)
        m[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    else if (e.is_array())
      for (const auto& kv : e)
        if (kv.is_array() && kv.size() == 2 && kv[0].is_string())
          m[kv[0].get<std::string>()] = kv[1].is_string() ? kv[1].get<std::string>() : kv[1].dump();
  };
  env(recorded, ea);
  env(now, eb);
  // What a launcher sets for its own processes says which launcher ran, not how MPI was tuned.
  std::erase_if(ea, [](const auto& kv) { return launcher_internal_env(kv.first); });
  std::erase_if(eb, [](const auto& kv) { return launcher_internal_env(kv.first); });
  for (const auto& [k, v] : ea) {
    auto it = eb.find(k);
    if (it == eb.end())
      out.push_back("environment variable " + k + ": '" + v + "'" + la + " vs unset" + lb);
    else if (it->second != v)
      out.push_back("environment variable " + k + ": '" + v + "'" + la + " vs '" + it->second +
                    "'" + lb);
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
