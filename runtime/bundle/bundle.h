// A results folder made citable (docs/publishing.md): `metron pack DIR` writes one .tar.gz that
// holds the folder (scripts, settings, manifests, CSV files, report) under one top folder, with
// an RO-Crate 1.1 `ro-crate-metadata.json` that lists every file with its sha256, size and
// format, the script as the main entity, Metron's version and commit, the MPI library, the
// machine and the date. `metron replay` verifies a bundle (or an unpacked one) before anything
// runs. No MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace metron::bundle {

// The name of the metadata file (RO-Crate 1.1, §"RO-Crate Metadata File").
inline constexpr const char* kMetadataFile = "ro-crate-metadata.json";

// What the user may say about the bundle on the command line.
struct PackInfo {
  std::string name;         // empty: from the folder
  std::string description;  // empty: from the script
  std::vector<std::string> authors;
  std::string license;  // an SPDX identifier or a URL; empty: not stated
  std::string date;     // ISO 8601; empty: today (UTC)
};

struct FileEntry {
  std::string path;  // relative to the folder, '/'-separated
  std::int64_t size = 0;
  std::string sha256;
  // The text of a file that is not on disk: an exec launch's script, which only its manifest
  // holds, goes into the bundle as script/<name>.
  std::optional<std::string> content;
};

// Every regular file of a results folder that belongs in a bundle, in a stable order (the lock
// file and an older ro-crate-metadata.json are left out). nullopt with `error` when the folder
// is not a finished results folder or holds something that cannot be bundled (a link, a FIFO).
std::optional<std::vector<FileEntry>> folder_files(const std::string& dir, std::string& error);

// The RO-Crate metadata of the folder's files (pure: the facts come from its manifests).
nlohmann::json crate_metadata(const std::string& dir, const std::vector<FileEntry>& files,
                              const PackInfo& info);

// Writes the bundle; 0, or an exit code (64 usage: not a finished results folder, the archive
// exists; 74 I/O) with `error` set.
int pack(const std::string& dir, const std::string& archive, const PackInfo& info,
         std::string& error);

// The default archive of a folder: "<dir>.tar.gz".
std::string default_archive(const std::string& dir);

// Checks a folder against its ro-crate-metadata.json: every listed file is there, regular, of
// its size and sha256. nullopt when it matches or the folder has no metadata; else what is
// wrong ("'summary.csv' does not match its sha256", ...).
std::optional<std::string> verify_folder(const std::string& dir);

// Bounds on what a bundle may unpack to: a crafted archive must not fill the disk or take
// hours (docs/security.md). An archive unpacks to at most kMaxUnpackRatio times its own size
// (gzip of benchmark CSV files reaches 10-20), but always kMinUnpackBytes and never more than
// kMaxUnpackBytes; it holds at most kMaxBundleEntries entries, folders included.
inline constexpr std::int64_t kMaxUnpackRatio = 100;
inline constexpr std::int64_t kMinUnpackBytes = std::int64_t{64} << 20;
inline constexpr std::int64_t kMaxUnpackBytes = std::int64_t{16} << 30;
inline constexpr std::int64_t kMaxBundleEntries = 200'000;

// Whether `path` is a regular file that holds an archive (gzip or tar, by its first bytes, not
// by its name): what `replay` unpacks rather than reads as a folder.
bool is_bundle(const std::string& path);

// Checks an archive written by `pack` (every entry a regular file or folder below one top
// folder, each name a path inside it (confined_name) and there once, within the bounds above;
// every file listed in the metadata with its sha256 and size, every listed file present) and,
// when it passes, unpacks it into a new folder beside the archive, named after its top folder
// ("paper", else "paper-2", "paper-3", ...: an existing folder is never touched), whose path
// goes into `dest`. 0, or 64 with `error` saying what is wrong (damaged, truncated, changed, too
// large), or 74.
int unpack(const std::string& archive, std::string& dest, std::string& error);

// sha256 of a file's bytes, streamed; empty when it cannot be read.
std::string file_sha256(const std::string& path);

}  // namespace metron::bundle
