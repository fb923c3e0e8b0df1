// The table of a job's record (runtime/results/result_fields.def) against what depends on it:
// every column is documented in docs/output.md, names are unique, and the writers write a
// summary.csv header that is the table's order.
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "runtime/results/result_columns.h"

namespace col = metron::col;

namespace {

// The text of docs/output.md between a "## NAME" heading and the next "## ".
std::string doc_section(const std::string& heading) {
  std::ifstream in(std::string(METRON_SOURCE_DIR) + "/docs/output.md");
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const std::size_t at = text.find("\n## " + heading + "\n");
  if (at == std::string::npos) return "";
  const std::size_t end = text.find("\n## ", at + 4);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

}  // namespace

TEST_CASE("result fields: every summary.csv, raw.csv and shared column is in docs/output.md") {
  const std::string shared = doc_section("Columns shared by raw.csv and summary.csv");
  const std::string raw = doc_section("raw.csv");
  const std::string summary = doc_section("summary.csv");
  REQUIRE_FALSE(shared.empty());
  REQUIRE_FALSE(raw.empty());
  REQUIRE_FALSE(summary.empty());
  for (std::string_view c : col::kJobColumns)
    CHECK_MESSAGE(shared.find("`" + std::string(c) + "`") != std::string::npos, c);
  for (std::string_view c : col::kObservationColumns)
    CHECK_MESSAGE(raw.find("`" + std::string(c) + "`") != std::string::npos, c);
  for (std::string_view c : col::kSummaryColumns)
    CHECK_MESSAGE(summary.find("`" + std::string(c) + "`") != std::string::npos, c);
}

TEST_CASE("result fields: a column name is used once per file") {
  std::set<std::string_view> summary(std::begin(col::kJobColumns), std::end(col::kJobColumns));
  std::set<std::string_view> raw = summary;
  for (std::string_view c : col::kSummaryColumns) CHECK_MESSAGE(summary.insert(c).second, c);
  for (std::string_view c : col::kObservationColumns) CHECK_MESSAGE(raw.insert(c).second, c);
}

TEST_CASE("result fields: the readers' names are the written columns") {
  // A reader's col::median_s is the text of the column the writer heads summary.csv with.
  CHECK(std::string(col::median_s) == "median_s");
  CHECK(std::string(col::job) == "job");
  CHECK(std::string(col::time_s) == "time_s");
  // The first columns of summary.csv, in the order readers by position have always seen.
  REQUIRE(std::size(col::kSummaryColumns) > 5);
  CHECK(col::kSummaryColumns[0] == "n");
  CHECK(col::kSummaryColumns[5] == "median_s");
  CHECK(col::kJobColumns[0] == "launch");
  CHECK(col::kObservationColumns[1] == "time_s");
}
