// Source files and locations: a SourceLoc is a (file, byte offset) pair; line and column are
// computed only when a diagnostic is printed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace metron {

using FileId = std::uint32_t;
inline constexpr FileId kNoFile = 0xffffffffu;

struct SourceLoc {
  FileId file = kNoFile;
  std::uint32_t offset = 0;
  bool valid() const { return file != kNoFile; }
};

struct SourceRange {
  SourceLoc begin;
  SourceLoc end;  // one past the last byte; equal to begin for a point
};

struct LineCol {
  std::uint32_t line = 0;  // 1-based
  std::uint32_t col = 0;   // 1-based, in bytes
};

// One loaded file: its display name (as the user wrote it, or relative to the including file),
// its text and the offsets of line starts.
class SourceFile {
 public:
  SourceFile(std::string name, std::string text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  LineCol line_col(std::uint32_t offset) const;
  std::string_view line_text(std::uint32_t line) const;  // without the newline
  // A private file (an include that others may not read, such as /etc/shadow) is never quoted
  // in a diagnostic: its messages say where, not what.
  bool is_private() const { return private_; }
  void set_private() { private_ = true; }

 private:
  std::string name_;
  std::string text_;
  bool private_ = false;
  std::vector<std::uint32_t> line_starts_;
};

// Length in bytes of the UTF-8 character that starts at s[i], or 0 if the bytes there are not
// one (strict: no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8_char_length(std::string_view s, std::size_t i);

// What a file is read for; `include` and `published` share one policy (docs/security.md).
enum class FileUse {
  Script,     // the script or settings file a command names: a file, a pipe or a device
  Include,    // an `include`: a regular file, within kMaxStreamScriptBytes, that others may
              // read or that is the user's own (then private: its text is never quoted)
  Published,  // a `published` values file: a regular file within kMaxPublishedBytes
              // (file_policy.h) that others may read (its cells go into the results)
};

// What reading a file gave.
struct FileRead {
  std::optional<std::string> text;  // nullopt: not read
  bool is_private = false;          // only its owner may read it: its text is never quoted
  bool refused = false;  // it is there but the policy refuses it: an include looks no further
  std::string why = {};  // without text: why, for messages ("no such file or directory", ...)
};

// Reads a file by path. Rank 0 reads from disk, the other ranks from the bundle rank 0
// broadcast, so every rank sees the same bytes and the same refusals.
using FileReader = std::function<FileRead(const std::string& path, FileUse use)>;
// Reads a file, a pipe or a device to its end (a directory is not readable here, though
// std::ifstream opens one). A stream is cut off at kMaxStreamScriptBytes: nullopt beyond.
inline constexpr std::size_t kMaxStreamScriptBytes = std::size_t{64} << 20;
// The longest line of a script: a longer one (a string literal of 32 MiB) is refused before the
// lexer, which needs about 30 bytes of memory and 400 ns per character of a token.
inline constexpr std::size_t kMaxScriptLineBytes = std::size_t{16}
                                                   << 20;  // as long as the longest string
// The file at `path` read as `use` allows (Script: as read_stream_from_disk; Include and
// Published: read_by_file_policy, runtime/plan/file_policy.h).
FileRead read_file_from_disk(const std::string& path, FileUse use);
// Reads a file, a pipe or a device to its end; nullopt when it cannot be read.
std::optional<std::string> read_stream_from_disk(const std::string& path);
// Why path cannot be read, for messages: "no such file or directory", "is a directory", ...
std::string read_failure_reason(const std::string& path);

// Owns every file of one script (the main file and its includes), in load order.
class SourceManager {
 public:
  explicit SourceManager(FileReader reader = read_file_from_disk) : reader_(std::move(reader)) {}
  // Loads a file; nullopt if the reader cannot read it (last_read() says why). Loading the same
  // path twice reuses it. A private file is marked so.
  std::optional<FileId> load(const std::string& path, FileUse use = FileUse::Script);
  // The outcome of the last load that read nothing (its text is empty).
  const FileRead& last_read() const { return last_read_; }
  FileId add(std::string name, std::string text);
  const SourceFile& file(FileId id) const { return *files_.at(id); }
  void set_private(FileId id) { files_.at(id)->set_private(); }
  std::size_t size() const { return files_.size(); }
  LineCol line_col(SourceLoc loc) const { return file(loc.file).line_col(loc.offset); }

 private:
  FileReader reader_;
  FileRead last_read_;
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace metron
