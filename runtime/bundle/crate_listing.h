// The files a bundle's RO-Crate metadata lists, read strictly: the metadata comes from whoever
// packed the bundle, so its size, nesting, names and numbers are checked before they are used
// (docs/security.md). Internal to runtime/bundle. No MPI.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace metron::bundle {

// The largest metadata file read (about 200 000 files' entries).
inline constexpr std::size_t kMaxMetadataBytes = std::size_t{64} << 20;

struct Listed {
  std::string sha256;
  std::int64_t size = -1;
};

// Each File entry's @id (normalized: confined_name) -> its sha256 and contentSize. nullopt with
// `why` (a message for bundle_damaged or folder_damaged) when the text is not metadata as `pack`
// writes it: nested too deep, not JSON, a File without a sha256 of 64 hexadecimal digits or a
// contentSize of decimal digits, an @id that is not a path inside the folder, or one listed twice.
std::optional<std::map<std::string, Listed>> listed_files(std::string_view text, std::string& why);

}  // namespace metron::bundle
