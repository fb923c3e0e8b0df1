// A CSV file written row by row and flushed per job, so an interrupted run keeps what it wrote.
// Fields are quoted when needed (RFC 4180); doubles use the shortest round-trip form. A write
// that fails (a full disk, a quota) is remembered, never ignored: the caller asks ok() after a
// flush and can cut the file back to its last flushed row (rollback), so that the file never
// ends in the middle of a row.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace metron::out {

class CsvWriter {
 public:
  CsvWriter() = default;
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  // Opens for writing (truncates), or for appending when `append` and the file exists.
  bool open(const std::string& path, bool append = false);
  bool is_open() const { return f_ != nullptr; }
  void header(const std::vector<std::string>& names);

  CsvWriter& field(std::string_view s);
  CsvWriter& field(double v);
  CsvWriter& field(std::int64_t v);
  CsvWriter& field(int v) { return field(static_cast<std::int64_t>(v)); }
  CsvWriter& field(bool v) { return field(static_cast<std::int64_t>(v ? 1 : 0)); }
  void end_row();
  // fflush: the rows survive a kill of the process; and fsync with `sync`: a crash of the
  // machine too.
  void flush(bool sync = true);

  // False once a write, flush or sync failed; error() says why ("no space left on device").
  bool ok() const { return errno_ == 0; }
  std::string error() const;
  // The file's rows so far are kept: rollback() cuts back to here. False (and nothing kept) if a
  // write since open failed.
  bool commit();
  // Drops what was written since the last commit() (or open), so that the file ends with whole
  // rows of whole jobs. False if even that fails.
  bool rollback();
  const std::string& path() const { return path_; }
  // Flushes and closes the file; false with `error` set ("cannot write 'PATH': why") if any
  // write since open failed.
  bool close(std::string& error);

 private:
  std::FILE* f_ = nullptr;
  std::string path_;
  std::string row_;
  bool first_ = true;
  int errno_ = 0;            // the first failure's errno; 0: none
  long long committed_ = 0;  // the file's length at the last commit()
};

std::string csv_double(double v);  // "" for NaN, shortest round-trip otherwise

}  // namespace metron::out
