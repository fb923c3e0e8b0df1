// The history database on a PostgreSQL server (libpq). No MPI.
#pragma once

#include <memory>

#include "runtime/history/database.h"

namespace metron::history {

// Throws MessageError when the server cannot be reached or refuses the connection.
std::unique_ptr<Database> open_postgres(const DatabaseUrl& url);

}  // namespace metron::history
