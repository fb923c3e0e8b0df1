// The stdlib folder setting (see stdlib_path.h).
#include "interpreter/stdlib_path.h"

#include <filesystem>

namespace metron {

namespace {
std::string& stdlib_dir_storage() {
  static std::string dir;
  return dir;
}
}  // namespace

void set_stdlib_dir(std::string dir) {
  stdlib_dir_storage() = std::move(dir);
}

const std::string& stdlib_dir() {
  return stdlib_dir_storage();
}

std::string resolve_script_path(const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (file.empty() || file == "-" || fs::path(file).is_absolute() || fs::exists(file, ec) ||
      stdlib_dir().empty())
    return file;
  const fs::path in_stdlib = fs::path(stdlib_dir()) / file;
  return fs::is_regular_file(in_stdlib, ec) ? in_stdlib.string() : file;
}

}  // namespace metron
