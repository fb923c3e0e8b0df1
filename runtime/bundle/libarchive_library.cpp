// Loading libarchive (see libarchive_library.h).
#include "runtime/bundle/libarchive_library.h"

#include "runtime/plan/message_error.h"

namespace metron::bundle {

const ArchiveLibrary& libarchive() {
  static const ArchiveLibrary loaded = [] {
    const SharedLibrary lib(METRON_LIBARCHIVE_SONAME, "a bundle (.tar.gz)");
    ArchiveLibrary table;
#define METRON_LIBRARY_FUNCTION(name) table.name = lib.function<decltype(&::name)>(#name);
#include "runtime/bundle/libarchive_functions.def"
#undef METRON_LIBRARY_FUNCTION
    return table;
  }();
  return loaded;
}

bool libarchive_loaded(std::string& error) {
  try {
    libarchive();
    return true;
  } catch (const MessageError& e) {
    error = e.what();
    return false;
  }
}

}  // namespace metron::bundle
