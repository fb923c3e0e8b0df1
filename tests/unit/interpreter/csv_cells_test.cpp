// CSV cells with their places in the file (interpreter/csv_cells.h): quoting, offsets, comments,
// line ends and the two errors.
#include <doctest/doctest.h>

#include "interpreter/csv_cells.h"

using namespace metron;

TEST_CASE("csv_cells: plain cells, blanks dropped, offsets of each byte") {
  const std::string t = "id, unit\n a1 ,us\n";
  CsvCells c = split_csv(t);
  REQUIRE(c.error == CsvError::None);
  REQUIRE(c.lines.size() == 2);
  CHECK(c.lines[0].cells[1].text == "unit");
  const CsvCell& a1 = c.lines[1].cells[0];
  CHECK(a1.text == "a1");
  CHECK(a1.begin == 10);
  CHECK(a1.end == 12);
  REQUIRE(a1.at.size() == 3);
  CHECK(t.substr(a1.at[0], 2) == "a1");
  CHECK(a1.at[2] == 12);
}

TEST_CASE("csv_cells: a quoted cell holds commas and doubled quotes, offsets into the file") {
  const std::string t = "s\n\"Bcast[n = 8, alg = \"\"ring\"\"]\"\n";
  CsvCells c = split_csv(t);
  REQUIRE(c.error == CsvError::None);
  const CsvCell& s = c.lines[1].cells.at(0);
  CHECK(s.quoted);
  CHECK(s.text == "Bcast[n = 8, alg = \"ring\"]");
  // Every byte of the value maps to a byte of the file that reads the same.
  for (std::size_t i = 0; i < s.text.size(); ++i) CHECK(t[s.at[i]] == s.text[i]);
  CHECK(s.begin == 2);
  CHECK(t[s.end - 1] == '"');
}

TEST_CASE("csv_cells: a quote inside an unquoted cell is an ordinary character") {
  CsvCells c = split_csv("Bcast[alg = \"ring\"],us");
  REQUIRE(c.error == CsvError::None);
  CHECK(c.lines[0].cells[0].text == "Bcast[alg = \"ring\"]");
}

TEST_CASE("csv_cells: comments, blank lines, CRLF and empty cells") {
  CsvCells c = split_csv("# a comment\r\n\r\nid,value\r\n  \r\nx,\r\n# another\ny,2");
  REQUIRE(c.error == CsvError::None);
  REQUIRE(c.lines.size() == 3);
  CHECK(c.lines[1].cells.size() == 2);
  CHECK(c.lines[1].cells[1].text.empty());
  CHECK(c.lines[2].cells[1].text == "2");
}

TEST_CASE("csv_cells: an unterminated quote and text after a closing quote are errors") {
  CsvCells a = split_csv("id\n\"open, never closed\n");
  CHECK(a.error == CsvError::UnterminatedQuote);
  CHECK(a.error_at == 3);
  CHECK(a.lines.size() == 1);
  CsvCells b = split_csv("\"a\"b,c");
  CHECK(b.error == CsvError::TextAfterQuote);
  CHECK(b.error_at == 3);
}
