// Reading the CSV files Metron writes (RFC 4180: quoted fields may hold commas, quotes, newlines),
// record by record so that a large raw.csv is never held in memory. No MPI.
#pragma once

#include <cstddef>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace metron::analysis {

class CsvReader {
 public:
  // Opens the file and reads the header; false if it cannot be read or has no header.
  bool open(const std::string& path);
  const std::vector<std::string>& header() const { return header_; }
  // Index of a column, or nullopt.
  std::optional<std::size_t> column(const std::string& name) const;
  // Next record into `fields` (resized to the record's length); false at the end of the file.
  bool next(std::vector<std::string>& fields);
  // The record's raw text as read (without the final newline), for copying rows unchanged.
  const std::string& raw_record() const { return raw_; }
  // The 1-based physical line on which the last record read began.
  std::size_t record_line() const { return record_line_; }
  // After next() returned false: the line where a quoted field was still open at the end of the
  // file (0: the file ended cleanly). Metron drops such a record when merging a killed launch.
  std::size_t unclosed_quote_line() const { return unclosed_quote_line_; }

 private:
  bool read_record(std::vector<std::string>& fields);
  std::ifstream in_;
  std::vector<std::string> header_;
  std::string raw_;
  std::size_t line_ = 0;  // physical lines read so far
  std::size_t record_line_ = 0;
  std::size_t unclosed_quote_line_ = 0;
};

// A whole CSV file in memory (summary.csv and analysis.csv are small: one row per job and launch).
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> lines;  // physical line of each row in the file (1 is the header)
  std::optional<std::size_t> column(const std::string& name) const;
  // The cell, or "" where the row is short or the column is missing.
  const std::string& cell(std::size_t row, const std::string& name) const;
};

std::optional<CsvTable> read_csv_table(const std::string& path);

// The same, for input that must be whole (analyze, compare, replay): a row whose field count
// differs from the header's or a quoted field left open at the end is an error naming the file
// and line.
std::optional<CsvTable> read_csv_table_strict(const std::string& path, std::string& error);

// Parses one CSV line (no embedded newlines) into fields; for tests and small inputs.
std::vector<std::string> split_csv_line(const std::string& line);

// A cell as a double: NaN for an empty or malformed cell.
double cell_double(const std::string& cell);

}  // namespace metron::analysis
