// MPI-IO settings (SKaMPI's set_io_* functions, `set io_* = ...`) and SKaMPI's data access
// classes: which MPI_File_read/write routine a `daccess` integer names (SKaMPI io.c, MPI-3.1
// §13.4.1 Table 13.1). Pure logic: the runtime's MPI-IO operations (runtime/ops/io_*.cpp) and
// the front end's checks share it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/plan/diagnostics.h"

namespace metron {

// What happens to the page cache around a file operation (docs/io.md "Page cache").
enum class IoCache {
  Keep,  // as SKaMPI and IMB-IO: the OS caches file data
  Drop,  // posix_fadvise(POSIX_FADV_DONTNEED) after each write (synced) and before each read
};

struct IoSettings {
  std::string working_dir;         // "": a temporary folder in the results folder
  std::string datarep = "native";  // native | internal | external32
  bool atomicity = false;          // SKaMPI's defaults (io.c)
  bool preallocation = false;
  bool unique_open = false;
  bool file_sync = true;  // MPI_File_sync inside the timed region of every write
  bool keep_files = false;
  IoCache cache = IoCache::Keep;
  std::vector<std::pair<std::string, std::string>> file_info;  // set_file_info: MPI_Info hints
};

// SKaMPI's data access bits: positioning | synchronism | coordination.
inline constexpr int kIoExplicitOffsets = 0x001;
inline constexpr int kIoIndividualPointers = 0x002;
inline constexpr int kIoSharedPointer = 0x004;
inline constexpr int kIoBlocking = 0x010;
inline constexpr int kIoNonblockingSplit = 0x020;
inline constexpr int kIoNoncollective = 0x100;
inline constexpr int kIoCollective = 0x200;

// One of the 12 classes: exactly one bit of each group.
bool io_daccess_valid(std::int64_t daccess);
// Why SKaMPI's MPI-IO function `func` cannot run the valid class `daccess` (the access pattern
// excludes it), or nullopt. The front end's check and the runtime's bind share this rule.
std::optional<DiagId> io_daccess_restriction(std::string_view func, std::int64_t daccess);
// The classes contained in `pattern`, in SKaMPI's order (its data_access_routines iterator).
std::vector<std::int64_t> io_data_access_routines(std::int64_t pattern);
// "MPI_File_write_at", "MPI_File_read_all_begin/end", ... for a valid class.
std::string io_routine_name(std::int64_t daccess, bool write);
// "explicit offsets, blocking, noncollective".
std::string io_daccess_text(std::int64_t daccess);

std::string io_cache_name(IoCache c);
std::optional<IoCache> io_cache_named(const std::string& name);

}  // namespace metron
