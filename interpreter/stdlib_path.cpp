// The stdlib folder setting (see stdlib_path.h).
#include "interpreter/stdlib_path.h"

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

}  // namespace metron
