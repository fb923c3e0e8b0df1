// CSV reading (see csv_table.h).
#include "runtime/analysis/csv_table.h"
#include "runtime/plan/diagnostics.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace metron::analysis {

namespace {

// Parses `text` (one record, possibly several physical lines) into fields. Returns false when a
// quoted field is still open at the end of `text`: the caller appends the next line and retries.
bool parse_record(const std::string& text, std::vector<std::string>& fields) {
  fields.clear();
  std::string cur;
  bool quoted = false;
  bool any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    any = true;
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          cur.push_back('"');
          ++i;
        } else {
          quoted = false;
        }
      } else {
        cur.push_back(c);
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(std::move(cur));
      cur.clear();
    } else if (c != '\r') {
      cur.push_back(c);
    }
  }
  if (quoted) return false;
  if (any || !fields.empty()) fields.push_back(std::move(cur));
  return true;
}

}  // namespace

bool CsvReader::open(const std::string& path) {
  in_.open(path);
  if (!in_) return false;
  return read_record(header_) && !header_.empty();
}

std::optional<std::size_t> CsvReader::column(const std::string& name) const {
  for (std::size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  return std::nullopt;
}

bool CsvReader::read_record(std::vector<std::string>& fields) {
  std::string line;
  raw_.clear();
  while (true) {
    if (!std::getline(in_, line)) {
      // A file cut inside a quoted field (a killed writer): drop the partial record.
      if (!raw_.empty()) unclosed_quote_line_ = record_line_;
      return false;
    }
    ++line_;
    if (raw_.empty()) record_line_ = line_;
    if (!raw_.empty() || !line.empty()) {
      if (!raw_.empty()) raw_.push_back('\n');
      raw_ += line;
    }
    if (raw_.empty()) continue;  // skip blank lines
    if (parse_record(raw_, fields)) return true;
  }
}

bool CsvReader::next(std::vector<std::string>& fields) {
  return read_record(fields);
}

std::optional<std::size_t> CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  return std::nullopt;
}

const std::string& CsvTable::cell(std::size_t row, const std::string& name) const {
  static const std::string kEmpty;
  auto c = column(name);
  if (!c || row >= rows.size() || *c >= rows[row].size()) return kEmpty;
  return rows[row][*c];
}

std::optional<CsvTable> read_csv_table(const std::string& path) {
  CsvReader r;
  if (!r.open(path)) return std::nullopt;
  CsvTable t;
  t.header = r.header();
  std::vector<std::string> fields;
  while (r.next(fields)) {
    t.rows.push_back(fields);
    t.lines.push_back(r.record_line());
  }
  return t;
}

std::optional<CsvTable> read_csv_table_strict(const std::string& path, std::string& error) {
  CsvReader r;
  if (!r.open(path)) {
    error = message_text(DiagId::cannot_read_file, path);
    return std::nullopt;
  }
  CsvTable t;
  t.header = r.header();
  std::vector<std::string> fields;
  while (r.next(fields)) {
    if (fields.size() != t.header.size()) {
      error = message_text(DiagId::csv_row_fields, path, r.record_line(), fields.size(),
                           t.header.size());
      return std::nullopt;
    }
    t.rows.push_back(fields);
    t.lines.push_back(r.record_line());
  }
  if (r.unclosed_quote_line() != 0) {
    error = message_text(DiagId::csv_unclosed_quote, path, r.unclosed_quote_line());
    return std::nullopt;
  }
  return t;
}

std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields;
  if (!parse_record(line, fields)) fields.clear();
  return fields;
}

double cell_double(const std::string& cell) {
  double v = std::numeric_limits<double>::quiet_NaN();
  if (cell.empty()) return v;
  const char* b = cell.data();
  const char* e = b + cell.size();
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec != std::errc() || p != e) return std::numeric_limits<double>::quiet_NaN();
  return v;
}

}  // namespace metron::analysis
