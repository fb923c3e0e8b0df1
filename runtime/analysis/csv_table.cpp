// CSV reading (see csv_table.h).
#include "runtime/analysis/csv_table.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <limits>

#include "runtime/plan/diagnostics.h"
#include "runtime/plan/regular_file.h"
#include "runtime/plan/source.h"

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

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = utf8_char_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

}  // namespace

CsvReader::~CsvReader() {
  if (f_) std::fclose(f_);
}

bool CsvReader::fail(std::string error) {
  error_ = std::move(error);
  return false;
}

bool CsvReader::open(const std::string& path) {
  path_ = path;
  std::string why;
  const int fd = open_regular_file(path, why);
  if (fd < 0) return fail(message_text(DiagId::cannot_read_file_why, path, why));
  f_ = ::fdopen(fd, "r");
  if (!f_) {
    ::close(fd);
    return fail(message_text(DiagId::cannot_read_file_why, path, errno_text(errno)));
  }
  if (!read_record(header_)) {
    if (error_.empty()) fail(message_text(DiagId::csv_no_header, path));
    return false;
  }
  for (std::size_t i = 0; i < header_.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (header_[i] == header_[k])
        return fail(message_text(DiagId::csv_duplicate_column, path, header_[i]));
  return true;
}

std::optional<std::size_t> CsvReader::column(const std::string& name) const {
  for (std::size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  return std::nullopt;
}

// One physical line without its newline; false at the end of the file (nothing read) or on
// damage. `ended`: the line ended with a newline.
bool CsvReader::read_line(std::string& line, bool& ended) {
  line.clear();
  ended = false;
  const std::size_t at = line_ + 1;
  for (int c; (c = getc_unlocked(f_)) != EOF;) {
    ++bytes_;
    if (c == '\n') {
      ended = true;
      break;
    }
    if (c == '\0') return fail(message_text(DiagId::csv_nul_byte, path_, at));
    if (line.size() + raw_.size() >= kMaxCsvRecordBytes)
      return fail(message_text(DiagId::csv_line_too_long, path_, at, kMaxCsvRecordBytes >> 20));
    line.push_back(static_cast<char>(c));
  }
  if (std::ferror(f_)) return fail(message_text(DiagId::cannot_read_file_why, path_, errno_text(EIO)));
  if (!ended && line.empty()) return false;
  if (!valid_utf8(line)) return fail(message_text(DiagId::csv_not_utf8, path_, at));
  return true;
}

bool CsvReader::read_record(std::vector<std::string>& fields) {
  std::string line;
  raw_.clear();
  for (;;) {
    bool ended = false;
    if (!read_line(line, ended)) {
      if (!error_.empty()) return false;
      // A file cut inside a quoted field (a killed writer, a copy cut short).
      if (!raw_.empty()) return fail(message_text(DiagId::csv_unclosed_quote, path_, record_line_));
      return false;
    }
    ++line_;
    // Metron ends every row with a newline: a last line without one was cut mid-row, and its
    // last cell may be a number cut short (7.26000052964082e-0).
    if (!ended) return fail(message_text(DiagId::csv_cut_short, path_, line_));
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
  if (!f_ || !error_.empty() || !read_record(fields)) return false;
  if (fields.size() != header_.size())
    return fail(message_text(DiagId::csv_row_fields, path_, record_line_, fields.size(),
                             header_.size()));
  return true;
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

std::optional<CsvTable> read_csv_table(const std::string& path, std::string& error) {
  CsvReader r;
  if (!r.open(path)) {
    error = r.error();
    return std::nullopt;
  }
  CsvTable t;
  t.header = r.header();
  std::vector<std::string> fields;
  while (r.next(fields)) {
    if (r.bytes_read() > kMaxCsvTableBytes) {
      error = message_text(DiagId::cannot_read_file_why, path,
                           message_text(DiagId::file_too_large, kMaxCsvTableBytes >> 20));
      return std::nullopt;
    }
    t.rows.push_back(fields);
    t.lines.push_back(r.record_line());
  }
  if (!r.error().empty()) {
    error = r.error();
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

std::optional<std::int64_t> cell_integer(const std::string& cell) {
  std::int64_t v = 0;
  const char* b = cell.data();
  const char* e = b + cell.size();
  if (b == e) return std::nullopt;
  auto [p, ec] = std::from_chars(b, e, v);
  if (ec != std::errc() || p != e) return std::nullopt;
  return v;
}

}  // namespace metron::analysis
