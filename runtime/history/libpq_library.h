// libpq's functions that the PostgreSQL backend and the URL check call, loaded when the first
// command names a postgresql:// database (runtime/plan/shared_library.h says why not at
// start-up: libpq brings GnuTLS, Kerberos and LDAP along). No MPI.
#pragma once

#include <libpq-fe.h>

#include "runtime/plan/shared_library.h"

namespace metron::history {

struct LibpqLibrary {
#define METRON_LIBRARY_FUNCTION(name) decltype(&::name) name = nullptr;
#include "runtime/history/libpq_functions.def"
#undef METRON_LIBRARY_FUNCTION
};

// Loaded at the first call; throws MessageError library_unavailable when it cannot be.
const LibpqLibrary& libpq();

}  // namespace metron::history
