// JSON files (see json_file.h).
#include "runtime/output/json_file.h"

#include "runtime/output/safe_open.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/json_depth.h"
#include "runtime/plan/regular_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>

namespace metron::out {

namespace fs = std::filesystem;

std::optional<nlohmann::json> read_json_file(const fs::path& path) {
  std::string why;
  return read_json_file(path, why);
}

std::optional<nlohmann::json> read_json_file(const fs::path& path, std::string& why) {
  auto text = read_regular_file(path.string(), kMaxJsonFileBytes, why);
  if (!text) return std::nullopt;
  if (!json_depth_within(*text)) {  // checked first: the parser would take seconds and gigabytes
    why = message_text(DiagId::json_too_deep, kMaxJsonDepth);
    return std::nullopt;
  }
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::exception& e) {
    why = message_text(DiagId::json_not_parsed, e.what());
    return std::nullopt;
  }
}

bool write_json_file(const fs::path& path, const nlohmann::json& j) {
  return write_json_text(path, j.dump(2) + "\n");
}

bool write_json_text(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.parent_path() / ("." + path.filename().string() + ".tmp");
  std::error_code ec;
  {
    // The temporary file is opened without following a link; rename() then replaces the
    // destination's directory entry, so a link planted there is replaced, not written through.
    std::FILE* f = fopen_no_follow(tmp.string(), false);
    if (!f) return false;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = std::fflush(f) == 0 && ok;
    ok = std::fclose(f) == 0 && ok;
    if (!ok) {
      const int e = errno;
      fs::remove(tmp, ec);  // a partial copy on a full disk holds the space the next write needs
      errno = e;            // the caller's message says why the write failed
      return false;
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) errno = ec.value();
  return !ec;
}

bool write_json_in_place(const fs::path& path, const nlohmann::json& j) {
  const std::string text = j.dump() + "\n";
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  const off_t old_size = ::lseek(fd, 0, SEEK_END);
  bool ok = old_size >= 0 && static_cast<std::size_t>(old_size) >= text.size() &&
            ::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size()) &&
            ::ftruncate(fd, static_cast<off_t>(text.size())) == 0;
  ok = ::fsync(fd) == 0 && ok;
  return ::close(fd) == 0 && ok;
}

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace metron::out
