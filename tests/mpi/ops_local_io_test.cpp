// SKaMPI's local IO functions on 2 ranks (docs/io.md "Local IO"): rank 0 alone reads or writes
// one file per observation through POSIX or MPI-IO; verification finds the file's bytes in the
// buffer (reads) and the buffer's bytes in the file (writes), also after observations, and
// finds a corrupted byte; the files are removed at release; O_DIRECT's needs are checked at bind.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/io_job.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "io_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

Value S(const char* s) {
  return Value(std::string(s));
}

// An observation as the per_call scheme makes it: open, the timed access, close.
void observe(rt::BoundOp& op) {
  op.setup();
  op.call();
  op.teardown();
  op.advance();
}

void run_and_verify(const std::string& name, std::vector<Value> args,
                    const Settings& s = io_settings()) {
  verify_around_observations(name, std::move(args), s, 3, observe);
}

}  // namespace

TEST_CASE("local io: both APIs, with and without create_flag, the large-file functions") {
  for (const char* api : {"POSIX", "MPI", "posix", "mpi"}) {
    CAPTURE(api);
    run_and_verify("MPI_IO_read_file_once", {i64(1000), S(api), i64(0)});
    run_and_verify("MPI_IO_write_file_once", {i64(1000), S(api), i64(0), i64(0)});
    run_and_verify("MPI_IO_write_file_once", {i64(1000), S(api), i64(1), i64(0)});
  }
  run_and_verify("MPI_IO_read_large_file_once", {i64(0)});  // 2^0: one byte
  run_and_verify("MPI_IO_read_large_file_once", {i64(16)});
  run_and_verify("MPI_IO_write_large_file_once", {i64(16), i64(0)});
  run_and_verify("MPI_IO_write_large_file_once", {i64(16), i64(1)});
  CHECK(files_left() == "");
}

TEST_CASE("local io: rank 0 alone has a file and a buffer; the sizes are size and 2^power") {
  rt::BoundOp op = bind_io("MPI_IO_write_large_file_once", {i64(12), i64(1)});
  CHECK(op.send_need_bytes == (op.rank == 0 ? 4096 : 0));
  CHECK(op.io->participates == (op.rank == 0));
  CHECK(op.io->file_bytes == 4096);
  CHECK(op.io->content_bytes == 0);  // create_flag: no file before the first open
  rt::BoundOp r = bind_io("MPI_IO_read_file_once", {i64(100), S("POSIX"), i64(0)});
  CHECK(r.recv_need_bytes == (r.rank == 0 ? 100 : 0));
  CHECK(r.io->posix);
  CHECK(r.io->content_bytes == 100);
}

TEST_CASE("local io: verification finds a wrong byte in the file or the buffer") {
  for (const char* api : {"POSIX", "MPI"}) {
    CAPTURE(api);
    rt::BoundOp w = bind_io("MPI_IO_write_file_once", {i64(64), S(api), i64(0), i64(0)});
    w.prepare();
    w.fill_fn(w);
    w.setup();
    w.call();
    w.teardown();
    if (w.rank == 0) {
      FILE* f = std::fopen(w.io->path.c_str(), "r+b");
      REQUIRE(f);
      std::fseek(f, 7, SEEK_SET);
      const int c = std::fgetc(f);
      std::fseek(f, 7, SEEK_SET);  // C: a seek between reading and writing
      std::fputc(c ^ 0xff, f);
      std::fclose(f);
      const auto e = w.check_fn(w);
      REQUIRE(e);
      CHECK(e->find("verification of 'MPI_IO_write_file_once' failed on rank 0: file byte 7") !=
            std::string::npos);
    } else {
      CHECK(!w.check_fn(w));  // rank 1 has no file
    }
    w.release();

    rt::BoundOp r = bind_io("MPI_IO_read_file_once", {i64(64), S(api), i64(0)});
    r.prepare();
    const rt::VerifyFault fault{0, 5};
    const auto e = rt::verify_op(r, &fault);
    REQUIRE(e);
    CHECK(e->find("verification of 'MPI_IO_read_file_once' failed on rank 0: receive buffer "
                  "byte 5") != std::string::npos);
    r.release();
  }
  CHECK(files_left() == "");
}

TEST_CASE("local io: O_DIRECT needs aligned buffers and a file system that takes it") {
  Settings s = io_settings();
  CHECK(bind_io_error("MPI_IO_read_file_once", {i64(4096), S("POSIX"), i64(1)}, s) ==
        "'MPI_IO_read_file_once': directio_flag needs buffers aligned to 512 bytes: set "
        "recv_alignment = 512 or more");
  CHECK(bind_io_error("MPI_IO_write_file_once", {i64(4096), S("POSIX"), i64(0), i64(1)}, s) ==
        "'MPI_IO_write_file_once': directio_flag needs buffers aligned to 512 bytes: set "
        "send_alignment = 512 or more");
  // The MPI api ignores directio_flag (SKaMPI: O_DIRECT is a flag of POSIX's open).
  run_and_verify("MPI_IO_read_file_once", {i64(4000), S("MPI"), i64(1)}, s);
  s.send_alignment = s.recv_alignment = 4096;
  // Where the test folder's file system refuses O_DIRECT (tmpfs before Linux 6.6), bind
  // says so (on rank 0, which opens the file).
  const std::string e = bind_io_error("MPI_IO_read_file_once", {i64(4096), S("POSIX"), i64(1)}, s);
  int refused = e.find("refuses O_DIRECT") != std::string::npos;
  MPI_Allreduce(MPI_IN_PLACE, &refused, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (!refused) {
    CHECK(e.empty());
    run_and_verify("MPI_IO_read_file_once", {i64(4096), S("POSIX"), i64(1)}, s);
    run_and_verify("MPI_IO_write_file_once", {i64(8192), S("POSIX"), i64(1), i64(1)}, s);
  }
  CHECK(files_left() == "");
}
