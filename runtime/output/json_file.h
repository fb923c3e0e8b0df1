// JSON files of a results folder (manifest.json of a launch or of a run): read, and written
// atomically so that a reader, or a process killed meanwhile, never sees half a file; and the
// UTC timestamps they carry.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace metron::out {

// The parsed file, or nullopt when it is missing or not JSON.
std::optional<nlohmann::json> read_json_file(const std::filesystem::path& path);

// Writes `.NAME.tmp` beside the file, then renames it into place. False on any I/O error.
bool write_json_file(const std::filesystem::path& path, const nlohmann::json& j);
// The same for JSON text already rendered (a manifest rewritten after every job is dumped once).
bool write_json_text(const std::filesystem::path& path, const std::string& text);

// Now, as "2026-11-22T23:05:21Z".
std::string utc_now_iso8601();

}  // namespace metron::out
