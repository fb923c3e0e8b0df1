// Reading the history back: the series, one series' runs with their per-launch values, and what
// identifies a run (for "what changed"). No MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/history/database.h"

namespace metron::history {

// One job of one script on one machine: np, block, operation, size, communicator (and the loop
// variables and launch-factor levels that tell its jobs apart).
struct SeriesInfo {
  std::int64_t id = 0;
  std::string script, machine;
  std::int64_t np = 0;
  std::string block, op;
  std::int64_t bytes = 0, comm_size = 0;
  std::string label;  // "block: op 8 B, 2 ranks, ..."
  // "nightly.bench on 'node1', np 2: bcast: Bcast 8 B, 2 ranks"
  std::string name() const;
};

// Every series, ordered by script, machine, np and label.
std::vector<SeriesInfo> list_series(Database& db);

struct RunValues {
  std::int64_t run_id = 0;
  std::string started_at, folder;
  std::vector<double> medians;  // the per-launch medians, in launch order
};

// The runs of a series in time order (started_at, then id), from `since` on (an ISO 8601 UTC
// prefix such as "2026-12-01"; "" for all).
std::vector<RunValues> series_runs(Database& db, std::int64_t series_id, const std::string& since);

// What identifies a run's software and environment, for the lines that say what changed.
struct RunIdentity {
  std::int64_t id = 0;
  std::string folder, started_at, script_sha256, plan_sha256, launcher, mpi_library, mpi_version,
      metron_version, metron_commit, hosts;
  nlohmann::json system;  // the manifest's system object (its environment among it)
};
RunIdentity run_identity(Database& db, std::int64_t run_id);

// The number of runs in the database.
std::int64_t run_count(Database& db);

}  // namespace metron::history
