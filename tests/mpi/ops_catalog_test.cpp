// The operation catalog: every registry entry has an implementation that binds and verifies on
// 2 ranks (but IMB-P2P's stencils, which need 4 and 8); bind errors; the arena's fit rule,
// alignment and buffer cycling.
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>
#include "runtime/ops/catalog.h"

#include <doctest/doctest.h>
#include <sys/resource.h>

#include <cstring>

#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/message_error.h"
#include "tests/mpi/neighbourhood_cases.h"
#include "tests/mpi/op_test_support.h"

using namespace metron;
using namespace metron::test;

namespace {

// The leading required arguments with typical values: counts 4, times 1 us, strings "POSIX".
std::vector<Value> typical_args(const MeasureFunc& f) {
  std::vector<Value> args;
  for (const Param& p : f.params) {
    if (p.default_value) break;
    if (p.type & kDuration)
      args.emplace_back(Duration{1e-6});
    else if (p.type & kString)  // SKaMPI's local IO: api
      args.emplace_back(std::string("POSIX"));
    else
      args.emplace_back(std::int64_t{4});
  }
  // The border exchanges' grid needs at least 3 rows (count >= 18 doubles).
  if (f.name.find("borderexchange") != std::string::npos) args[0] = Value(std::int64_t{32});
  // Threaded operations: one thread here (plain MPI_Init); ops_threaded_mt_test.cpp runs two.
  if (f.family == OpFamily::Threaded) {
    std::vector<Value> all = rt::make_op_call(f.name, args).args;
    all[static_cast<std::size_t>(f.param_index("threads"))] = Value(std::int64_t{1});
    return all;
  }
  return args;
}

}  // namespace

TEST_CASE("catalog: every measurement function of the registry has an implementation") {
  CHECK(rt::unimplemented_measure_funcs().empty());
  for (const MeasureFunc& f : measure_funcs()) {
    CAPTURE(f.name);
    CHECK(rt::has_op_impl(f.name));
  }
}

TEST_CASE("catalog: every implementation binds, runs and verifies on 2 ranks") {
  const Settings s = small_settings();
  for (const MeasureFunc& f : measure_funcs()) {
    CAPTURE(f.name);
    // IMB-P2P's stencils have no IMB grid of 2 ranks (ops_p2p_stencil_np8_test.cpp runs them).
    if (f.name == "Stencil2D" || f.name == "Stencil3D") continue;
    if (library_lacks(f.name)) continue;  // refused when a plan is built
    rt::BoundOp op = rt::bind_op(rt::make_op_call(f.name, typical_args(f)), test_comm(), s);
    CHECK(static_cast<bool>(op.call_fn));
    op.prepare();  // what JobRunner does once every rank has bound
    op.setup();    // the per_call scheme: per-observation set-up, call, teardown
    op.call();
    op.teardown();
    CHECK(op.error == MPI_SUCCESS);
    op.advance();
    const auto err = rt::verify_op(op);
    // MPICH 4.0.2 computes these wrongly (tests/mpi/ops_persistent_test.cpp), and it and Open
    // MPI 4.1.4 some neighbourhood forms on 2 ranks (tests/mpi/neighbourhood_cases.h).
    const bool mpich_bug =
        built_with(MpiFamily::Mpich) &&
        (f.name == "Gather_init" || f.name == "Scatter_init" || f.name == "Allgather_init");
    const bool library_bug =
        mpich_bug || (f.family == OpFamily::Neighbourhood && duplicate_edge_bug(f.name));
    if (!library_bug) CHECK_MESSAGE(!err, err.value_or(""));
    op.release();
  }
}

TEST_CASE("catalog: make_op_call fills defaults and derived values") {
  const OpCall c = rt::make_op_call("Gather", {std::int64_t{8}});
  REQUIRE(c.args.size() == 5);
  CHECK(c.args[2].as_int() == 8);  // recv_count = send_count
  CHECK(c.args[3].as_datatype() == c.args[1].as_datatype());
  CHECK_THROWS_WITH_AS(rt::make_op_call("Bcastt", {}), "unknown measurement function 'Bcastt'",
                       MessageError);
  CHECK_THROWS_WITH_AS(rt::make_op_call("Bcast", {}), "missing argument 'count' to 'Bcast'",
                       MessageError);  // count is required
}

