// The one-sided (MPI-3 RMA) choices a script names: how a window is created, how an access epoch
// is synchronized, and the lock type of a passive-target epoch. The front end checks the names
// (op_checks.cpp); the runtime maps the enums to MPI calls (runtime/ops/rma_window.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace metron {

// MPI_Win_create over the job's buffer, MPI_Win_allocate, MPI_Win_allocate_shared (all ranks on
// one node), MPI_Win_create_dynamic + MPI_Win_attach of the job's buffer. OSU's -w create |
// allocate | dynamic; "shared" is Metron's.
enum class RmaWindowKind { Create, Allocate, Shared, Dynamic };

// fence: MPI_Win_fence before and after; pscw: MPI_Win_start/complete at the origin,
// MPI_Win_post/wait at the target; lock: MPI_Win_lock/unlock around the operation; lock_all:
// MPI_Win_lock_all/unlock_all around it; flush, flush_local: one lock held for the whole job
// (opened before the first observation) and MPI_Win_flush / MPI_Win_flush_local after the
// operation. OSU's -s fence | pscw | lock | lock_all | flush | flush_local.
enum class RmaSync { Fence, Pscw, Lock, LockAll, Flush, FlushLocal };

// MPI_LOCK_SHARED, MPI_LOCK_EXCLUSIVE.
enum class RmaLock { Shared, Exclusive };

std::optional<RmaWindowKind> rma_window_kind_named(std::string_view name);
std::optional<RmaSync> rma_sync_named(std::string_view name);
std::optional<RmaLock> rma_lock_named(std::string_view name);
const char* rma_window_kind_name(RmaWindowKind k);
const char* rma_sync_name(RmaSync s);
const char* rma_lock_name(RmaLock l);
// "create | allocate | shared | dynamic", for messages and docs.
std::string rma_window_kind_names();
std::string rma_sync_names();
std::string rma_lock_names();

}  // namespace metron
