// MPI-IO functions with derived datatypes on 2 ranks (docs/io.md, "Derived datatypes"): SKaMPI's
// io.ski idioms (a subarray filetype that gives each rank its part of every tile, a subarray
// memtype, contiguous types) put exactly the expected bytes at exactly the expected file offsets,
// computed here from the pattern's definition, not from the runtime's layout code; every pattern
// verifies with a memtype with holes and a filetype with gaps; verification finds a wrong byte
// in the file, the buffer or a hole of the memtype.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"
#include "runtime/ops/io_job.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/op_args.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "io_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

Value derived(TypeCtor c, std::vector<std::int64_t> ints, std::vector<std::vector<std::int64_t>> l,
              const char* base) {
  TypeResult r = make_derived_type(c, "t", std::move(ints), std::move(l), {dt(base).as_type()});
  REQUIRE(r.type);
  return Value(*r.type);
}

// io.ski's filetype and nc memtype: rank 0's part of an array of p * n bytes.
Value subarray(std::int64_t p, std::int64_t n) {
  return derived(TypeCtor::Subarray, {}, {{p * n}, {n}, {0}}, "MPI_BYTE");
}
Value contiguous(std::int64_t n) {
  return derived(TypeCtor::Contiguous, {n}, {}, "MPI_BYTE");
}

// One observation (the file stays open).
void run_and_verify(const std::string& name, std::vector<Value> args) {
  verify_around_observations(name, std::move(args), io_settings(), 1, [](rt::BoundOp& op) {
    op.call();
    op.advance();
  });
}

// The whole file as it is now.
std::vector<unsigned char> file_bytes(const std::string& path) {
  std::vector<unsigned char> out;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return out;
  for (int c; (c = std::fgetc(f)) != EOF;) out.push_back(static_cast<unsigned char>(c));
  std::fclose(f);
  return out;
}

// One write observation by hand (fill, call), then `expect(file)` on the file before the close.
template <class F>
void write_and_inspect(const std::string& name, std::vector<Value> args, F&& expect) {
  CAPTURE(name);
  rt::BoundOp op = bind_io(name, std::move(args));
  op.prepare();
  op.fill_fn(op);
  op.call();
  REQUIRE(op.error == MPI_SUCCESS);
  MPI_Barrier(test_comm());  // both ranks' data are in the file
  expect(op, file_bytes(op.io->path));
  MPI_Barrier(test_comm());
  op.advance_fn(op);
  op.release();
}

const std::int64_t kNoShared[] = {0x111, 0x112, 0x121, 0x122, 0x211, 0x212, 0x221, 0x222};

}  // namespace

TEST_CASE("io derived: a subarray filetype gives each rank its part of every tile") {
  // io.ski's "write - noncontiguous filetype": memsize 3n bytes in blocks of n through the view
  // of subarray({2n}, {n}, {r * n}): rank r's block i lands at i * 2n + r * n.
  const std::int64_t n = 40;
  const Value B = dt("MPI_BYTE");
  for (std::int64_t d : kNoShared) {
    CAPTURE(d);
    write_and_inspect(
        "MPI_IO_write_noncontiguous", {i64(3 * n), i64(n), B, B, subarray(2, n), i64(d)},
        [&](const rt::BoundOp& op, const std::vector<unsigned char>& f) {
          REQUIRE(f.size() == static_cast<std::size_t>(6 * n));
          const char* buf = op.buf.send();
          for (std::int64_t i = 0; i < 3; ++i)
            for (std::int64_t k = 0; k < n; ++k) {
              const std::int64_t at = i * 2 * n + op.rank * n + k;
              // what this rank sent is what the file holds there
              CHECK(static_cast<unsigned char>(buf[i * n + k]) == f[static_cast<std::size_t>(at)]);
              CHECK(f[static_cast<std::size_t>(at)] == rt::io_file_byte(at));
            }
        });
    run_and_verify("MPI_IO_read_noncontiguous", {i64(3 * n), i64(n), B, B, subarray(2, n), i64(d)});
  }
}

