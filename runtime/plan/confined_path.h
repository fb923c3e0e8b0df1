// The path policy (docs/security.md): a name that comes from a results folder, a bundle, a
// manifest or a script that someone else may have written is used as a path only below its own
// folder. Every reader of such a name calls these two functions at the place the name is used:
// the names of a run's script copies (script.files[].name), the entries of a bundle and of its
// RO-Crate metadata, the launch folders a run manifest lists. No MPI.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace metron {

// The longest name accepted (Linux's PATH_MAX).
inline constexpr std::size_t kMaxConfinedNameBytes = 4096;

// `name` as a path below its folder: relative, '/'-separated, normalized (empty and "." parts
// dropped: "a//./b/" is "a/b"), with no ".." part, no control character and at most
// kMaxConfinedNameBytes. nullopt with `why` (a catalogue text: "it is absolute", ...) otherwise.
// Pure: the file system is not asked.
std::optional<std::string> confined_name(std::string_view name, std::string& why);

// root/name for a `name` that passes confined_name and whose way below `root` has no symbolic
// link: every part of it that exists, the last included, is a folder or (the last) a file, never
// a link. Parts that do not exist pass (the caller may create them). nullopt with `why`.
std::optional<std::filesystem::path> confined_path(const std::filesystem::path& root,
                                                   std::string_view name, std::string& why);

}  // namespace metron
