// Loading libsqlite3 (see sqlite_library.h).
#include "runtime/history/sqlite_library.h"

namespace metron::history {

const SqliteLibrary& libsqlite3() {
  static const SqliteLibrary loaded = [] {
    const SharedLibrary lib(METRON_SQLITE_SONAME, "an SQLite history database");
    SqliteLibrary table;
#define METRON_LIBRARY_FUNCTION(name) table.name = lib.function<decltype(&::name)>(#name);
#include "runtime/history/sqlite_functions.def"
#undef METRON_LIBRARY_FUNCTION
    return table;
  }();
  return loaded;
}

}  // namespace metron::history
