// Clock-quality harness (Alg. 20 and 22 of "MPI Benchmarking Revisited", requirement R-22):
// how long each synchronization takes and how far the synchronized clocks are apart right after
// it and some seconds later. Backs `metron clock-check` (interpreter/cli/clock_check_command.cpp).
#pragma once

#include <mpi.h>

#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/clocksync/clock_sync.h"
#include "runtime/clocksync/local_clock.h"

namespace metron::rt::clocksync {

struct ClockCheckOptions {
  // Instants, in seconds after the end of synchronization, at which offsets are measured
  // (Alg. 20's steps; the paper sleeps 1 s between them). Measured in ascending order.
  std::vector<double> after_s = {0.0, 1.0, 2.0, 3.0, 4.0, 5.0};
  // Ping-pongs per offset measurement (Alg. 20's nrounds).
  int rounds = 10;
  // A probe whose bracket (see measure_offsets) is wider than +-tight_s on some rank is taken
  // again, at most `attempts` times in all, and the tightest kept: on a loaded node a rank can
  // be descheduled through every round trip of a probe.
  double tight_s = 5e-6;
  int attempts = 5;
  // false: each method is synchronized and then followed for max(after_s) seconds on its own,
  // as in the paper. true: all methods are synchronized one after the other and then followed
  // on one common timeline, which takes max(after_s) once instead of once per method; a
  // method's elapsed_s then also counts the syncs that ran after it.
  bool concurrent = false;
};

// One measurement: one method at one instant.
struct ClockCheckRow {
  std::string method;
  std::string params;             // the method's used_params as "name=value;name=value"
  double sync_s = 0.0;            // Alg. 22: sync duration, max over ranks
  double after_s = 0.0;           // the requested instant (ClockCheckOptions::after_s)
  double elapsed_s = 0.0;         // root's time from the end of this method's sync to the probe
  double max_abs_offset_s = 0.0;  // max over ranks of |offset to rank 0|
  int worst_rank = 0;             // the rank with that offset (0 when p = 1)
  double max_halfwidth_s = 0.0;   // max over ranks of the probe's error bound
  std::vector<double> offsets_s;  // per rank, global clock of r minus global clock of rank 0
};

// Offsets of every rank against rank 0, as seen on rank 0.
struct OffsetProbe {
  std::vector<double> offsets_s;     // global clock of r minus global clock of rank 0; [0] = 0
  std::vector<double> halfwidths_s;  // |offset error| <= this while the clocks are linear
  double max_halfwidth_s() const;
};

// Alg. 20's probe, on synchronized clocks: rank 0 runs a SKaMPI ping-pong (Alg. 7) of `rounds`
// round trips with each rank in turn, both sides reading their GlobalClock. Each rank's offset
// is the middle of the tightest bounds over the rounds, i.e. it rests on the shortest round
// trips, and half the bracket's width bounds its error. Alg. 20's "min over rounds" of a
// one-sided estimate is replaced by this because that estimate's error has a sign (a late
// reply only ever lowers it); see docs/methodology-clocksync.md. Collective; the result is
// filled on rank 0 and empty elsewhere.
OffsetProbe measure_offsets(MPI_Comm comm, const GlobalClock& clock, int rounds);

// measure_offsets, repeated while rank 0 sees a bracket wider than +-tight_s, at most
// `attempts` times; keeps the tightest probe per rank. Rank 0 decides and broadcasts.
OffsetProbe probe_offsets(MPI_Comm comm, const GlobalClock& clock, int rounds, double tight_s,
                          int attempts);

// Runs every method in `methods` (names of clock_sync_methods()) with `params` on the clock
// `clock` and probes it at options.after_s. Collective. Returns the rows on rank 0, ordered by
// method then instant; an empty vector on the other ranks. Throws std::invalid_argument for an
// unknown or repeated method, bad parameters, or rounds or attempts below 1 (on every rank
// alike, before any communication).
std::vector<ClockCheckRow> run_clock_check(MPI_Comm comm, std::span<const std::string_view> methods,
                                           const SyncParams& params, const LocalClock& clock,
                                           const ClockCheckOptions& options = {});

// A table for humans, one line per method: sync duration in ms, the max |offset| in us at each
// instant and the largest probe error bound of the method's probes (probe +-), followed by each
// method's parameters.
void print_clock_check(std::FILE* out, std::span<const ClockCheckRow> rows);

// One CSV line per row (seconds, round-trip precision): method, params, sync_s, after_s,
// elapsed_s, max_abs_offset_s, worst_rank, max_halfwidth_s. Returns false when the file cannot be
// written.
bool write_clock_check_csv(const std::string& path, std::span<const ClockCheckRow> rows);

}  // namespace metron::rt::clocksync
