// Bounded reading of regular files (see regular_file.h).
#include "runtime/plan/regular_file.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "runtime/plan/diagnostics.h"

namespace metron {

std::string errno_text(int e) {
  std::string r = std::strerror(e);
  if (!r.empty()) r[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(r[0])));
  return r;
}

int rename_no_replace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL) return errno;
  // A file system without RENAME_NOREPLACE: look first (a race with another writer remains).
  struct stat st {};
  if (::lstat(to.c_str(), &st) == 0) return EEXIST;
  return ::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

int open_regular_file(const std::string& path, std::string& why) {
  // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = errno_text(errno);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = S_ISDIR(st.st_mode) ? errno_text(EISDIR) : message_text(DiagId::file_not_regular);
    ::close(fd);
    return -1;
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

std::optional<std::string> read_regular_file(const std::string& path, std::size_t max_bytes,
                                             std::string& why) {
  const int fd = open_regular_file(path, why);
  if (fd < 0) return std::nullopt;
  return read_open_file(fd, max_bytes, why);
}

std::optional<std::string> read_open_file(int fd, std::size_t max_bytes, std::string& why) {
  // Refused by its size first, so that a huge (or sparse) file is not read in vain; the loop's
  // bound still holds for a file that grows while it is read.
  struct stat st {};
  if (::fstat(fd, &st) == 0 && static_cast<std::uintmax_t>(st.st_size) > max_bytes) {
    why = message_text(DiagId::file_too_large, max_bytes >> 20);
    ::close(fd);
    return std::nullopt;
  }
  std::string text;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      why = errno_text(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) {
      why = message_text(DiagId::file_too_large, max_bytes >> 20);
      ::close(fd);
      return std::nullopt;
    }
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

}  // namespace metron
