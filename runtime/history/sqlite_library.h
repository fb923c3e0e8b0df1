// libsqlite3's functions that the SQLite backend calls, loaded when the first history command
// opens a database (runtime/plan/shared_library.h says why not at start-up). No MPI.
#pragma once

#include <sqlite3.h>

#include "runtime/plan/shared_library.h"

namespace metron::history {

struct SqliteLibrary {
#define METRON_LIBRARY_FUNCTION(name) decltype(&::name) name = nullptr;
#include "runtime/history/sqlite_functions.def"
#undef METRON_LIBRARY_FUNCTION
};

// Loaded at the first call; throws MessageError library_unavailable when it cannot be.
const SqliteLibrary& libsqlite3();

}  // namespace metron::history
