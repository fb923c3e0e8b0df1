// A CSV file written row by row and flushed per job, so an interrupted run keeps what it wrote.
// Fields are quoted when needed (RFC 4180); doubles use the shortest round-trip form.
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
  void flush();  // fflush + fsync: the rows survive a kill of the process

 private:
  std::FILE* f_ = nullptr;
  std::string row_;
  bool first_ = true;
};

std::string csv_double(double v);  // "" for NaN, shortest round-trip otherwise

}  // namespace metron::out
