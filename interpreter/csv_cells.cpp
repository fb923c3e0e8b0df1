// CSV cells with their places in the file (see csv_cells.h).
#include "interpreter/csv_cells.h"

namespace metron {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t';
}

bool line_end(char c) {
  return c == '\n' || c == '\r';
}

// Reads one cell from `pos` (after a comma or at a line's start); leaves `pos` at the comma or
// line end that follows it. False when the file is malformed (the error is set).
bool read_cell(std::string_view t, std::size_t& pos, CsvCell& cell, CsvCells& out) {
  while (pos < t.size() && blank(t[pos])) ++pos;
  cell.begin = static_cast<std::uint32_t>(pos);
  if (pos < t.size() && t[pos] == '"') {
    cell.quoted = true;
    const std::size_t open = pos++;
    for (;;) {
      if (pos >= t.size()) {
        out.error = CsvError::UnterminatedQuote;
        out.error_at = static_cast<std::uint32_t>(open);
        return false;
      }
      if (t[pos] == '"' && pos + 1 < t.size() && t[pos + 1] == '"') {
        cell.text += '"';
        cell.at.push_back(static_cast<std::uint32_t>(pos + 1));
        pos += 2;
      } else if (t[pos] == '"') {
        cell.at.push_back(static_cast<std::uint32_t>(pos));
        ++pos;
        break;
      } else {
        cell.text += t[pos];
        cell.at.push_back(static_cast<std::uint32_t>(pos));
        ++pos;
      }
    }
    cell.end = static_cast<std::uint32_t>(pos);
    while (pos < t.size() && blank(t[pos])) ++pos;
    if (pos < t.size() && t[pos] != ',' && !line_end(t[pos])) {
      out.error = CsvError::TextAfterQuote;
      out.error_at = static_cast<std::uint32_t>(pos);
      return false;
    }
    return true;
  }
  std::size_t last = pos;  // just after the last byte that is not blank
  while (pos < t.size() && t[pos] != ',' && !line_end(t[pos])) {
    if (!blank(t[pos])) last = pos + 1;
    ++pos;
  }
  for (std::size_t i = cell.begin; i < last; ++i) {
    cell.text += t[i];
    cell.at.push_back(static_cast<std::uint32_t>(i));
  }
  cell.at.push_back(static_cast<std::uint32_t>(last));
  cell.end = static_cast<std::uint32_t>(last);
  return true;
}

// Skips blank lines and comment lines; false at the end of the file.
bool next_line(std::string_view t, std::size_t& pos) {
  while (pos < t.size()) {
    std::size_t p = pos;
    while (p < t.size() && blank(t[p])) ++p;
    if (p < t.size() && !line_end(t[p]) && t[p] != '#') return true;
    while (p < t.size() && t[p] != '\n') ++p;
    pos = p < t.size() ? p + 1 : p;
  }
  return false;
}

}  // namespace

CsvCells split_csv(std::string_view t) {
  CsvCells out;
  std::size_t pos = 0;
  while (next_line(t, pos)) {
    CsvLine line;
    for (;;) {
      CsvCell cell;
      if (!read_cell(t, pos, cell, out)) return out;
      line.cells.push_back(std::move(cell));
      if (pos < t.size() && t[pos] == ',') {
        ++pos;
        continue;
      }
      break;
    }
    while (pos < t.size() && t[pos] != '\n') ++pos;  // '\r' of a CRLF line end
    if (pos < t.size()) ++pos;
    out.lines.push_back(std::move(line));
  }
  return out;
}

}  // namespace metron
