// The file-reading policy of include and published: regular files, bounded, others may read
// them or they are the user's own (then private); nothing of a refused file is read.
#include "runtime/plan/file_policy.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace metron;
namespace fs = std::filesystem;

namespace {

struct Folder {
  fs::path root;
  Folder() {
    char tmpl[] = "/tmp/metron-policy-XXXXXX";
    REQUIRE(::mkdtemp(tmpl) != nullptr);
    root = tmpl;
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  std::string file(const std::string& name, const std::string& text, mode_t mode) {
    const fs::path p = root / name;
    std::ofstream(p) << text;
    ::chmod(p.c_str(), mode);
    return p.string();
  }
};

}  // namespace

TEST_CASE("file policy: a file others may read is read, for include and published alike") {
  Folder d;
  const std::string p = d.file("open.csv", "id,source,selection\n", 0644);
  for (FileUse use : {FileUse::Include, FileUse::Published}) {
    const FileRead r = read_by_file_policy(p, use);
    REQUIRE(r.text);
    CHECK(*r.text == "id,source,selection\n");
    CHECK_FALSE(r.is_private);
  }
}

TEST_CASE("file policy: the user's own private file is an include never quoted, never published") {
  Folder d;
  const std::string p = d.file("secret", "SECRET=1\n", 0600);
  const FileRead inc = read_by_file_policy(p, FileUse::Include);
  REQUIRE(inc.text);
  CHECK(inc.is_private);
  const FileRead pub = read_by_file_policy(p, FileUse::Published);
  CHECK_FALSE(pub.text);
  CHECK(pub.refused);
  CHECK(pub.why == "others may not read it, and published values go into results that others read");
}

TEST_CASE("file policy: another user's private file is refused, even where it can be read") {
  if (::geteuid() != 0) return;  // only root can make a file of another user's
  Folder d;
  const std::string p = d.file("theirs", "SECRET=1\n", 0600);
  REQUIRE(::chown(p.c_str(), 65534, 65534) == 0);
  for (FileUse use : {FileUse::Include, FileUse::Published}) {
    const FileRead r = read_by_file_policy(p, use);
    CHECK_FALSE(r.text);
    CHECK(r.refused);
    CHECK(r.why == "others may not read it, and it is not yours");
  }
}

TEST_CASE("file policy: FIFOs and devices are refused unopened; a folder is not there") {
  Folder d;
  const std::string fifo = (d.root / "fifo").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const FileRead r = read_by_file_policy(fifo, FileUse::Include);  // would block if opened
  CHECK(r.refused);
  CHECK(r.why == "not a regular file (a FIFO, a device or a socket)");
  CHECK(read_by_file_policy("/dev/zero", FileUse::Published).refused);
  const FileRead dir = read_by_file_policy(d.root.string(), FileUse::Include);
  CHECK_FALSE(dir.refused);
  CHECK(dir.why == "is a directory");
  const FileRead none = read_by_file_policy((d.root / "none").string(), FileUse::Include);
  CHECK_FALSE(none.refused);
  CHECK(none.why == "no such file or directory");
}

TEST_CASE("file policy: published values are bounded in size") {
  Folder d;
  const std::string p = d.file("big.csv", std::string(kMaxPublishedBytes + 1, 'x'), 0644);
  const FileRead r = read_by_file_policy(p, FileUse::Published);
  CHECK(r.refused);
  CHECK(r.why == "larger than 2 MiB");
  CHECK(read_by_file_policy(p, FileUse::Include).text);
}
