// SKaMPI's data access classes (io.c): which classes a pattern contains, the MPI routine each
// names, and the page cache names.
#include "runtime/plan/io_settings.h"
#include "runtime/plan/plan_dump.h"
#include "runtime/plan/setting_table.h"

#include <doctest/doctest.h>

using namespace metron;

TEST_CASE("io: the 12 data access classes and SKaMPI's patterns") {
  CHECK(io_data_access_routines(0x337).size() == 12);  // IO_ALL
  // io.ski's ROUTINES = 0x316 and its masks
  CHECK(io_data_access_routines(0x316) == std::vector<std::int64_t>{0x112, 0x114, 0x212, 0x214});
  CHECK(io_data_access_routines(0x316 & 0x333) == std::vector<std::int64_t>{0x112, 0x212});
  CHECK(io_data_access_routines(0x316 & 0x334) == std::vector<std::int64_t>{0x114, 0x214});
  CHECK(io_data_access_routines(0x316 & 0x137 & 0x333) == std::vector<std::int64_t>{0x112});
  CHECK(io_data_access_routines(0).empty());
  CHECK(io_daccess_valid(0x111));
  CHECK(io_daccess_valid(0x224));
  CHECK_FALSE(io_daccess_valid(0x113));  // two positionings
  CHECK_FALSE(io_daccess_valid(0x011));  // no coordination
  CHECK_FALSE(io_daccess_valid(0x337));
}

TEST_CASE("io: the routine of each class") {
  CHECK(io_routine_name(0x111, true) == "MPI_File_write_at");
  CHECK(io_routine_name(0x112, false) == "MPI_File_read");
  CHECK(io_routine_name(0x114, true) == "MPI_File_write_shared");
  CHECK(io_routine_name(0x121, true) == "MPI_File_iwrite_at");
  CHECK(io_routine_name(0x122, false) == "MPI_File_iread");
  CHECK(io_routine_name(0x124, false) == "MPI_File_iread_shared");
  CHECK(io_routine_name(0x211, false) == "MPI_File_read_at_all");
  CHECK(io_routine_name(0x212, true) == "MPI_File_write_all");
  CHECK(io_routine_name(0x214, true) == "MPI_File_write_ordered");
  CHECK(io_routine_name(0x221, true) == "MPI_File_write_at_all_begin/end");
  CHECK(io_routine_name(0x222, false) == "MPI_File_read_all_begin/end");
  CHECK(io_routine_name(0x224, false) == "MPI_File_read_ordered_begin/end");
  CHECK(io_daccess_text(0x111) == "explicit offsets, blocking, noncollective");
  CHECK(io_daccess_text(0x222) == "individual file pointers, split collective, collective");
  CHECK(io_daccess_text(0x124) == "shared file pointer, nonblocking, noncollective");
}

TEST_CASE("io: page cache names") {
  CHECK(io_cache_name(IoCache::Keep) == "keep");
  CHECK(io_cache_name(IoCache::Drop) == "drop");
  CHECK(io_cache_named("drop") == IoCache::Drop);
  CHECK_FALSE(io_cache_named("direct").has_value());
}

TEST_CASE("io: every io_* setting and the file hints reach the plan JSON (so the manifest)") {
  Settings s;
  s.io.unique_open = true;
  s.io.cache = IoCache::Drop;
  s.io.file_info = {{"striping_factor", "4"}};
  const nlohmann::json j = settings_json(s);
  for (const SettingInfo& e : io_setting_entries()) {
    INFO(e.key);
    REQUIRE(j.contains(e.key));
    CHECK(j[e.key] == e.json(s));
  }
  CHECK(j["io_unique_open"] == true);
  CHECK(j["io_cache"] == "drop");
  CHECK(j["io_file_sync"] == true);
  CHECK(j["io_dir"] == "");
  CHECK(j["file_info"] == nlohmann::json::parse(R"([["striping_factor", "4"]])"));
}
