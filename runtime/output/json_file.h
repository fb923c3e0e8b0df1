// JSON files of a results folder (manifest.json of a launch or of a run): read, and written
// atomically so that a reader, or a process killed meanwhile, never sees half a file; and the
// UTC timestamps they carry.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace metron::out {

// A manifest larger than this is not read: a plan of 100 000 jobs takes about 60 MiB.
inline constexpr std::size_t kMaxJsonFileBytes = std::size_t{256} << 20;

// The parsed file, or nullopt when it is missing, not a regular file, larger than
// kMaxJsonFileBytes or not JSON.
std::optional<nlohmann::json> read_json_file(const std::filesystem::path& path);
// The same, with the reason in `why` ("no such file or directory", "not JSON: ...").
std::optional<nlohmann::json> read_json_file(const std::filesystem::path& path, std::string& why);

// Writes `.NAME.tmp` beside the file, then renames it into place. False on any I/O error (the
// temporary file is removed then).
bool write_json_file(const std::filesystem::path& path, const nlohmann::json& j);
// The same for JSON text already rendered (a manifest rewritten after every job is dumped once).
bool write_json_text(const std::filesystem::path& path, const std::string& text);
// The last resort after a write failed on a full disk, where a second copy does not fit: the
// file is overwritten in place with the compact form of `j`, if that is no longer than the file
// already is (so no block is allocated). False when it is longer or the write fails.
bool write_json_in_place(const std::filesystem::path& path, const nlohmann::json& j);

// Now, as "2026-11-22T23:05:21Z".
std::string utc_now_iso8601();

}  // namespace metron::out
