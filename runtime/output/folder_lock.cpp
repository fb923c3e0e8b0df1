// lock_results_folder (see folder_lock.h).
#include "runtime/output/folder_lock.h"
#include "runtime/plan/diagnostics.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace metron::out {

namespace {

// The lock files this process holds, removed when it ends normally: a finished folder keeps no
// .metron.lock. Each is unlinked while still locked, so a writer waiting on it finds that its
// file is gone (lock_results_folder checks) and locks a new one.
struct HeldLocks {
  std::set<std::string> folders;                   // canonical paths of the folders
  std::vector<std::pair<std::string, int>> files;  // lock file path, descriptor
  ~HeldLocks() {
    for (const auto& [path, fd] : files) {
      ::unlink(path.c_str());
      ::close(fd);
    }
  }
};

HeldLocks& held_here() {
  static HeldLocks held;
  return held;
}

// Whether `path` still names the file open as `fd` (a holder may have unlinked it meanwhile).
bool still_linked(const std::string& path, int fd) {
  struct stat a {};
  struct stat b {};
  return ::fstat(fd, &a) == 0 && ::lstat(path.c_str(), &b) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

FolderLock try_lock(const std::string& dir, const std::string& path, int& fd_out,
                    std::string& error) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    error = message_text(DiagId::cannot_open_lock, path, std::strerror(errno));
    return FolderLock::Failed;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int e = errno;
    char buf[512] = {};
    ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    ::close(fd);
    // A file system without locks (some network mounts): writing unlocked beats not writing.
    if (e == ENOLCK || e == EOPNOTSUPP || e == ENOSYS) return FolderLock::Locked;
    if (e != EWOULDBLOCK) {
      error = message_text(DiagId::cannot_lock, path, std::strerror(e));
      return FolderLock::Failed;
    }
    std::string holder = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    std::string pid = holder.substr(0, holder.find(' '));
    std::string host =
        holder.find(' ') == std::string::npos ? "" : holder.substr(holder.find(' ') + 1);
    error = pid.empty()    ? message_text(DiagId::folder_in_use, dir)
            : host.empty() ? message_text(DiagId::folder_in_use_by, dir, pid)
                           : message_text(DiagId::folder_in_use_by_host, dir, pid, host);
    return FolderLock::InUse;
  }
  fd_out = fd;
  return FolderLock::Locked;
}

}  // namespace

FolderLock lock_results_folder(const std::string& dir, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    error = message_text(DiagId::cannot_create_folder, dir, ec.message());
    return FolderLock::Failed;
  }
  // flock conflicts between two descriptors of one process too: remember our own folders.
  const std::string key = std::filesystem::weakly_canonical(dir, ec).string();
  if (held_here().folders.count(key)) return FolderLock::Locked;
  const std::string path = dir + "/" + kFolderLockName;
  // A lock file unlinked by its ending holder between our open and flock is locked again anew.
  for (int attempt = 0;; ++attempt) {
    int fd = -1;
    const FolderLock got = try_lock(dir, path, fd, error);
    if (got != FolderLock::Locked || fd < 0) return got;
    if (!still_linked(path, fd) && attempt < 8) {
      ::close(fd);
      continue;
    }
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    const std::string text = std::to_string(::getpid()) + " " + host + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
      // The lock holds even so; only the holder's name in a refusal would be missing.
    }
    held_here().folders.insert(key);
    held_here().files.emplace_back(path, fd);  // the lock lasts as long as this process
    return FolderLock::Locked;
  }
}

}  // namespace metron::out
