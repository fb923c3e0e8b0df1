// Reading the CSV files Metron writes (RFC 4180: quoted fields may hold commas, quotes, newlines),
// record by record so that a large raw.csv is never held in memory. One strict reader for every
// file of a results folder, merged or of one launch: a file that is not what Metron writes
// (another field count, a quote never closed, a last row cut short, a NUL byte, bytes that are
// not UTF-8, a line of megabytes, a FIFO or a device in place of the file) is an error naming
// the file and the line, never rows dropped, padded or shifted. No MPI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace metron::analysis {

// The longest record read: Metron's longest rows (summary.csv with its noise text) are a few KiB.
inline constexpr std::size_t kMaxCsvRecordBytes = std::size_t{1} << 20;
// The largest file read whole into a CsvTable (summary.csv, analysis.csv, comparisons).
inline constexpr std::size_t kMaxCsvTableBytes = std::size_t{1} << 30;

class CsvReader {
 public:
  CsvReader() = default;
  ~CsvReader();
  CsvReader(const CsvReader&) = delete;
  CsvReader& operator=(const CsvReader&) = delete;

  // Opens the file (a regular file: links are followed, FIFOs and devices refused) and reads the
  // header; false with error() set if it cannot be read, has no header or names a column twice.
  bool open(const std::string& path);
  const std::vector<std::string>& header() const { return header_; }
  // Index of a column, or nullopt.
  std::optional<std::size_t> column(const std::string& name) const;
  // Next record into `fields` (as many as the header has); false at the end of the file, or at
  // damage: then error() says what and where ("FILE:LINE: ...").
  bool next(std::vector<std::string>& fields);
  // "" while the file reads cleanly (and after a clean end).
  const std::string& error() const { return error_; }
  // The 1-based physical line on which the last record read began.
  std::size_t record_line() const { return record_line_; }
  // Bytes read so far (for the bound on a whole table).
  std::size_t bytes_read() const { return bytes_; }

 private:
  bool read_line(std::string& line, bool& ended);
  bool read_record(std::vector<std::string>& fields);
  bool fail(std::string error);
  std::FILE* f_ = nullptr;
  std::string path_;
  std::vector<std::string> header_;
  std::string raw_;
  std::string error_;
  std::size_t line_ = 0;  // physical lines read so far
  std::size_t record_line_ = 0;
  std::size_t bytes_ = 0;
};

// A whole CSV file in memory (summary.csv and analysis.csv are small: one row per job and launch).
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> lines;  // physical line of each row in the file (1 is the header)
  std::optional<std::size_t> column(const std::string& name) const;
  // The cell, or "" where the column is missing.
  const std::string& cell(std::size_t row, const std::string& name) const;
};

// Reads a whole file with CsvReader's checks (and at most kMaxCsvTableBytes); nullopt with
// `error` set ("cannot read 'FILE': ...", or the damage and its line).
std::optional<CsvTable> read_csv_table(const std::string& path, std::string& error);

// Parses one CSV line (no embedded newlines) into fields; for tests and small inputs.
std::vector<std::string> split_csv_line(const std::string& line);

// A cell as a double: NaN for an empty or malformed cell.
double cell_double(const std::string& cell);
// A cell as a whole number written in decimal digits (what Metron writes for counts and ids):
// nullopt for anything else ("1.0", "1e3", "", a number beyond 64 bits).
std::optional<std::int64_t> cell_integer(const std::string& cell);

}  // namespace metron::analysis
