// One-sided (MPI-3 RMA) windows of a job: creation in every kind outside the timed region, the
// synchronization of access and exposure epochs as small helpers for call functions, and the
// step that lets verification read a target window.
//
// How a family uses it (rma_osu.cpp is the example):
//   bind:    b.rma = std::make_shared<rma::Window>();
//            b.rma->spec = {kind, window_bytes, disp_unit, MPI_INFO_NULL (or a script's info),
//                           memory};  // memory: where create / dynamic expose (an arena slot)
//            b.prepare_fn = your prepare, which calls rma::open_window(*b.rma, b.comm) (and
//            set_pscw_peers / hold_passive as the sync mode needs); b.release_fn =
//            rma::release (closes a held epoch, frees the window); b.settle_fn = rma::settle_op.
//   call_fn: only the calls that define the operation, e.g. for an origin
//              access_begin(w, sync, target, lock); MPI_Put(..., target, w.disp(target), ...);
//              access_end(w, sync, target);
//            and for a target of fence or pscw exposure_begin(w, sync); exposure_end(w, sync).
//            Every helper returns the MPI error code: pass it to b.note().
//   verify:  fill_fn writes the origin's data and a sentinel into w.base; after the call
//            verify_op runs settle_fn on every rank (the origin completes its operations at the
//            target, then all ranks meet), so check_fn may read w.base on the target.
// Every rank of the job communicator calls open_window and close_window (they are collective).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/rma_names.h"

namespace metron::rt {
struct BoundOp;
}

namespace metron::rt::rma {

struct WindowSpec {
  RmaWindowKind kind = RmaWindowKind::Allocate;
  std::int64_t bytes = 0;  // window size on every rank
  int disp_unit = 1;
  MPI_Info info = MPI_INFO_NULL;  // passed to the creating call; its owner frees it
  char* memory = nullptr;         // create, dynamic: the memory exposed (the job's arena)
};

struct Window {
  WindowSpec spec;
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Win win = MPI_WIN_NULL;
  char* base = nullptr;          // this rank's window memory
  std::vector<MPI_Aint> displs;  // per rank: the target displacement of its window's first byte
  MPI_Group access = MPI_GROUP_NULL;    // pscw: the targets of this rank's MPI_Win_start
  MPI_Group exposure = MPI_GROUP_NULL;  // pscw: the origins of this rank's MPI_Win_post
  bool unified = true;  // MPI_WIN_MODEL is MPI_WIN_UNIFIED (public and private copy are one)
  // The passive epochs held for the whole job (flush, flush_local): a lock per target in
  // held_targets, or one MPI_Win_lock_all.
  std::vector<int> held_targets;
  bool held_all = false;
  // What one call of this rank issues, where a family lists it at bind (rma_imb.cpp): the
  // target and the byte offsets in the target's window and in this rank's origin buffer.
  struct Access {
    int target = 0;
    std::int64_t target_offset = 0;
    std::int64_t origin_offset = 0;
  };
  std::vector<Access> accesses;

  // The displacement for an access to `rank`'s window at byte `offset` (dynamic windows use
  // absolute addresses; the others start at 0).
  MPI_Aint disp(int rank, std::int64_t offset = 0) const {
    return displs[static_cast<std::size_t>(rank)] + static_cast<MPI_Aint>(offset / spec.disp_unit);
  }
};

// Collective over comm: creates the window as spec.kind says, touches memory that MPI allocated
// and exchanges dynamic windows' addresses. Returns the MPI error code; throws MessageError
// (the same on every rank) for `shared` when the ranks do not share a node; op names the
// operation in that message.
int open_window(Window& w, MPI_Comm comm, const std::string& op);
// Local: the groups of MPI_Win_start (targets) and MPI_Win_post (origins), ranks of w.comm.
int set_pscw_peers(Window& w, const std::vector<int>& targets, const std::vector<int>& origins);
// Local: for flush and flush_local, opens a job-long passive epoch: MPI_Win_lock(lock, target),
// or MPI_Win_lock_all for target -1 (call it once per target). Nothing for the other modes.
int hold_passive(Window& w, RmaSync sync, int target, RmaLock lock);
// Collective: closes a held epoch, frees the groups and the window. Safe to call twice.
void close_window(Window& w);

// The epoch helpers of call functions. Origin side: fence | MPI_Win_start | MPI_Win_lock |
// MPI_Win_lock_all | nothing (flush modes hold their epoch) before the operations ...
int access_begin(Window& w, RmaSync sync, int target, RmaLock lock) noexcept;
// ... and fence | MPI_Win_complete | MPI_Win_unlock | MPI_Win_unlock_all | MPI_Win_flush |
// MPI_Win_flush_local after them (target -1: the _all variants of flush).
int access_end(Window& w, RmaSync sync, int target) noexcept;
// Target side of the active modes: fence | MPI_Win_post before, fence | MPI_Win_wait after;
// nothing for the passive modes.
int exposure_begin(Window& w, RmaSync sync) noexcept;
int exposure_end(Window& w, RmaSync sync) noexcept;
// Passive modes involve only the origin; fence involves every rank of the window.
bool is_passive(RmaSync sync);

// Verification, collective, after the checked call: a held epoch's operations are completed at
// their targets (MPI_Win_flush_all), all ranks meet (MPI_Barrier), and in the separate memory
// model the target synchronizes its copies, so that the target may read its window. Returns the
// MPI error code.
int settle(Window& w, RmaSync sync);

// BoundOp glue for families whose BoundOp holds the window in b.rma with its sync mode in
// b.rma_sync: settle_fn and release_fn.
void settle_op(BoundOp& b);
void release(BoundOp& b);

}  // namespace metron::rt::rma
