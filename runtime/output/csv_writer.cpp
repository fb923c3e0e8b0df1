// CSV writing (see csv_writer.h).
#include "runtime/output/csv_writer.h"

#include "runtime/output/safe_open.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>

namespace metron::out {

CsvWriter::~CsvWriter() {
  if (f_) std::fclose(f_);
}

bool CsvWriter::open(const std::string& path, bool append) {
  f_ = fopen_no_follow(path, append);
  return f_ != nullptr;
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
  if (f_) std::fwrite(row_.data(), 1, row_.size(), f_);
  row_.clear();
  first_ = true;
}

void CsvWriter::flush() {
  if (!f_) return;
  std::fflush(f_);
  fsync(fileno(f_));
}

}  // namespace metron::out
