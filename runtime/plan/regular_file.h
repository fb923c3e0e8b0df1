// Reading files that a results folder or a script names, which Metron may not have written:
// regular files only, so that a FIFO never blocks a reader and a device (/dev/zero) never feeds
// one forever, and with a bound on the size read into memory.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace metron {

// Opens `path` (links followed) for reading if it is a regular file, without blocking on a FIFO;
// -1 with `why` set otherwise ("no such file or directory", "not a regular file (...)").
int open_regular_file(const std::string& path, std::string& why);

// The rest of the open file `fd` (closed here) if it has at most `max_bytes`; nullopt with `why`.
std::optional<std::string> read_open_file(int fd, std::size_t max_bytes, std::string& why);

// The whole file if it is a regular file of at most `max_bytes`; nullopt with `why` set.
std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes,
                                             std::string& why);

// Renames `from` to `to` unless `to` exists (a file, a folder or a link): nothing is replaced.
// 0, or an errno (EEXIST when `to` exists).
int rename_no_replace(const std::string& from, const std::string& to);

// The reason of an errno, lower-case, for messages: "no space left on device".
std::string errno_text(int e);

}  // namespace metron
