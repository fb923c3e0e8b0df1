// Source files, line tables and the file reader.
#include "interpreter/source.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

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

std::optional<std::string> read_file_from_disk(const std::string& path) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec || std::filesystem::is_directory(status)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  if (std::filesystem::is_regular_file(status)) {
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return ss.str();
  }
  // A pipe (`metron exec <(...)`, /dev/stdin) or a device: read to the end, but not forever
  // (/dev/zero never ends).
  std::string text;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxStreamScriptBytes) return std::nullopt;
  }
  if (in.bad()) return std::nullopt;
  return text;
}

std::string read_failure_reason(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    std::string r = std::strerror(errno);
    if (!r.empty()) r[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(r[0])));
    return r;
  }
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (::access(path.c_str(), R_OK) != 0) return "permission denied";
  if (!S_ISREG(st.st_mode)) return "a stream longer than 64 MiB, or unreadable";
  return "cannot be read";
}

std::optional<FileId> SourceManager::load(const std::string& path) {
  for (FileId i = 0; i < files_.size(); ++i)
    if (files_[i]->name() == path) return i;
  auto text = reader_(path);
  if (!text) return std::nullopt;
  return add(path, std::move(*text));
}

FileId SourceManager::add(std::string name, std::string text) {
  files_.push_back(std::make_unique<SourceFile>(std::move(name), std::move(text)));
  return static_cast<FileId>(files_.size() - 1);
}

}  // namespace metron
