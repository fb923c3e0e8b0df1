// The RO-Crate 1.1 metadata of a results folder (see bundle.h). Entities: the metadata
// descriptor, the root dataset (name, description, date, license, authors, main entity, parts),
// one Dataset per folder with its parts, one File per file with its sha256, size and format,
// Metron and the MPI library as software, the recording machine, and the run as a CreateAction.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/findings.h"
#include "runtime/bundle/bundle.h"
#include "runtime/output/json_file.h"
#include "runtime/plan/git_commit.h"

namespace metron::bundle {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

json id(const std::string& s) {
  return {{"@id", s}};
}

std::string format_of(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".csv") return "text/csv";
  if (ext == ".json") return "application/json";
  if (ext == ".html") return "text/html";
  if (ext == ".png") return "image/png";
  return "text/plain";  // .bench, .ski, .inc, .settings, .sko, .txt
}

std::string today() {
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  return fmt::format("{:04}-{:02}-{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

std::string text(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The main script inside the folder: a run's copy, or the file pack adds for an exec launch.
std::string main_script(const json& m) {
  const json script = m.value("script", json::object());
  if (!text(script, "copy").empty()) return text(script, "copy");
  const std::string path = text(script, "path");
  return "script/" +
         (path.empty() ? std::string("script.bench") : fs::path(path).filename().string());
}

json license_entity(const std::string& license) {
  if (license.empty())
    return {{"@id", "#license-not-stated"},
            {"@type", "CreativeWork"},
            {"name", "not stated"},
            {"description", "The authors did not state a license when they packed this bundle."}};
  if (license.find("://") != std::string::npos)
    return {{"@id", license}, {"@type", "CreativeWork"}, {"name", license}};
  return {{"@id", "https://spdx.org/licenses/" + license},
          {"@type", "CreativeWork"},
          {"name", license},
          {"identifier", license}};
}

std::string machine_description(const json& sys) {
  if (!sys.is_object()) return "not recorded";
  const std::string mpi = analysis::mpi_library_name(sys);
  return fmt::format(
      "CPU: {}; cores online: {}; hosts: {}; MPI library: {}",
      text(sys, "cpu_model").empty() ? "not recorded" : text(sys, "cpu_model"),
      sys.contains("cores_online") ? sys["cores_online"].dump() : "not recorded",
      sys.contains("processor_names") ? sys["processor_names"].dump() : "not recorded",
      mpi.empty() ? "not recorded" : mpi);
}

// Folder ("" for the root, else "a/b/" as RO-Crate names directories) -> its direct parts:
// the files in it and its subfolders, every folder of every file's path included.
std::map<std::string, std::vector<std::string>> folder_tree(const std::vector<FileEntry>& files) {
  std::map<std::string, std::vector<std::string>> tree;
  tree[""];
  auto add = [&](const std::string& folder, const std::string& part) {
    auto& parts = tree[folder];
    if (std::find(parts.begin(), parts.end(), part) == parts.end()) parts.push_back(part);
  };
  for (const auto& f : files) {
    std::string parent;
    for (std::size_t slash = f.path.find('/'); slash != std::string::npos;
         slash = f.path.find('/', slash + 1)) {
      const std::string folder = f.path.substr(0, slash + 1);
      add(parent, folder);
      tree[folder];
      parent = folder;
    }
    add(parent, f.path);
  }
  return tree;
}

json parts_of(const std::map<std::string, std::vector<std::string>>& tree,
              const std::string& folder) {
  json parts = json::array();
  for (const auto& p : tree.at(folder)) parts.push_back(id(p));
  return parts;
}

// The crate's root: a Dataset with the bundle's top-level parts, its main script and its run.
json root_dataset(const std::string& dir, const std::string& main, const PackInfo& info,
                  const std::map<std::string, std::vector<std::string>>& tree) {
  json root = {{"@id", "./"},
               {"@type", "Dataset"},
               {"name", info.name.empty() ? fs::path(dir).lexically_normal().filename().string()
                                          : info.name},
               {"description", info.description.empty()
                                   ? "Metron results of the benchmark script " + main +
                                         ": raw data, statistics, verdicts and manifests"
                                   : info.description},
               {"datePublished", info.date.empty() ? today() : info.date},
               {"license", id(license_entity(info.license)["@id"])},
               {"mainEntity", id(main)},
               {"mentions", id("#run")}};
  root["hasPart"] = parts_of(tree, "");
  json authors = json::array();
  for (std::size_t i = 0; i < info.authors.size(); ++i)
    authors.push_back(id("#author-" + std::to_string(i + 1)));
  if (!authors.empty()) root["author"] = authors;
  return root;
}

// Every folder is a Dataset with its direct parts, so that every directory of the bundle is
// described (RO-Crate 1.1, "Directory File Entity"); the files hang from them.
void add_data_entities(json& graph, const std::map<std::string, std::vector<std::string>>& tree,
                       const std::vector<FileEntry>& files, const std::string& main) {
  for (const auto& [folder, children] : tree)
    if (!folder.empty())
      graph.push_back({{"@id", folder},
                       {"@type", "Dataset"},
                       {"name", fs::path(folder.substr(0, folder.size() - 1)).filename().string()},
                       {"hasPart", parts_of(tree, folder)}});
  for (const auto& f : files) {
    json e = {
        {"@id", f.path},
        {"@type", f.path == main ? json::array({"File", "SoftwareSourceCode"}) : json("File")},
        {"name", fs::path(f.path).filename().string()},
        {"contentSize", std::to_string(f.size)},
        {"encodingFormat", format_of(f.path)},
        {"sha256", f.sha256}};
    if (f.path == main) e["programmingLanguage"] = id("#bench-language");
    graph.push_back(e);
  }
}

// How the results were made: Metron and the MPI library on a machine, running the main script.
void add_provenance(json& graph, const json& m, const json& sys, const std::string& main) {
  const json metron = m.value("metron", json::object());
  const std::string mpi = analysis::mpi_library_name(sys);
  graph.push_back(
      {{"@id", "#metron"},
       {"@type", "SoftwareApplication"},
       {"name", "Metron"},
       {"version",
        text(metron, "version").empty() ? std::string(METRON_VERSION) : text(metron, "version")},
       {"identifier", text(metron, "git_commit").empty() ? std::string(git_commit())
                                                         : text(metron, "git_commit")}});
  graph.push_back({{"@id", "#mpi"},
                   {"@type", "SoftwareApplication"},
                   {"name", mpi.empty() ? std::string("MPI library (not recorded)") : mpi}});
  graph.push_back({{"@id", "#machine"},
                   {"@type", "Thing"},
                   {"name", "the machine the results were measured on"},
                   {"description", machine_description(sys)}});
  json run = {{"@id", "#run"},
              {"@type", "CreateAction"},
              {"name", m.contains("run_schema_version") ? "metron run" : "metron exec"},
              {"instrument", json::array({id("#metron"), id("#mpi")})},
              {"object", id(main)},
              {"location", id("#machine")},
              {"result", id("./")}};
  if (!text(m, "started_at").empty()) run["startTime"] = text(m, "started_at");
  if (!text(m, "finished_at").empty()) run["endTime"] = text(m, "finished_at");
  graph.push_back(run);
}

}  // namespace

json crate_metadata(const std::string& dir, const std::vector<FileEntry>& files,
                    const PackInfo& info) {
  const json m = out::read_json_file(fs::path(dir) / "manifest.json").value_or(json::object());
  const std::string main = main_script(m);
  const std::map<std::string, std::vector<std::string>> tree = folder_tree(files);
  json graph = json::array();
  graph.push_back({{"@id", kMetadataFile},
                   {"@type", "CreativeWork"},
                   {"conformsTo", id("https://w3id.org/ro/crate/1.1")},
                   {"about", id("./")}});
  graph.push_back(root_dataset(dir, main, info, tree));
  add_data_entities(graph, tree, files, main);
  graph.push_back(license_entity(info.license));
  for (std::size_t i = 0; i < info.authors.size(); ++i)
    graph.push_back({{"@id", "#author-" + std::to_string(i + 1)},
                     {"@type", "Person"},
                     {"name", info.authors[i]}});
  graph.push_back({{"@id", "#bench-language"},
                   {"@type", "ComputerLanguage"},
                   {"name", "Metron .bench (a superset of SKaMPI's .ski)"}});
  add_provenance(graph, m, analysis::folder_system(dir), main);
  return {{"@context", "https://w3id.org/ro/crate/1.1/context"}, {"@graph", graph}};
}

}  // namespace metron::bundle