TEST_CASE("bind: errors name the operation and the problem (the front end's catalogue messages)") {
  const Settings s = small_settings();
  CHECK(bind_error("Bcast", {std::int64_t{4}, Value(rt::datatype_named("MPI_INT")), 2}, s,
                   test_comm()) == "'Bcast': root 2 is not a rank of a communicator of 2 ranks");
  CHECK(bind_error("Bcast", {std::int64_t{-1}}, s, test_comm()) == "'Bcast': negative count (-1)");
  CHECK(bind_error("Bcast", {std::int64_t{3'000'000'000}}, s, test_comm()) ==
        "'Bcast': count 3000000000 is larger than MPI allows (2147483647)");
  CHECK(bind_error("Allreduce",
                   {std::int64_t{4}, Value(rt::datatype_named("MPI_DOUBLE")),
                    Value(rt::reduce_op_named("MPI_BAND"))},
                   s, test_comm()) ==
        "'Allreduce': reduction 'MPI_BAND' is not defined for datatype 'MPI_DOUBLE'");
  CHECK(bind_error("Pingpong_Send_Recv",
                   {std::int64_t{4}, Value(rt::datatype_named("MPI_INT")), -1}, s, test_comm()) ==
        "'Pingpong_Send_Recv': tag -1 is outside [0, MPI_TAG_UB = " + std::to_string([] {
          int* ub;
          int flag;
          MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
          return *ub;
        }()) +
            "]");

  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm self;
  MPI_Comm_split(MPI_COMM_WORLD, rank, 0, &self);
  CHECK(bind_error("Pingpong_Send_Recv", {std::int64_t{4}}, s, self) ==
        "'Pingpong_Send_Recv' needs at least 2 ranks but its communicator has 1");
  MPI_Comm_free(&self);
}

TEST_CASE("arena: a job that does not fit is refused with the fit rule's numbers") {
  Settings s = small_settings();
  s.buffer_bytes = 1000;
  s.buffer_cycling = true;  // off by default
  // 2 * (400 + 400) = 1600 > 1000 with cycling.
  CHECK(bind_error("Allreduce", {std::int64_t{400}}, s, test_comm()) ==
        "'Allreduce' needs 1600 bytes of buffer per rank (send 400 + receive 400, twice for "
        "buffer cycling), but the buffer is 1000 bytes; raise it with set_skampi_buffer(...) or "
        "turn buffer cycling off");
  s.buffer_cycling = false;
  CHECK(bind_error("Allreduce", {std::int64_t{400}}, s, test_comm()).empty());
  CHECK(rt::fits_buffer(500, 500, s));
  CHECK(!rt::fits_buffer(500, 501, s));
}

TEST_CASE("arena: slots are aligned, cycle through the arena and wrap") {
  Settings s = small_settings();
  s.buffer_cycling = true;  // off by default
  s.send_alignment = 256;
  s.recv_alignment = 128;
  rt::BoundOp op = rt::bind_op(rt::make_op_call("Allreduce", {std::int64_t{100}}), test_comm(), s);
  const rt::BufferCycle& c = op.buf;
  CHECK(c.send_stride() == 256);  // 100 bytes rounded up to the alignment
  CHECK(c.recv_stride() == 128);
  // With cycling the arena is at least 2 * cache_bytes = 128 KiB, here buffer_bytes = 1 MiB.
  CHECK(c.slots() >= (1 << 20) / (256 + 128));
  char* first_send = op.buf.send();
  char* first_recv = op.buf.recv();
  CHECK(reinterpret_cast<std::uintptr_t>(first_send) % 256 == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(first_recv) % 128 == 0);
  CHECK(first_recv >= first_send + c.slots() * 256);  // receive slots after all send slots
  op.advance();
  CHECK(op.buf.send() == first_send + 256);
  CHECK(op.buf.recv() == first_recv + 128);
  for (std::int64_t i = 1; i < c.slots(); ++i) op.advance();
  CHECK(op.buf.position() == 0);  // wrapped
  CHECK(op.buf.send() == first_send);
  CHECK(op.buf.recv() == first_recv);
  // Verification works on any slot.
  op.advance();
  const auto err = rt::verify_op(op);
  CHECK_MESSAGE(!err, err.value_or(""));
}

TEST_CASE("arena: without cycling every observation uses the same slot") {
  Settings s = small_settings();
  s.buffer_cycling = false;
  rt::BoundOp op = rt::bind_op(rt::make_op_call("Bcast", {std::int64_t{64}}), test_comm(), s);
  CHECK(op.buf.slots() == 1);
  char* p = op.buf.send();
  op.advance();
  CHECK(op.buf.send() == p);
}

TEST_CASE("arena: arena_bytes is at least twice the cache with cycling") {
  Settings s;
  s.buffer_bytes = 4 << 20;
  s.cache_bytes = 32 << 20;
  s.buffer_cycling = true;  // off by default
  CHECK(rt::arena_bytes(s) == 64 << 20);
  s.buffer_cycling = false;
  CHECK(rt::arena_bytes(s) == 4 << 20);
}

namespace {
long minor_faults() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}
}  // namespace

TEST_CASE("arena: binding touches the pages the job's slots use, not the whole buffer") {
  Settings s = small_settings();
  s.buffer_cycling = false;
  s.buffer_bytes = std::int64_t{256} << 20;  // larger than any earlier arena: a new one
  long before = minor_faults();
  rt::BoundOp small = rt::bind_op(rt::make_op_call("Bcast", {std::int64_t{64}}), test_comm(), s);
  CHECK(minor_faults() - before < 1000);  // the arena has 65,536 pages
  // A larger job in the same arena: its slots are written before any timed loop could.
  rt::BoundOp large =
      rt::bind_op(rt::make_op_call("Bcast", {std::int64_t{8} << 20}), test_comm(), s);
  before = minor_faults();
  std::memset(large.buf.send(), 1, std::size_t{8} << 20);
  CHECK(minor_faults() - before <= 2);
  const auto err = rt::verify_op(large);
  CHECK_MESSAGE(!err, err.value_or(""));
}
