// Results files opened without following symbolic links (see safe_open.h).
#include "runtime/output/safe_open.h"
#include "runtime/plan/diagnostics.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <filesystem>

namespace metron::out {

namespace {
constexpr std::array<const char*, 7> kResultFiles = {"manifest.json",
                                                     "raw.csv",
                                                     "summary.csv",
                                                     "raw_ranks.csv",
                                                     "raw_attempts.csv",
                                                     "results.sko",
                                                     ".manifest.json.interrupted"};
}

std::FILE* fopen_no_follow(const std::string& path, bool append) {
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return nullptr;
  std::FILE* f = ::fdopen(fd, append ? "a" : "w");
  if (!f) ::close(fd);
  return f;
}

bool folder_holds_results(const std::string& dir, std::string& which) {
  namespace fs = std::filesystem;
  for (const char* name : kResultFiles) {
    std::error_code ec;
    if (fs::symlink_status(fs::path(dir) / name, ec).type() != fs::file_type::not_found && !ec) {
      which = name;
      return true;
    }
  }
  return false;
}

bool remove_results(const std::string& dir, std::string& error) {
  namespace fs = std::filesystem;
  for (const char* name : kResultFiles) {
    std::error_code ec;
    fs::remove(fs::path(dir) / name, ec);  // removes a link, not what it points to
    if (ec) {
      error = message_text(DiagId::cannot_remove, (fs::path(dir) / name).string(), ec.message());
      return false;
    }
  }
  return true;
}

}  // namespace metron::out
