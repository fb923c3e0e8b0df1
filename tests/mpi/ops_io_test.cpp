// MPI-IO operations on 2 ranks (docs/io.md): every SKaMPI MPI_IO_* function and IMB-IO pattern
// in every data access class it takes verifies with `verify = on` (writes: the file read back
// outside the timed region holds exactly the bytes of each rank's blocks; reads: the buffer
// holds the file's bytes), also after observations; corrupted results are found; files are
// removed at release; bad sizes and folders are refused with their message.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/io_job.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "io_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

// Three observations as the scheme's loop makes them (the file stays open between them).
void run_and_verify(const std::string& name, std::vector<Value> args,
                    const Settings& s = io_settings()) {
  verify_around_observations(name, std::move(args), s, 3, [](rt::BoundOp& op) {
    op.call();
    op.advance();
  });
}

const std::int64_t kAll[] = {0x111, 0x112, 0x114, 0x121, 0x122, 0x124,
                             0x211, 0x212, 0x214, 0x221, 0x222, 0x224};
const std::int64_t kNoShared[] = {0x111, 0x112, 0x121, 0x122, 0x211, 0x212, 0x221, 0x222};

}  // namespace

TEST_CASE("io: segmented, strided, separate, random and once in all their classes") {
  const Value B = dt("MPI_BYTE");
  for (std::int64_t d : kAll) {
    CAPTURE(d);
    for (const char* rw : {"write", "read"}) {
      const std::string w = rw;
      // memsize 10 in blocks of 4 (the last block is 2): blocks of different sizes
      run_and_verify("MPI_IO_" + w + "_segmented", {i64(10), i64(4), i64(16), B, B, B, i64(d)});
      run_and_verify("MPI_IO_" + w + "_strided", {i64(10), i64(4), i64(6), B, B, B, i64(d)});
      run_and_verify("MPI_IO_" + w + "_separate", {i64(10), i64(4), i64(5), B, B, B, i64(d)});
      run_and_verify(
          "MPI_IO_" + w + "_random",
          {Value(ValueList{i64(9), i64(5)}), Value(ValueList{i64(4), i64(2)}), B, B, B, i64(d)});
      run_and_verify("MPI_IO_" + w + "_once", {i64(12), B, B, B, i64(0), i64(d)});
      run_and_verify("MPI_IO_" + w + "_once", {i64(12), B, B, B, i64(1), i64(d)});
    }
  }
  CHECK(files_left() == "");
}

TEST_CASE("io: multi-byte elements are placed by etype offsets") {
  const Value D = dt("MPI_DOUBLE"), C = dt("MPI_CHAR");
  for (std::int64_t d : {0x111, 0x212, 0x114}) {
    run_and_verify("MPI_IO_write_segmented", {i64(5), i64(2), i64(7), D, C, C, i64(d)});
    run_and_verify("MPI_IO_read_strided", {i64(5), i64(2), i64(2), D, D, D, i64(d)});
  }
}

TEST_CASE("io: noncontiguous, read_file, read_and_distribute without shared pointers") {
  const Value B = dt("MPI_BYTE");
  for (std::int64_t d : kNoShared) {
    CAPTURE(d);
    run_and_verify("MPI_IO_write_noncontiguous", {i64(10), i64(3), B, B, B, i64(d)});
    run_and_verify("MPI_IO_read_noncontiguous", {i64(10), i64(3), B, B, B, i64(d)});
    run_and_verify("MPI_IO_read_file", {i64(33), B, B, B, i64(d)});
    run_and_verify("MPI_IO_read_and_distribute", {i64(33), i64(1), B, B, B, i64(d)});
    run_and_verify("MPI_IO_read_and_distribute", {i64(33), i64(2), B, B, B, i64(d)});
  }
  for (std::int64_t d : {0x111, 0x112, 0x121, 0x122})
    run_and_verify("MPI_IO_write_and_read", {i64(10), i64(4), B, B, B, i64(d)});
  CHECK(files_left() == "");
}

