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

// Reads a file by path; returns nullopt when it cannot be read. Rank 0 reads from disk, the other
// ranks from the bundle rank 0 broadcast, so every rank sees the same bytes.
using FileReader = std::function<std::optional<std::string>(const std::string& path)>;
// Reads a file, a pipe or a device to its end (a directory is not readable here, though
// std::ifstream opens one). A stream is cut off at kMaxStreamScriptBytes: nullopt beyond.
inline constexpr std::size_t kMaxStreamScriptBytes = std::size_t{64} << 20;
// The longest line of a script: a longer one (a string literal of 32 MiB) is refused before the
// lexer, which needs about 30 bytes of memory and 400 ns per character of a token.
inline constexpr std::size_t kMaxScriptLineBytes = std::size_t{16} << 20;  // as long as the longest string
std::optional<std::string> read_file_from_disk(const std::string& path);
// Why path cannot be read, for messages: "no such file or directory", "is a directory", ...
// Asks the file system, so for a reader that is not the disk it may only say "cannot be read".
std::string read_failure_reason(const std::string& path);
// Whether `path` is a file on disk that others may not read (no read bit for "other").
bool private_on_disk(const std::string& path);

// Owns every file of one script (the main file and its includes), in load order.
class SourceManager {
 public:
  explicit SourceManager(FileReader reader = read_file_from_disk) : reader_(std::move(reader)) {}
  // Loads a file; nullopt if the reader cannot read it. Loading the same path twice reuses it.
  std::optional<FileId> load(const std::string& path);
  FileId add(std::string name, std::string text);
  const SourceFile& file(FileId id) const { return *files_.at(id); }
  void set_private(FileId id) { files_.at(id)->set_private(); }
  std::size_t size() const { return files_.size(); }
  LineCol line_col(SourceLoc loc) const { return file(loc.file).line_col(loc.offset); }

 private:
  FileReader reader_;
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace metron
