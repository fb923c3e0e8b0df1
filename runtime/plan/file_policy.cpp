// The file-reading policy of include and published (see file_policy.h).
#include "runtime/plan/file_policy.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/regular_file.h"

namespace metron {

FileRead read_by_file_policy(const std::string& path, FileUse use) {
  FileRead r;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    r.why = errno_text(errno);
    return r;
  }
  if (S_ISDIR(st.st_mode)) {
    r.why = message_text(DiagId::read_is_directory);
    return r;
  }
  r.refused = true;
  if (!S_ISREG(st.st_mode)) {  // not even opened: opening a device can act on it
    r.why = message_text(DiagId::file_not_regular);
    return r;
  }
  std::string why;
  const int fd = open_regular_file(path, why);  // checks again on the file it opened
  if (fd < 0 || ::fstat(fd, &st) != 0) {
    if (fd >= 0) ::close(fd);
    r.why = why.empty() ? errno_text(errno) : why;
    return r;
  }
  const bool others_read = (st.st_mode & S_IROTH) != 0;
  if (!others_read && (st.st_uid != ::geteuid() || use == FileUse::Published)) {
    ::close(fd);
    r.why = message_text(st.st_uid != ::geteuid() ? DiagId::read_private_not_owned
                                                  : DiagId::read_private_published);
    return r;
  }
  r.text = read_open_file(
      fd, use == FileUse::Published ? kMaxPublishedBytes : kMaxStreamScriptBytes, r.why);
  r.refused = !r.text;
  r.is_private = r.text && !others_read;
  return r;
}

}  // namespace metron
