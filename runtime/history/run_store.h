// Adding runs to the history database: a run's row, its series (created when new), its results
// and per-launch values and its claims, all inside the caller's transaction. No MPI.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/history/database.h"
#include "runtime/history/run_record.h"

namespace metron::history {

struct AddOutcome {
  bool added = false;       // false: the run was there already (same run_key), nothing changed
  std::int64_t run_id = 0;  // the run's id, new or found
  std::size_t series = 0;   // series the run has a result in
  std::size_t values = 0;   // per-launch values stored
};

// Call inside a Transaction. Throws MessageError on a database error.
AddOutcome add_run(Database& db, const RunRecord& r);

}  // namespace metron::history
