// A bundle's metadata read strictly: names inside the folder, numbers and digests as pack writes
// them, each file once, nesting bounded.
#include "runtime/bundle/crate_listing.h"

#include <doctest/doctest.h>

#include <string>

using namespace metron::bundle;

namespace {

const std::string kSum = std::string(64, 'a');

std::string metadata(const std::string& id, const std::string& size, const std::string& sha) {
  return R"({"@graph": [{"@id": "./", "@type": "Dataset"}, {"@id": ")" + id +
         R"(", "@type": "File", "contentSize": )" + size + R"(, "sha256": ")" + sha + R"("}]})";
}

std::string why_of(const std::string& text) {
  std::string why;
  return listed_files(text, why) ? "accepted" : why;
}

}  // namespace

TEST_CASE("crate listing: the files pack lists") {
  std::string why;
  auto l = listed_files(metadata("launches/0/raw.csv", "\"247\"", kSum), why);
  REQUIRE(l);
  CHECK(l->at("launches/0/raw.csv").size == 247);
  CHECK(l->at("launches/0/raw.csv").sha256 == kSum);
}

TEST_CASE("crate listing: names outside the folder are refused") {
  CHECK(why_of(metadata("/etc/passwd", "\"1\"", kSum)) ==
        "the metadata lists '/etc/passwd', which is not a path inside the folder: it is absolute");
  CHECK(why_of(metadata("../../x", "\"1\"", kSum)) ==
        "the metadata lists '../../x', which is not a path inside the folder: it climbs out with "
        "'..'");
}

TEST_CASE("crate listing: numbers and digests are parsed strictly") {
  CHECK(why_of(metadata("a.csv", "\"247abc\"", kSum)) ==
        "its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (the "
        "contentSize of 'a.csv' is '247abc', not a whole number of bytes)");
  CHECK(why_of(metadata("a.csv", "\"-1\"", kSum)) != "accepted");
  CHECK(why_of(metadata("a.csv", "\" 1\"", kSum)) != "accepted");
  CHECK(why_of(metadata("a.csv", "1.5", kSum)) != "accepted");
  CHECK(why_of(metadata("a.csv", "\"1\"", "xyz")) ==
        "its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (the sha256 of "
        "'a.csv' is not 64 hexadecimal digits)");
}

TEST_CASE("crate listing: a file listed twice, or nested too deep, is refused") {
  const std::string entry =
      R"({"@id": "a.csv", "@type": "File", "contentSize": "1", "sha256": ")" + kSum + R"("})";
  CHECK(why_of(R"({"@graph": [)" + entry + "," + entry + "]}") ==
        "the metadata lists 'a.csv' twice");
  CHECK(why_of(std::string(1000, '[')) ==
        "its ro-crate-metadata.json is not RO-Crate metadata as Metron writes it (arrays and "
        "objects nested more than 256 levels deep)");
}
