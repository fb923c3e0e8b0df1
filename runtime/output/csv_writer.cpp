// CSV writing (see csv_writer.h).
#include "runtime/output/csv_writer.h"

#include "runtime/output/safe_open.h"
#include "runtime/plan/diagnostics.h"

#include <fmt/format.h>
#include <stdio_ext.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

namespace metron::out {

CsvWriter::~CsvWriter() {
  if (f_) std::fclose(f_);
}

bool CsvWriter::open(const std::string& path, bool append) {
  path_ = path;
  f_ = fopen_no_follow(path, append);
  if (!f_) return false;
  if (append && std::fseek(f_, 0, SEEK_END) == 0) committed_ = ftello(f_);
  return true;
}

void CsvWriter::header(const std::vector<std::string>& names) {
  for (const auto& n : names) field(n);
  end_row();
}

CsvWriter& CsvWriter::field(std::string_view s) {
  if (!first_) row_.push_back(',');
  first_ = false;
  if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
    row_.append(s);
  } else {
    row_.push_back('"');
    for (char c : s) {
      if (c == '"') row_.push_back('"');
      row_.push_back(c);
    }
    row_.push_back('"');
  }
  return *this;
}

std::string csv_double(double v) {
  if (std::isnan(v)) return "";
  return fmt::format("{}", v);
}

CsvWriter& CsvWriter::field(double v) {
  return field(std::string_view(csv_double(v)));
}

CsvWriter& CsvWriter::field(std::int64_t v) {
  return field(std::string_view(std::to_string(v)));
}

void CsvWriter::end_row() {
  row_.push_back('\n');
  if (f_ && std::fwrite(row_.data(), 1, row_.size(), f_) != row_.size() && errno_ == 0)
    errno_ = errno != 0 ? errno : EIO;
  row_.clear();
  first_ = true;
}

void CsvWriter::flush(bool sync) {
  if (!f_) return;
  errno = 0;
  if (std::fflush(f_) != 0 && errno_ == 0) errno_ = errno != 0 ? errno : EIO;
  // A pipe or a device (compare --csv /dev/stdout) cannot be synced, and need not be.
  if (sync && errno_ == 0 && fsync(fileno(f_)) != 0 && errno != EINVAL && errno != EROFS &&
      errno != ENOTSUP)
    errno_ = errno;
}

bool CsvWriter::commit() {
  if (!f_ || errno_ != 0) return false;
  committed_ = ftello(f_);
  return true;
}

std::string CsvWriter::error() const {
  return errno_ == 0 ? std::string() : std::string(std::strerror(errno_));
}

bool CsvWriter::close(std::string& error) {
  flush();
  if (f_ && std::fclose(f_) != 0 && errno_ == 0) errno_ = errno != 0 ? errno : EIO;
  f_ = nullptr;
  if (ok()) return true;
  error = message_text(DiagId::cannot_write_file_why, path_, this->error());
  return false;
}

bool CsvWriter::rollback() {
  if (!f_) return false;
  __fpurge(f_);  // what stdio still buffers belongs to the rows being dropped
  return ::ftruncate(fileno(f_), committed_) == 0 && std::fseek(f_, 0, SEEK_END) == 0;
}

}  // namespace metron::out
