// The default job limit of a plan (METRON_MAX_JOBS).
#include "runtime/plan/build_options.h"

#include <cstdlib>

namespace metron {

std::size_t default_max_jobs() {
  if (const char* e = std::getenv("METRON_MAX_JOBS")) {
    char* end = nullptr;
    unsigned long long v = std::strtoull(e, &end, 10);
    if (end != e && *end == '\0' && v > 0) return static_cast<std::size_t>(v);
  }
  return 1'000'000;
}

}  // namespace metron