TEST_CASE("io derived: io.ski's (c-nc), (nc-c) and (nc-nc) place one element per rank") {
  const std::int64_t n = 64;
  const Value B = dt("MPI_BYTE");
  for (std::int64_t d : {0x111, 0x222}) {
    CAPTURE(d);
    // c-nc: one contiguous(n) element through the subarray view: rank r's n bytes at r * n.
    // nc-nc: the memory element is the subarray too: the data sit at r * n of a 2n buffer.
    for (const bool nc_mem : {false, true}) {
      const Value mem = nc_mem ? subarray(2, n) : contiguous(n);
      write_and_inspect("MPI_IO_write_noncontiguous",
                        {i64(1), i64(1), mem, B, subarray(2, n), i64(d)},
                        [&](const rt::BoundOp& op, const std::vector<unsigned char>& f) {
                          REQUIRE(f.size() == static_cast<std::size_t>(2 * n));
                          CHECK(op.send_need_bytes == (nc_mem ? 2 * n : n));
                          const std::int64_t from = nc_mem ? op.rank * n : 0;
                          for (std::int64_t k = 0; k < n; ++k) {
                            const std::int64_t at = op.rank * n + k;
                            CHECK(static_cast<unsigned char>(op.buf.send()[from + k]) ==
                                  f[static_cast<std::size_t>(at)]);
                            CHECK(f[static_cast<std::size_t>(at)] == rt::io_file_byte(at));
                          }
                        });
      run_and_verify("MPI_IO_read_noncontiguous", {i64(1), i64(1), mem, B, subarray(2, n), i64(d)});
    }
    // nc-c: write_once of one subarray element with a contiguous filetype: rank r at r * n.
    write_and_inspect("MPI_IO_write_once",
                      {i64(1), subarray(2, n), B, contiguous(n), i64(0), i64(d)},
                      [&](const rt::BoundOp& op, const std::vector<unsigned char>& f) {
                        REQUIRE(f.size() == static_cast<std::size_t>(2 * n));
                        for (std::int64_t k = 0; k < n; ++k)
                          CHECK(static_cast<unsigned char>(op.buf.send()[op.rank * n + k]) ==
                                f[static_cast<std::size_t>(op.rank * n + k)]);
                      });
    run_and_verify("MPI_IO_read_once", {i64(1), subarray(2, n), B, contiguous(n), i64(0), i64(d)});
    run_and_verify("MPI_IO_write_once", {i64(1), contiguous(n), B, contiguous(n), i64(0), i64(d)});
    run_and_verify("MPI_IO_read_once", {i64(1), contiguous(n), B, contiguous(n), i64(0), i64(d)});
  }
}

TEST_CASE("io derived: sizes follow the memtype's size and extent") {
  // vector(2, 1, 2, MPI_INT): 8 bytes of data in an extent of 12; 5 elements.
  const Value v = derived(TypeCtor::Vector, {2, 1, 2}, {}, "MPI_INT");
  const Value N = dt("MPI_INT");
  rt::BoundOp w = bind_io("MPI_IO_write_segmented", {i64(5), i64(2), i64(5), v, N, N, i64(0x111)});
  CHECK(w.send_need_bytes == 5 * 12);
  CHECK(w.io->elem_bytes == 8);
  CHECK(w.io->file_bytes == 2 * 5 * 8);  // rank 1's segment ends at 2 * 5 elements of 8 bytes
  w.release();
  const auto u = w.func->usage(OpArgs(*w.func, {i64(5), i64(2), i64(5), v, N, N, i64(0x111)}), 2);
  CHECK(u.send_bytes == 5 * 12);
  CHECK(u.reported_bytes == 2 * 5 * 8);
}

