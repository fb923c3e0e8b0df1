// Source files, line tables and the file reader.
#include "runtime/plan/source.h"

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/file_policy.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace metron {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (std::uint32_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

LineCol SourceFile::line_col(std::uint32_t offset) const {
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  std::uint32_t line = static_cast<std::uint32_t>(it - line_starts_.begin());
  return {line, offset - line_starts_[line - 1] + 1};
}

std::string_view SourceFile::line_text(std::uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  std::uint32_t b = line_starts_[line - 1];
  std::uint32_t e = line < line_starts_.size() ? line_starts_[line] : text_.size();
  std::string_view v(text_.data() + b, e - b);
  while (!v.empty() && (v.back() == '\n' || v.back() == '\r')) v.remove_suffix(1);
  return v;
}

std::size_t utf8_char_length(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  auto cont = [&](std::size_t k) { return i + k < s.size() && (at(k) & 0xc0) == 0x80; };
  unsigned char c = at(0);
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xe0 && at(1) < 0xa0) return 0;   // overlong
    if (c == 0xed && at(1) >= 0xa0) return 0;  // UTF-16 surrogates
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xf0 && at(1) < 0x90) return 0;   // overlong
    if (c == 0xf4 && at(1) >= 0x90) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

namespace {
// Reads the whole file with read(2) so that an I/O error (EIO from /proc/self/mem, a vanished
// NFS file) is an error rather than an empty script. Returns errno (or EFBIG) on failure.
// A FIFO with a name in the file system: nobody may ever open it for writing, and a reader
// would wait for one forever. A pipe of the shell (<(...), /dev/stdin) has no such name.
bool named_fifo(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::canonical(path, ec);
  return !ec && std::filesystem::is_fifo(std::filesystem::symlink_status(real, ec)) && !ec;
}

int read_all(const std::string& path, std::string& out) {
  if (named_fifo(path)) return ENXIO;
  // O_NONBLOCK for the open only: a FIFO made between the check and here does not block it.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno;
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      ::close(fd);
      return e;
    }
    if (n == 0) break;
    if (out.size() + static_cast<std::size_t>(n) > kMaxStreamScriptBytes) {
      ::close(fd);
      return EFBIG;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return 0;
}

std::string lower_strerror(int e) {
  std::string r = std::strerror(e);
  if (!r.empty()) r[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(r[0])));
  return r;
}
}  // namespace

std::optional<std::string> read_stream_from_disk(const std::string& path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec || std::filesystem::is_directory(status)) return std::nullopt;
  // Regular files, pipes (`metron exec <(...)`, /dev/stdin) and devices alike; read_all stops
  // at kMaxStreamScriptBytes (/dev/zero never ends) and fails on EIO (/proc/self/mem).
  std::string text;
  if (read_all(path, text) != 0) return std::nullopt;
  return text;
}

std::string read_failure_reason(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return lower_strerror(errno);
  if (S_ISDIR(st.st_mode)) return message_text(DiagId::read_is_directory);
  if (named_fifo(path)) return message_text(DiagId::read_named_pipe);
  if (::access(path.c_str(), R_OK) != 0) return message_text(DiagId::read_permission_denied);
  if (!S_ISREG(st.st_mode)) return message_text(DiagId::read_stream_unreadable);
  std::string ignored;  // a regular file can be read again to learn why it failed
  int e = read_all(path, ignored);
  if (e == EFBIG) return message_text(DiagId::read_too_large, kMaxStreamScriptBytes >> 20);
  if (e != 0) return lower_strerror(e);
  return message_text(DiagId::read_failed);
}

FileRead read_file_from_disk(const std::string& path, FileUse use) {
  if (use != FileUse::Script) return read_by_file_policy(path, use);
  FileRead r;
  r.text = read_stream_from_disk(path);
  if (!r.text) r.why = read_failure_reason(path);
  return r;
}

std::optional<FileId> SourceManager::load(const std::string& path, FileUse use) {
  for (FileId i = 0; i < files_.size(); ++i)
    if (files_[i]->name() == path) return i;
  FileRead r = reader_(path, use);
  if (!r.text) {
    last_read_ = std::move(r);
    return std::nullopt;
  }
  const FileId id = add(path, std::move(*r.text));
  if (r.is_private) set_private(id);
  return id;
}

FileId SourceManager::add(std::string name, std::string text) {
  files_.push_back(std::make_unique<SourceFile>(std::move(name), std::move(text)));
  return static_cast<FileId>(files_.size() - 1);
}

}  // namespace metron
