// The history database's schema: one for SQLite and PostgreSQL, versioned, created and migrated
// by Metron (docs/history.md, "Schema"). No MPI.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "runtime/history/database.h"

namespace metron::history {

// The version this Metron writes and reads.
inline constexpr int kSchemaVersion = 1;

// The statements that take a database from version `to - 1` to `to`. `{id}` in a statement is
// the backend's auto-numbered primary key and `{clustered}` what makes SQLite store a table in
// its primary key's order.
struct Migration {
  int to = 0;
  std::vector<std::string> statements;
};
const std::vector<Migration>& migrations();

// The version of `db`'s schema: 0 when it has none (a new database).
int schema_version(Database& db);

// Brings `db` to the last of `steps` (each step in its own transaction, with the version row
// updated in it; concurrent callers wait for each other). Throws MessageError: a schema newer
// than the last step (history_schema_newer). `metron_version` is recorded with the version.
void migrate(Database& db, std::span<const Migration> steps, const std::string& metron_version);

// migrate() with this Metron's migrations(); for reading, a database without a schema is an
// error (history_no_schema) and nothing is created.
void prepare_schema(Database& db, bool for_writing);

}  // namespace metron::history
