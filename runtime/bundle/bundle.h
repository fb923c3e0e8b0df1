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

// Checks an archive written by `pack` (every entry a regular file or folder below one top
// folder, no absolute path, no '..', every file listed in the metadata with its sha256 and
// size, every listed file present) and, when it passes, unpacks it into `dest` (which must not
// exist). 0, or 64 with `error` saying what is wrong (damaged, truncated, changed), or 74.
int unpack(const std::string& archive, const std::string& dest, std::string& error);

// The folder `unpack` uses for an archive: beside it, named after it ("x/paper.tar.gz" ->
// "x/paper").
std::string unpack_folder(const std::string& archive);

// sha256 of a file's bytes, streamed; empty when it cannot be read.
std::string file_sha256(const std::string& path);

}  // namespace metron::bundle
