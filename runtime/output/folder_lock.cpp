// lock_results_folder (see folder_lock.h).
#include "runtime/output/folder_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

namespace metron::out {

bool lock_results_folder(const std::string& dir, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = dir + "/" + kFolderLockName;
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    error = "cannot open the lock file '" + path + "': " + std::strerror(errno);
    return false;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int e = errno;
    char buf[512] = {};
    ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    ::close(fd);
    // A file system without locks (some network mounts): writing unlocked beats not writing.
    if (e == ENOLCK || e == EOPNOTSUPP || e == ENOSYS) return true;
    if (e != EWOULDBLOCK) {
      error = "cannot lock '" + path + "': " + std::strerror(e);
      return false;
    }
    std::string holder = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    std::string pid = holder.substr(0, holder.find(' '));
    std::string host =
        holder.find(' ') == std::string::npos ? "" : holder.substr(holder.find(' ') + 1);
    error = "results folder '" + dir + "' is in use by " +
            (pid.empty() ? std::string("another process")
                         : "pid " + pid + (host.empty() ? "" : " on host '" + host + "'")) +
            " (one writer per folder)";
    return false;
  }
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const std::string text = std::to_string(::getpid()) + " " + host + "\n";
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
    // The lock holds even so; only the holder's name in a refusal would be missing.
  }
  return true;  // fd stays open: the lock lasts as long as this process
}

}  // namespace metron::out
