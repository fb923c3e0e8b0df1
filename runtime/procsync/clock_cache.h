// Synchronized clocks for the clock-based process syncs (window, roundtime) and for
// `runtime = global`. A synchronization costs fitpoints x exchanges ping-pongs per rank pair, so
// one clock is kept per set of world ranks and clock settings for the whole launch and reused by
// later jobs, until `resync` says it is stale (seconds since the sync or jobs since the sync).
#pragma once

#include <string>
#include <vector>

#include "runtime/clocksync/local_clock.h"
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names
#include "runtime/plan/settings.h"
#include "runtime/results/clock_sync_event.h"

namespace metron::rt {

struct SynchronizedClock {
  const clocksync::GlobalClock* clock = nullptr;
  bool synced_now = false;  // true: this call ran a synchronization (its event is the last one)
  double duration_s = 0;    // that synchronization's duration, 0 when the clock was reused
  std::string method;
};

// The clocksync method name for the settings ("hca3o" for hca3 with offset_only). Throws
// std::runtime_error for offset_only on a method that has no offset-only variant.
std::string clock_method_name(const ClockSettings& c);

// Collective over comm: returns the cached clock of comm's ranks for these settings,
// synchronizing first when there is none or it is stale. Every rank takes the same branch (the
// root decides and broadcasts). Kind None is treated as HCA3, the paper's recommendation.
SynchronizedClock synchronized_clock(MPI_Comm comm, ClockSettings c);

// Every synchronization of this process so far, in order (filled alike on every rank of comm).
const std::vector<ClockSyncEvent>& clock_sync_events();

}  // namespace metron::rt
