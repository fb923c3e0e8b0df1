// SKaMPI's data access classes (io.c: print_data_access_settings, data_access_routines).
#include "runtime/plan/io_settings.h"

namespace metron {

namespace {

// The order of SKaMPI's iterator: blocking before split, noncollective before collective.
constexpr std::int64_t kClasses[] = {0x111, 0x112, 0x114, 0x121, 0x122, 0x124,
                                     0x211, 0x212, 0x214, 0x221, 0x222, 0x224};

}  // namespace

bool io_daccess_valid(std::int64_t daccess) {
  for (std::int64_t c : kClasses)
    if (c == daccess) return true;
  return false;
}

std::optional<DiagId> io_daccess_restriction(std::string_view func, std::int64_t daccess) {
  const bool shared = (daccess & kIoSharedPointer) != 0;
  if (func == "MPI_IO_write_sequential" || func == "MPI_IO_read_sequential")
    if (!shared) return DiagId::io_daccess_sequential;
  if (func == "MPI_IO_write_noncontiguous" || func == "MPI_IO_read_noncontiguous" ||
      func == "MPI_IO_read_file" || func == "MPI_IO_read_and_distribute")
    if (shared) return DiagId::io_daccess_shared_undefined;
  if (func == "MPI_IO_write_and_read" && (shared || (daccess & kIoCollective)))
    return DiagId::io_daccess_noncollective_only;
  return std::nullopt;
}

std::vector<std::int64_t> io_data_access_routines(std::int64_t pattern) {
  std::vector<std::int64_t> out;
  for (std::int64_t c : kClasses)
    if ((pattern & c) == c) out.push_back(c);
  return out;
}

std::string io_routine_name(std::int64_t d, bool write) {
  const bool coll = d & kIoCollective, split = d & kIoNonblockingSplit;
  // The nonblocking routines put their 'i' before the verb: MPI_File_iwrite_at.
  std::string n =
      std::string("MPI_File_") + (split && !coll ? "i" : "") + (write ? "write" : "read");
  if (d & kIoExplicitOffsets) n += coll ? "_at_all" : "_at";
  if (d & kIoIndividualPointers) n += coll ? "_all" : "";
  if (d & kIoSharedPointer) n += coll ? "_ordered" : "_shared";
  if (split && coll) n += "_begin/end";
  return n;
}

std::string io_daccess_text(std::int64_t d) {
  std::string t = d & kIoExplicitOffsets      ? "explicit offsets"
                  : d & kIoIndividualPointers ? "individual file pointers"
                                              : "shared file pointer";
  t += d & kIoBlocking ? ", blocking" : d & kIoCollective ? ", split collective" : ", nonblocking";
  t += d & kIoCollective ? ", collective" : ", noncollective";
  return t;
}

std::string io_cache_name(IoCache c) {
  return c == IoCache::Drop ? "drop" : "keep";
}

std::optional<IoCache> io_cache_named(const std::string& name) {
  if (name == "keep") return IoCache::Keep;
  if (name == "drop") return IoCache::Drop;
  return std::nullopt;
}

}  // namespace metron
