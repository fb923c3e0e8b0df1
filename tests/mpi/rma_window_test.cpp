// The one-sided window infrastructure on 2 ranks: every creation kind with every sync mode moves
// rank 0's bytes into rank 1's window (MPI_Put through the epoch helpers), settle() makes them
// readable at the target, and the window is freed; `shared` across nodes is refused.
#include "runtime/ops/rma_window.h"
#include "runtime/ops/bound_op.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace metron;
using namespace metron::rt;

namespace {

MPI_Comm comm() {
  static MPI_Comm c = [] {
    MPI_Comm d;
    MPI_Comm_dup(MPI_COMM_WORLD, &d);
    MPI_Comm_set_errhandler(d, MPI_ERRORS_RETURN);
    return d;
  }();
  return c;
}

// A window of kBytes + 16 = 77 bytes: not a multiple of 16, which MPICH 4.0.2's MPI_Win_allocate
// gets wrong unless Metron rounds the size up (rma_window.cpp).
constexpr int kBytes = 61;

// Rank 0 puts kBytes of (round + i) into rank 1's window at offset 8 in one epoch of `sync`.
void put_once(rma::Window& w, RmaSync sync, RmaLock lock, int rank, const std::vector<char>& src) {
  if (rank == 0) {
    REQUIRE(rma::access_begin(w, sync, 1, lock) == MPI_SUCCESS);
    REQUIRE(MPI_Put(src.data(), kBytes, MPI_BYTE, 1, w.disp(1, 8), kBytes, MPI_BYTE, w.win) ==
            MPI_SUCCESS);
    REQUIRE(rma::access_end(w, sync, 1) == MPI_SUCCESS);
  } else if (!rma::is_passive(sync)) {
    // Fence is collective; pscw's target exposes its window to rank 0.
    REQUIRE(rma::exposure_begin(w, sync) == MPI_SUCCESS);
    REQUIRE(rma::exposure_end(w, sync) == MPI_SUCCESS);
  }
}

}  // namespace

TEST_CASE("rma window: every kind and sync mode delivers a put to the target") {
  int rank = 0;
  MPI_Comm_rank(comm(), &rank);
  const RmaWindowKind kinds[] = {RmaWindowKind::Create, RmaWindowKind::Allocate,
                                 RmaWindowKind::Shared, RmaWindowKind::Dynamic};
  const RmaSync syncs[] = {RmaSync::Fence,   RmaSync::Pscw,  RmaSync::Lock,
                           RmaSync::LockAll, RmaSync::Flush, RmaSync::FlushLocal};
  int round = 0;
  for (RmaWindowKind kind : kinds)
    for (RmaSync sync : syncs)
      for (RmaLock lock : {RmaLock::Shared, RmaLock::Exclusive}) {
        CAPTURE(rma_window_kind_name(kind));
        CAPTURE(rma_sync_name(sync));
        CAPTURE(rma_lock_name(lock));
        ++round;
        std::vector<char> arena(kBytes + 16, 0);
        rma::Window w;
        w.spec.kind = kind;
        w.spec.bytes = static_cast<std::int64_t>(arena.size());
        w.spec.memory = arena.data();
        REQUIRE(rma::open_window(w, comm(), "Put") == MPI_SUCCESS);
        REQUIRE(w.base != nullptr);
        if (kind == RmaWindowKind::Create || kind == RmaWindowKind::Dynamic)
          CHECK(w.base == arena.data());
        std::fill(w.base, w.base + arena.size(), char(0x5a));
        REQUIRE(rma::set_pscw_peers(w, rank == 0 ? std::vector<int>{1} : std::vector<int>{},
                                    rank == 1 ? std::vector<int>{0} : std::vector<int>{}) ==
                MPI_SUCCESS);
        MPI_Barrier(comm());
        if (rank == 0) REQUIRE(rma::hold_passive(w, sync, 1, lock) == MPI_SUCCESS);
        std::vector<char> src(kBytes);
        for (int i = 0; i < kBytes; ++i) src[static_cast<std::size_t>(i)] = char(round + i);
        put_once(w, sync, lock, rank, src);
        REQUIRE(rma::settle(w, sync) == MPI_SUCCESS);
        if (rank == 1) {
          // Exactly the put's bytes at 8 .. 8 + kBytes, the fill around them.
          for (int i = 0; i < static_cast<int>(arena.size()); ++i) {
            const bool inside = i >= 8 && i < 8 + kBytes;
            CHECK(w.base[i] == (inside ? char(round + i - 8) : char(0x5a)));
          }
        }
        rma::close_window(w);
        CHECK(w.win == MPI_WIN_NULL);
        rma::close_window(w);  // twice: nothing left to free
      }
}

TEST_CASE("rma window: 'shared' across nodes is refused on every rank") {
  setenv("METRON_TEST_RANKS_PER_NODE", "1", 1);
  rma::Window w;
  w.spec.kind = RmaWindowKind::Shared;
  w.spec.bytes = 8;
  std::string what;
  try {
    rma::open_window(w, comm(), "Put");
  } catch (const std::runtime_error& e) {
    what = e.what();
  }
  unsetenv("METRON_TEST_RANKS_PER_NODE");
  CHECK(what ==
        "'Put': a 'shared' window needs all ranks of the communicator on one node "
        "(MPI_Win_allocate_shared); use win = \"allocate\"");
  CHECK(w.win == MPI_WIN_NULL);
}

TEST_CASE("rma names: each choice round-trips and unknown names are refused") {
  CHECK(rma_sync_names() == "fence | pscw | lock | lock_all | flush | flush_local");
  CHECK(rma_window_kind_names() == "create | allocate | shared | dynamic");
  CHECK(rma_lock_names() == "shared | exclusive");
  for (auto s : {RmaSync::Fence, RmaSync::Pscw, RmaSync::Lock, RmaSync::LockAll, RmaSync::Flush,
                 RmaSync::FlushLocal})
    CHECK(rma_sync_named(rma_sync_name(s)) == s);
  CHECK(!rma_sync_named("flsh"));
  CHECK(!rma_window_kind_named("Create"));
  CHECK(rma_lock_named("exclusive") == RmaLock::Exclusive);
  CHECK(!rma_lock_named("none"));
}
