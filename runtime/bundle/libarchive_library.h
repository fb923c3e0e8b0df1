// libarchive's functions that `metron pack` and the bundle reader call, loaded when a command
// first packs or reads a bundle (runtime/plan/shared_library.h says why not at start-up). No MPI.
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <string>

#include "runtime/plan/shared_library.h"

namespace metron::bundle {

struct ArchiveLibrary {
#define METRON_LIBRARY_FUNCTION(name) decltype(&::name) name = nullptr;
#include "runtime/bundle/libarchive_functions.def"
#undef METRON_LIBRARY_FUNCTION
};

// Loaded at the first call; throws MessageError library_unavailable when it cannot be.
const ArchiveLibrary& libarchive();

// Loads it now: false with the catalogue's text in `error` when it cannot be (pack and unpack
// report errors as text and exit codes, not exceptions).
bool libarchive_loaded(std::string& error);

}  // namespace metron::bundle
