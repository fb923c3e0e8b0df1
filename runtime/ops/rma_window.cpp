// One-sided windows: creation in each kind, epoch helpers, verification's settle step.
#include "runtime/ops/rma_window.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "runtime/ops/bound_op.h"
#include "runtime/plan/message_error.h"
#include "runtime/test_hooks.h"

namespace metron::rt::rma {

namespace {

constexpr MPI_Aint kAllocateGranule = 64;

int lock_type(RmaLock l) {
  return l == RmaLock::Exclusive ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED;
}

// Whether every rank of comm shares this rank's node. METRON_TEST_RANKS_PER_NODE=n (tests)
// pretends that ranks r and r' share a node iff r / n == r' / n.
bool all_on_one_node(MPI_Comm comm, int rank, int size) {
  MPI_Comm node = MPI_COMM_NULL;
  if (const auto n = test_hook_number(TestHook::RanksPerNode, 0); n > 0)
    MPI_Comm_split(comm, rank / static_cast<int>(n), rank, &node);
  else
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  int node_size = 0;
  MPI_Comm_size(node, &node_size);
  MPI_Comm_free(&node);
  // Ranks on different nodes all see a smaller node, so every rank decides alike.
  return node_size == size;
}

}  // namespace

int open_window(Window& w, MPI_Comm comm, const std::string& op) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  w.comm = comm;
  w.displs.assign(static_cast<std::size_t>(size), 0);
  const auto bytes = static_cast<MPI_Aint>(w.spec.bytes);
  // MPICH 4.0.2 (Debian 12, ch4) places a remote access to an MPI_Win_allocate window of a size
  // that is not a multiple of 16 bytes beside the target's base (a put of 5 bytes to a 5-byte
  // window does not reach it; seen here): memory MPI allocates is rounded up to 64 bytes.
  const MPI_Aint allocated = (bytes + kAllocateGranule - 1) / kAllocateGranule * kAllocateGranule;
  int rc = MPI_SUCCESS;
  switch (w.spec.kind) {
    case RmaWindowKind::Create:
      w.base = w.spec.memory;
      rc = MPI_Win_create(w.base, bytes, w.spec.disp_unit, w.spec.info, comm, &w.win);
      break;
    case RmaWindowKind::Allocate:
      rc = MPI_Win_allocate(allocated, w.spec.disp_unit, w.spec.info, comm, &w.base, &w.win);
      break;
    case RmaWindowKind::Shared:
      if (!all_on_one_node(comm, rank, size)) throw_message(DiagId::job_shared_window_off_node, op);
      rc = MPI_Win_allocate_shared(allocated, w.spec.disp_unit, w.spec.info, comm, &w.base, &w.win);
      break;
    case RmaWindowKind::Dynamic: {
      w.base = w.spec.memory;
      rc = MPI_Win_create_dynamic(w.spec.info, comm, &w.win);
      if (rc == MPI_SUCCESS && bytes > 0) rc = MPI_Win_attach(w.win, w.base, bytes);
      MPI_Aint mine = 0;
      MPI_Get_address(w.base, &mine);
      const int rc2 = MPI_Allgather(&mine, 1, MPI_AINT, w.displs.data(), 1, MPI_AINT, comm);
      if (rc == MPI_SUCCESS) rc = rc2;
      break;
    }
  }
  if (rc != MPI_SUCCESS) return rc;
  MPI_Win_set_errhandler(w.win, MPI_ERRORS_RETURN);
  // Memory MPI allocated is touched here, so that no page fault falls into a timed call.
  if (w.base && bytes > 0 &&
      (w.spec.kind == RmaWindowKind::Allocate || w.spec.kind == RmaWindowKind::Shared))
    std::memset(w.base, 0, static_cast<std::size_t>(allocated));
  int* model = nullptr;
  int flag = 0;
  MPI_Win_get_attr(w.win, MPI_WIN_MODEL, &model, &flag);
  w.unified = !flag || *model == MPI_WIN_UNIFIED;
  return MPI_SUCCESS;
}

int set_pscw_peers(Window& w, const std::vector<int>& targets, const std::vector<int>& origins) {
  MPI_Group all = MPI_GROUP_NULL;
  int rc = MPI_Comm_group(w.comm, &all);
  if (rc != MPI_SUCCESS) return rc;
  rc = MPI_Group_incl(all, static_cast<int>(targets.size()), targets.data(), &w.access);
  if (rc == MPI_SUCCESS)
    rc = MPI_Group_incl(all, static_cast<int>(origins.size()), origins.data(), &w.exposure);
  MPI_Group_free(&all);
  return rc;
}

