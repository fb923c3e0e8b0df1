// A CSV file split into cells that remember where they stand in it, so that messages about a
// cell point at its line and column (published values, docs/claims.md). RFC 4180 with three
// conveniences for files written by hand: blanks around a cell are dropped, a quote inside an
// unquoted cell is an ordinary character (Bcast[alg = "ring"] needs no quoting unless it holds a
// comma), and a line that starts with '#' is a comment. Blank lines are skipped. No I/O.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace metron {

struct CsvCell {
  std::string text;  // the value: blanks around it dropped, quotes removed, "" read as "
  // at[i]: the byte offset in the file of text[i]; at[text.size()]: just after the value.
  std::vector<std::uint32_t> at;
  std::uint32_t begin = 0, end = 0;  // the cell as written (quotes included) in the file
  bool quoted = false;
};

struct CsvLine {
  std::vector<CsvCell> cells;
};

enum class CsvError {
  None,
  UnterminatedQuote,  // at the opening quote
  TextAfterQuote,     // at the first character after the closing quote
};

struct CsvCells {
  std::vector<CsvLine> lines;  // up to the error, if any
  CsvError error = CsvError::None;
  std::uint32_t error_at = 0;
};

CsvCells split_csv(std::string_view text);

}  // namespace metron
