// Where an installed metron finds its data (see commands.h): relative to the binary, so that a
// relocated installation (dpkg --instdir, a copied prefix) still works.
#include <filesystem>

#include "interpreter/cli/commands.h"

namespace metron {

std::string locate_stdlib_dir() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path bin = exe.parent_path();
#if defined(METRON_BUILD_DIR) && defined(METRON_SOURCE_DIR)
  if (fs::equivalent(bin, METRON_BUILD_DIR, ec)) return METRON_SOURCE_DIR "/stdlib-benchmarks";
#endif
  fs::path dir = (bin / METRON_STDLIB_RELDIR).lexically_normal();
  return fs::is_directory(dir, ec) ? dir.string() : "";
}

}  // namespace metron
