// Loading libpq (see libpq_library.h).
#include "runtime/history/libpq_library.h"

namespace metron::history {

const LibpqLibrary& libpq() {
  static const LibpqLibrary loaded = [] {
    const SharedLibrary lib(METRON_LIBPQ_SONAME, "a PostgreSQL history database");
    LibpqLibrary table;
#define METRON_LIBRARY_FUNCTION(name) table.name = lib.function<decltype(&::name)>(#name);
#include "runtime/history/libpq_functions.def"
#undef METRON_LIBRARY_FUNCTION
    return table;
  }();
  return loaded;
}

}  // namespace metron::history