TEST_CASE("io: sequential files with the shared pointer classes") {
  const Value B = dt("MPI_BYTE");
  for (std::int64_t d : {0x114, 0x124, 0x214, 0x224}) {
    run_and_verify("MPI_IO_write_sequential", {i64(10), i64(4), B, B, B, i64(d)});
    run_and_verify("MPI_IO_read_sequential", {i64(10), i64(4), B, B, B, i64(d)});
  }
}

TEST_CASE("io: open, close, delete, seek and preallocate") {
  const Value B = dt("MPI_BYTE");
  for (int create : {0, 1}) {
    run_and_verify("MPI_IO_open", {i64(create)});
    run_and_verify("MPI_IO_open_close", {i64(create)});
  }
  run_and_verify("MPI_IO_close", {i64(1000)});
  run_and_verify("MPI_IO_delete", {i64(1000)});
  run_and_verify("MPI_IO_delete_on_close", {i64(1000)});
  run_and_verify("MPI_IO_file_seek", {i64(100), i64(30), B, B, B});
  run_and_verify("MPI_IO_file_seek_shared", {i64(100), i64(30), B, B, B});
  run_and_verify("MPI_IO_preallocate", {i64(4096), i64(0)});
  run_and_verify("MPI_IO_preallocate", {i64(4096), i64(1)});
  CHECK(files_left() == "");
}

TEST_CASE("io: IMB-IO patterns") {
  for (const char* n :
       {"S_Write_indv", "S_Write_expl", "S_Read_indv", "S_Read_expl", "P_Write_indv",
        "P_Write_expl", "P_Write_shared", "P_Write_priv", "P_Read_indv", "P_Read_expl",
        "P_Read_shared", "P_Read_priv", "C_Write_indv", "C_Write_expl", "C_Write_shared",
        "C_Read_indv", "C_Read_expl", "C_Read_shared"})
    run_and_verify(n, {i64(1000)});
  CHECK(files_left() == "");
}

TEST_CASE("io: settings: preallocation, atomicity, unique open, no sync, dropped cache, hints") {
  Settings s = io_settings();
  s.io.preallocation = true;
  s.io.atomicity = true;
  s.io.unique_open = true;
  s.io.file_sync = false;
  s.io.cache = IoCache::Drop;
  s.io.file_info = {{"romio_cb_write", "enable"}};
  const Value B = dt("MPI_BYTE");
  run_and_verify("MPI_IO_write_segmented", {i64(10), i64(4), i64(16), B, B, B, i64(0x211)}, s);
  run_and_verify("MPI_IO_read_once", {i64(100), B, B, B, i64(0), i64(0x112)}, s);
  run_and_verify("P_Read_expl", {i64(100)}, s);
}

TEST_CASE("io: verification finds a wrong byte in the file or the buffer") {
  const Value B = dt("MPI_BYTE");
  for (const char* name : {"MPI_IO_write_once", "MPI_IO_read_once"}) {
    CAPTURE(name);
    rt::BoundOp op = bind_io(name, {i64(64), B, B, B, i64(0), i64(0x111)}, io_settings());
    op.prepare();
    const rt::VerifyFault fault{1, 5};
    // Writes: rank 1's send buffer is checked through the file, so the fault goes in the
    // buffer before the call: corrupt the file instead, after the write, by hand.
    if (std::string(name) == "MPI_IO_write_once") {
      op.fill_fn(op);
      op.call();
      if (op.rank == 1) {
        FILE* f = std::fopen(op.io->path.c_str(), "r+b");
        REQUIRE(f);
        std::fseek(f, 64 + 5, SEEK_SET);
        std::fputc(0, f);
        std::fclose(f);
      }
      const auto e = op.check_fn(op);
      if (op.rank == 1) {
        REQUIRE(e);
        CHECK(e->find("verification of 'MPI_IO_write_once' failed on rank 1: file byte 69") !=
              std::string::npos);
      }
      op.advance_fn(op);
    } else {
      const auto e = rt::verify_op(op, &fault);
      REQUIRE(e);
      CHECK(e->find("verification of 'MPI_IO_read_once' failed on rank 1: receive buffer byte 5") !=
            std::string::npos);
    }
    op.release();
  }
}