int hold_passive(Window& w, RmaSync sync, int target, RmaLock lock) {
  if (sync != RmaSync::Flush && sync != RmaSync::FlushLocal) return MPI_SUCCESS;
  if (target < 0) {
    w.held_all = true;
    return MPI_Win_lock_all(0, w.win);
  }
  w.held_targets.push_back(target);
  return MPI_Win_lock(lock_type(lock), target, 0, w.win);
}

void close_window(Window& w) {
  if (w.win != MPI_WIN_NULL) {
    if (w.held_all) MPI_Win_unlock_all(w.win);
    for (int t : w.held_targets) MPI_Win_unlock(t, w.win);
    w.held_all = false;
    w.held_targets.clear();
    // Passive-target accesses need nothing of their target: a rank done with its own calls
    // would detach memory that another rank is still writing to (MPICH does not check and the
    // memory stays valid; Open MPI fails that rank's access with MPI_ERR_RMA_RANGE). Every rank
    // is done before any detaches; MPI_Win_free is collective anyway.
    if (w.spec.kind == RmaWindowKind::Dynamic && w.spec.bytes > 0) {
      MPI_Barrier(w.comm);
      MPI_Win_detach(w.win, w.base);
    }
    MPI_Win_free(&w.win);
  }
  if (w.access != MPI_GROUP_NULL) MPI_Group_free(&w.access);
  if (w.exposure != MPI_GROUP_NULL) MPI_Group_free(&w.exposure);
  w.base = nullptr;
}

int access_begin(Window& w, RmaSync sync, int target, RmaLock lock) noexcept {
  switch (sync) {
    case RmaSync::Fence:
      return MPI_Win_fence(0, w.win);
    case RmaSync::Pscw:
      return MPI_Win_start(w.access, 0, w.win);
    case RmaSync::Lock:
      return MPI_Win_lock(lock_type(lock), target, 0, w.win);
    case RmaSync::LockAll:
      return MPI_Win_lock_all(0, w.win);
    case RmaSync::Flush:
    case RmaSync::FlushLocal:
      break;
  }
  return MPI_SUCCESS;
}

int access_end(Window& w, RmaSync sync, int target) noexcept {
  switch (sync) {
    case RmaSync::Fence:
      return MPI_Win_fence(0, w.win);
    case RmaSync::Pscw:
      return MPI_Win_complete(w.win);
    case RmaSync::Lock:
      return MPI_Win_unlock(target, w.win);
    case RmaSync::LockAll:
      return MPI_Win_unlock_all(w.win);
    case RmaSync::Flush:
      return target < 0 ? MPI_Win_flush_all(w.win) : MPI_Win_flush(target, w.win);
    case RmaSync::FlushLocal:
      return target < 0 ? MPI_Win_flush_local_all(w.win) : MPI_Win_flush_local(target, w.win);
  }
  return MPI_SUCCESS;
}

int exposure_begin(Window& w, RmaSync sync) noexcept {
  if (sync == RmaSync::Fence) return MPI_Win_fence(0, w.win);
  if (sync == RmaSync::Pscw) return MPI_Win_post(w.exposure, 0, w.win);
  return MPI_SUCCESS;
}

int exposure_end(Window& w, RmaSync sync) noexcept {
  if (sync == RmaSync::Fence) return MPI_Win_fence(0, w.win);
  if (sync == RmaSync::Pscw) return MPI_Win_wait(w.win);
  return MPI_SUCCESS;
}

bool is_passive(RmaSync sync) {
  return sync != RmaSync::Fence && sync != RmaSync::Pscw;
}

int settle(Window& w, RmaSync sync) {
  int rc = MPI_SUCCESS;
  if (w.held_all || !w.held_targets.empty()) rc = MPI_Win_flush_all(w.win);
  const int rc2 = MPI_Barrier(w.comm);
  if (rc == MPI_SUCCESS) rc = rc2;
  // The separate model needs the target's copies synchronized; a passive epoch on itself does
  // it (the active modes' closing fence or wait already has).
  if (!w.unified && is_passive(sync) && rc == MPI_SUCCESS) {
    int rank = 0;
    MPI_Comm_rank(w.comm, &rank);
    rc = MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, w.win);
    if (rc == MPI_SUCCESS) rc = MPI_Win_sync(w.win);
    if (rc == MPI_SUCCESS) rc = MPI_Win_unlock(rank, w.win);
  }
  return rc;
}

void settle_op(BoundOp& b) {
  if (b.rma) b.note(settle(*b.rma, b.rma_sync));
}

void release(BoundOp& b) {
  if (b.rma) close_window(*b.rma);
}

}  // namespace metron::rt::rma
