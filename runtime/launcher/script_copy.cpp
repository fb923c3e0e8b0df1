// Copies of a run's script files (see script_copy.h).
#include "runtime/launcher/script_copy.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/sha256.h"

#include <filesystem>
#include <fstream>

namespace metron::launcher {

namespace fs = std::filesystem;

std::vector<ScriptFile> program_files(const SourceManager& sources) {
  std::vector<ScriptFile> out;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const SourceFile& f = sources.file(static_cast<FileId>(i));
    out.push_back({f.name(), f.text()});
  }
  return out;
}

std::vector<ScriptFile> manifest_files(const nlohmann::json& script) {
  std::vector<ScriptFile> out;
  std::string main = script.value("path", "");
  for (const auto& f : script.value("files", nlohmann::json::array())) {
    ScriptFile s{f.value("name", ""), f.value("text", "")};
    if (s.name == main)
      out.insert(out.begin(), std::move(s));
    else
      out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> copy_layout(const std::vector<ScriptFile>& files) {
  std::vector<std::string> out(files.size());
  if (files.empty()) return out;
  bool main_abs = fs::path(files[0].name).is_absolute();
  // Folder components of every file copied with the main file.
  std::vector<std::vector<std::string>> dirs(files.size());
  std::vector<bool> copied(files.size(), false);
  std::vector<std::string> common;
  bool first = true;
  for (std::size_t i = 0; i < files.size(); ++i) {
    fs::path p = fs::path(files[i].name).lexically_normal();
    if (p.is_absolute() != main_abs) {
      out[i] = files[i].name;  // resolves to the original; see the header
      continue;
    }
    copied[i] = true;
    for (const auto& c : p.parent_path()) dirs[i].push_back(c.string());
    if (first) {
      common = dirs[i];
      first = false;
    } else {
      std::size_t k = 0;
      while (k < common.size() && k < dirs[i].size() && common[k] == dirs[i][k]) ++k;
      common.resize(k);
    }
  }
  // What is left of each name below the common folder, and how far it climbs out of it.
  std::vector<std::size_t> ups(files.size(), 0);
  std::vector<fs::path> rest(files.size());
  std::size_t max_up = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!copied[i]) continue;
    std::size_t k = common.size();
    while (k < dirs[i].size() && dirs[i][k] == "..") {
      ++ups[i];
      ++k;
    }
    for (; k < dirs[i].size(); ++k) rest[i] /= dirs[i][k];
    rest[i] /= fs::path(files[i].name).filename();
    max_up = std::max(max_up, ups[i]);
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!copied[i]) continue;
    fs::path p;
    for (std::size_t k = ups[i]; k < max_up; ++k) p /= "_";
    out[i] = (p / rest[i]).string();
  }
  return out;
}

std::string copy_layout_problem(const std::vector<ScriptFile>& files) {
  const std::vector<std::string> layout = copy_layout(files);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (fs::path(layout[i]).is_absolute()) continue;
    std::string why;
    if (!confined_name(layout[i], why))
      return message_text(DiagId::manifest_name_outside, "script.files", files[i].name, why);
  }
  return "";
}

std::optional<std::string> write_script_copy(const std::vector<ScriptFile>& files,
                                             const std::string& root, std::string& error) {
  if (files.empty()) {
    error = message_text(DiagId::no_script_files);
    return std::nullopt;
  }
  std::vector<std::string> layout = copy_layout(files);
  // The names may come from a manifest that someone else wrote (replay, --resume): every place
  // is checked before the first file is written.
  std::vector<fs::path> places(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (fs::path(layout[i]).is_absolute()) continue;
    std::string why;
    const auto place = confined_path(root, layout[i], why);
    if (!place) {
      error = message_text(DiagId::manifest_name_outside, "script.files", files[i].name, why);
      return std::nullopt;
    }
    places[i] = *place;
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (places[i].empty()) continue;
    const fs::path& dst = places[i];
    std::error_code ec;
    fs::create_directories(dst.parent_path(), ec);
    std::ofstream f(dst, std::ios::binary);
    f << files[i].text;
    if (!f) {
      error = message_text(DiagId::cannot_write_file, dst.string());
      return std::nullopt;
    }
  }
  return (fs::path(root) / layout[0]).string();
}

std::string settings_copy_name(const ScriptFile& settings) {
  std::string name = fs::path(settings.name).filename().string();
  if (name.empty() || name == "." || name == "..") name = "settings";
  return "settings/" + name;
}

std::optional<std::string> write_settings_copy(const ScriptFile& settings, const std::string& dir,
                                               std::string& error) {
  std::string why;
  const auto place = confined_path(dir, settings_copy_name(settings), why);
  if (!place) {
    error =
        message_text(DiagId::manifest_name_outside, "settings_override.path", settings.name, why);
    return std::nullopt;
  }
  const fs::path dst = *place;
  std::error_code ec;
  fs::create_directories(dst.parent_path(), ec);
  std::ofstream f(dst, std::ios::binary);
  f << settings.text;
  if (!f) {
    error = message_text(DiagId::cannot_write_file, dst.string());
    return std::nullopt;
  }
  return dst.string();
}

nlohmann::json settings_json(const ScriptFile& settings, const std::string& copy_rel) {
  nlohmann::json j = {
      {"path", settings.name}, {"sha256", sha256_hex(settings.text)}, {"text", settings.text}};
  if (!copy_rel.empty()) j["copy"] = copy_rel;
  return j;
}

}  // namespace metron::launcher