TEST_CASE("io: bad input is refused at bind with the reason") {
  const Value B = dt("MPI_BYTE");
  const Settings s = io_settings();
  CHECK(bind_io_error("MPI_IO_write_once", {i64(4), B, B, B, i64(0), i64(0x113)}, s) ==
        "'MPI_IO_write_once': daccess 0x113 is not a data access class (one bit of 0x007, "
        "0x030 and 0x300 each)");
  CHECK(bind_io_error("MPI_IO_write_segmented", {i64(8), i64(4), i64(4), B, B, B, i64(0x111)}, s) ==
        "'MPI_IO_write_segmented': stride 4 is below memsize 8: the segments would overlap");
  CHECK(bind_io_error("MPI_IO_write_strided", {i64(8), i64(4), i64(2), B, B, B, i64(0x111)}, s) ==
        "'MPI_IO_write_strided': stride 2 is below blocklen 4: the blocks would overlap");
  CHECK(bind_io_error("MPI_IO_write_random", {i64(0), i64(4), B, B, B, i64(0x111)}, s) ==
        "'MPI_IO_write_random': memsize of rank 0 must be in 1..2147483647, got 0");
  CHECK(bind_io_error("MPI_IO_write_random",
                      {Value(std::vector<Value>{i64(4)}), i64(4), B, B, B, i64(0x111)}, s) ==
        "'MPI_IO_write_random': memsize needs an integer for each of the 2 ranks");
  CHECK(bind_io_error("MPI_IO_read_and_distribute", {i64(2147483647), i64(2), B, B, B, i64(0x111)},
                      s) ==
        "'MPI_IO_read_and_distribute': count rounded up to a multiple of np is too large");
  Settings loop = s;
  loop.scheme = SchemeKind::LoopMean;
  CHECK(bind_io_error("MPI_IO_open", {i64(0)}, loop) ==
        "'MPI_IO_open': needs scheme = per_call: the file is opened and closed between calls, "
        "outside the timed region");
  CHECK(bind_io_error("MPI_IO_read_file", {i64(8), B, B, B, i64(0x114)}, s) ==
        "'MPI_IO_read_file' cannot use daccess 0x114: the shared file pointer classes (0x004) are "
        "not defined for this pattern");
  CHECK(bind_io_error("MPI_IO_write_sequential", {i64(8), i64(4), B, B, B, i64(0x111)}, s) ==
        "'MPI_IO_write_sequential' cannot use daccess 0x111: a file in MPI_MODE_SEQUENTIAL takes "
        "the shared file pointer classes (0x004) only");
  Settings missing = s;
  missing.io.working_dir = "/nonexistent/metron";
  CHECK(bind_io_error("MPI_IO_open", {i64(0)}, missing) ==
        "'MPI_IO_open': the MPI-IO working directory '/nonexistent/metron' cannot hold files: no "
        "such directory (set io_dir or set_io_working_dir to a writable folder)");
  ::setenv("METRON_TEST_IO_FREE_BYTES", "1000", 1);
  CHECK(bind_io_error("MPI_IO_write_once", {i64(4096), B, B, B, i64(0), i64(0x111)}, s) ==
        "'MPI_IO_write_once' needs 8192 bytes of files in '" + io_test_folder() +
            "', which has 1000 bytes free (lower the sizes or choose another io_dir)");
  ::unsetenv("METRON_TEST_IO_FREE_BYTES");
  CHECK(files_left() == "");
}