TEST_CASE("io derived: every data pattern verifies with holes in memory and gaps in the file") {
  // memtype vector(2, 1, 2, MPI_INT): 2 ints with a hole; filetype vector(2, 2, 3, MPI_INT):
  // 4 ints in two runs with a gap of one int, extent 5 ints; etype MPI_INT.
  const Value m = derived(TypeCtor::Vector, {2, 1, 2}, {}, "MPI_INT");
  const Value f = derived(TypeCtor::Vector, {2, 2, 3}, {}, "MPI_INT");
  const Value N = dt("MPI_INT");
  // One class of each coordination, synchronism and positioning (tests/mpi/ops_io_test.cpp runs
  // every class with basic types; the class does not change the layout).
  for (std::int64_t d : {0x111, 0x222}) {
    CAPTURE(d);
    for (const std::string rw : {"write", "read"}) {
      run_and_verify("MPI_IO_" + rw + "_segmented", {i64(5), i64(2), i64(6), m, N, f, i64(d)});
      run_and_verify("MPI_IO_" + rw + "_strided", {i64(5), i64(2), i64(3), m, N, f, i64(d)});
      run_and_verify("MPI_IO_" + rw + "_separate", {i64(5), i64(2), i64(3), m, N, f, i64(d)});
      run_and_verify(
          "MPI_IO_" + rw + "_random",
          {Value(ValueList{i64(5), i64(3)}), Value(ValueList{i64(2), i64(1)}), m, N, f, i64(d)});
      run_and_verify("MPI_IO_" + rw + "_noncontiguous", {i64(5), i64(2), m, N, f, i64(d)});
      run_and_verify("MPI_IO_" + rw + "_once", {i64(5), m, N, f, i64(0), i64(d)});
    }
    run_and_verify("MPI_IO_read_file", {i64(5), m, N, f, i64(d)});
    run_and_verify("MPI_IO_read_and_distribute", {i64(5), i64(2), m, N, f, i64(d)});
  }
  for (std::int64_t d : {0x114, 0x224})
    for (const std::string rw : {"write", "read"})
      run_and_verify("MPI_IO_" + rw + "_sequential", {i64(5), i64(2), m, N, f, i64(d)});
  run_and_verify("MPI_IO_write_and_read", {i64(5), i64(2), m, N, f, i64(0x111)});
  run_and_verify("MPI_IO_file_seek", {i64(6), i64(2), m, N, f});
  run_and_verify("MPI_IO_file_seek_shared", {i64(6), i64(2), m, N, f});
  CHECK(files_left() == "");
}

TEST_CASE("io derived: verification finds a wrong data byte and a written hole") {
  const Value m = derived(TypeCtor::Vector, {2, 1, 2}, {}, "MPI_INT");
  const Value N = dt("MPI_INT");
  // Rank 1 reads 4 elements of 12 bytes; byte 5 is in the hole of element 0, byte 13 data.
  for (const std::int64_t at : {5, 13}) {
    rt::BoundOp op = bind_io("MPI_IO_read_once", {i64(4), m, N, N, i64(0), i64(0x111)});
    op.prepare();
    const rt::VerifyFault fault{1, at};
    const auto e = rt::verify_op(op, &fault);
    REQUIRE(e);
    const std::string want = at == 5 ? "receive buffer byte 5: a hole of the memtype was written"
                                     : "receive buffer byte 13: expected";
    CHECK_MESSAGE(e->find(want) != std::string::npos, *e);
    op.release();
  }
  // A write whose file is changed afterwards: rank 1's first int is at file byte 32.
  write_and_inspect("MPI_IO_write_once", {i64(4), m, N, N, i64(0), i64(0x111)},
                    [&](const rt::BoundOp& op, const std::vector<unsigned char>&) {
                      if (op.rank == 1) {
                        FILE* fp = std::fopen(op.io->path.c_str(), "r+b");
                        REQUIRE(fp);
                        std::fseek(fp, 33, SEEK_SET);
                        std::fputc(static_cast<unsigned char>(~rt::io_file_byte(33)), fp);
                        std::fclose(fp);
                        const auto e = op.check_fn(op);
                        REQUIRE(e);
                        CHECK_MESSAGE(
                            e->find("failed on rank 1: file byte 33") != std::string::npos, *e);
                      }
                    });
}

TEST_CASE("io derived: a view MPI would refuse is refused at bind with the catalogue message") {
  const Value B = dt("MPI_BYTE"), N = dt("MPI_INT");
  CHECK(bind_io_error("MPI_IO_write_noncontiguous",
                      {i64(4), i64(4), N, N, contiguous(8), i64(0x111)}) ==
        "'MPI_IO_write_noncontiguous': filetype 't(8, MPI_BYTE)' is not made of whole etypes "
        "'MPI_INT'; MPI requires a filetype "
        "built from the etype");
  CHECK(bind_io_error("MPI_IO_write_once", {i64(3), B, N, N, i64(0), i64(0x111)}) ==
        "'MPI_IO_write_once': memtype 'MPI_BYTE' holds 1 bytes, not a multiple of the etype's 4; "
        "an access must move whole etypes");
  CHECK(bind_io_error("MPI_IO_read_noncontiguous",
                      {i64(1), i64(1), B, B, subarray(1, 8), i64(0x111)}) ==
        "'MPI_IO_read_noncontiguous': subarray 't([8], [8], [0], MPI_BYTE)' is rank 0's part: the "
        "parts of 2 ranks need 16 elements in its first dimension, it has 8");
}
