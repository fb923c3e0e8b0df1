// The history database in an SQLite file (libsqlite3). No MPI.
#pragma once

#include <memory>

#include "runtime/history/database.h"

namespace metron::history {

// Throws MessageError when the file cannot be opened (or, with OpenMode::Existing, does not
// exist). Waits up to 10 s for another writer's lock (two nightly jobs adding at once).
std::unique_ptr<Database> open_sqlite(const DatabaseUrl& url, OpenMode mode);

}  // namespace metron::history
