// The path policy: names from folders, bundles and manifests stay inside their folder.
#include "runtime/plan/confined_path.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace metron;
namespace fs = std::filesystem;

namespace {

std::string name_or_why(std::string_view name) {
  std::string why;
  const auto n = confined_name(name, why);
  return n ? *n : "refused: " + why;
}

}  // namespace

TEST_CASE("confined_name: relative names are normalized") {
  CHECK(name_or_why("summary.csv") == "summary.csv");
  CHECK(name_or_why("launches/0/raw.csv") == "launches/0/raw.csv");
  CHECK(name_or_why("./a//b/./c/") == "a/b/c");
  CHECK(name_or_why("a\\b") == "a\\b");  // a backslash is an ordinary character on Linux
  CHECK(name_or_why("caf\xc3\xa9.csv") == "caf\xc3\xa9.csv");
}

TEST_CASE("confined_name: absolute names, '..', control characters and empty names are refused") {
  CHECK(name_or_why("/etc/passwd") == "refused: it is absolute");
  CHECK(name_or_why("//etc") == "refused: it is absolute");
  CHECK(name_or_why("../x") == "refused: it climbs out with '..'");
  CHECK(name_or_why("a/../../x") == "refused: it climbs out with '..'");
  CHECK(name_or_why("a/..") == "refused: it climbs out with '..'");
  CHECK(name_or_why("../../../../tmp/x") == "refused: it climbs out with '..'");
  CHECK(name_or_why("a\x1b[31m") == "refused: it holds a control character");
  CHECK(name_or_why(std::string("a\0b", 3)) == "refused: it holds a control character");
  CHECK(name_or_why("a\nb") == "refused: it holds a control character");
  CHECK(name_or_why("a\xc2\x9b"
                    "b") == "refused: it holds a control character");  // C1 CSI
  CHECK(name_or_why("") == "refused: it names no file");
  CHECK(name_or_why(".") == "refused: it names no file");
  CHECK(name_or_why("./") == "refused: it names no file");
  CHECK(name_or_why(std::string(5000, 'a')) == "refused: it is longer than 4096 bytes");
}

TEST_CASE("confined_path: no symbolic link on the way, the last part included") {
  char tmpl[] = "/tmp/metron-confined-XXXXXX";
  REQUIRE(::mkdtemp(tmpl) != nullptr);
  const fs::path root = tmpl;
  fs::create_directories(root / "real/sub");
  std::ofstream(root / "real/sub/f.txt") << "x";
  fs::create_directory_symlink("/etc", root / "linked");
  fs::create_symlink("/etc/hostname", root / "real/file-link");
  std::string why;
  CHECK(confined_path(root, "real/sub/f.txt", why) == root / "real/sub/f.txt");
  CHECK(confined_path(root, "real/new/g.txt", why) == root / "real/new/g.txt");  // not there yet
  CHECK_FALSE(confined_path(root, "linked/passwd", why));
  CHECK(why == "'linked' on its way is a symbolic link");
  CHECK_FALSE(confined_path(root, "real/file-link", why));
  CHECK(why == "'real/file-link' on its way is a symbolic link");
  CHECK_FALSE(confined_path(root, "../x", why));
  CHECK(why == "it climbs out with '..'");
  fs::remove_all(root);
}
