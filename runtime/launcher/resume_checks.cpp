// Checks of --resume (see resume_checks.h).
#include "runtime/launcher/resume_checks.h"

#include <algorithm>

#include "runtime/launcher/script_copy.h"
#include "runtime/plan/confined_path.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/regular_file.h"
#include "runtime/plan/sha256.h"
#include "runtime/plan/source.h"

namespace metron::launcher {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// The recorded files whose text does not hash to the sha256 beside it ("" if none), as a list.
std::string modified_in_manifest(const json& script) {
  std::string list;
  const std::string main = script["path"].get<std::string>();
  for (const auto& f : script["files"]) {
    const std::string sum = sha256_hex(f["text"].get<std::string>());
    bool bad = f["sha256"].get<std::string>() != sum;
    if (f["name"] == main && script["sha256"].get<std::string>() != sum) bad = true;
    if (bad) list += (list.empty() ? "'" : ", '") + f["name"].get<std::string>() + "'";
  }
  return list;
}

// Whether the copy at `path` holds `text`: 1 yes, 0 missing, -1 another text (or unreadable).
int copy_state(const fs::path& path, const std::string& text) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return 0;
  std::string why;
  auto on_disk = read_regular_file(path.string(), kMaxStreamScriptBytes, why);
  return on_disk && *on_disk == text ? 1 : -1;
}

// The copies of the recorded `script` and `settings_override` (run_manifest_damage checked them).
std::optional<ScriptCopies> checked_copies(const fs::path& dir, const json& script, const json& so,
                                           std::string& error) {
  const std::string mpath = (dir / "manifest.json").string();
  if (std::string list = modified_in_manifest(script); !list.empty()) {
    error = message_text(DiagId::resume_recorded_script_modified, mpath, list);
    return std::nullopt;
  }
  // The copies are where write_script_copy put them (the recorded "copy" is not trusted).
  const std::vector<ScriptFile> files = manifest_files(script);
  const std::vector<std::string> layout = copy_layout(files);
  bool missing = false;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (fs::path(layout[i]).is_absolute()) continue;  // an absolute include: not copied
    std::string why;  // below the run folder: a link in place of script/ is refused too
    const auto place = confined_path(dir, "script/" + layout[i], why);
    if (!place) {
      error = message_text(
          DiagId::manifest_damaged, mpath,
          message_text(DiagId::manifest_name_outside, "script.files", files[i].name, why));
      return std::nullopt;
    }
    const fs::path copy = *place;
    const int state = copy_state(copy, files[i].text);
    if (state < 0) {
      error = message_text(DiagId::resume_copy_modified, copy.string(), mpath);
      return std::nullopt;
    }
    missing = missing || state == 0;
  }
  ScriptCopies out;
  if (missing && !write_script_copy(files, (dir / "script").string(), error)) return std::nullopt;
  out.script = fs::absolute(dir / "script" / layout[0]).string();
  if (!so.is_object()) return out;
  const ScriptFile settings{so["path"].get<std::string>(), so["text"].get<std::string>()};
  if (so.contains("sha256") && so["sha256"] != sha256_hex(settings.text)) {
    error = message_text(DiagId::resume_recorded_script_modified, mpath, "'" + settings.name + "'");
    return std::nullopt;
  }
  std::string why;
  const auto place = confined_path(dir, settings_copy_name(settings), why);
  if (!place) {
    error = message_text(
        DiagId::manifest_damaged, mpath,
        message_text(DiagId::manifest_name_outside, "settings_override.path", settings.name, why));
    return std::nullopt;
  }
  const fs::path copy = *place;
  const int state = copy_state(copy, settings.text);
  if (state < 0) {
    error = message_text(DiagId::resume_copy_modified, copy.string(), mpath);
    return std::nullopt;
  }
  if (state == 0 && !write_settings_copy(settings, dir.string(), error)) return std::nullopt;
  out.settings = fs::absolute(copy).string();
  return out;
}

}  // namespace

std::optional<ScriptCopies> checked_script_copies(const fs::path& dir, const json& manifest,
                                                  std::string& error) {
  return checked_copies(dir, manifest["script"], manifest.value("settings_override", json()),
                        error);
}

std::optional<ScriptCopies> checked_script_copies(const fs::path& dir, const RunManifest& manifest,
                                                  std::string& error) {
  return checked_copies(dir, manifest.script.value_or(json::object()),
                        manifest.settings_override.value_or(json()), error);
}

LaunchIdentity launch_identity(const Launch& l, const RunManifest& manifest) {
  LaunchIdentity id;
  id.id = l.id;
  id.np = l.np;
  for (const auto& lv : l.levels) id.levels.emplace_back(lv.factor, lv.index);
  id.seed = manifest.seed.value_or(0);
  for (const auto& f : manifest.script.value_or(json::object()).value("files", json::array()))
    id.script_sha256.push_back(f.value("sha256", ""));
  std::sort(id.script_sha256.begin(), id.script_sha256.end());
  return id;
}

}  // namespace metron::launcher
