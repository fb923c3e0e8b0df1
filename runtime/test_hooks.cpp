// The test hooks (see test_hooks.h).
#include "runtime/test_hooks.h"

#include <charconv>
#include <cstdlib>

namespace metron::rt {

const char* test_hook_variable(TestHook hook) {
  switch (hook) {
#define METRON_TEST_HOOK(id, variable, what, test) \
  case TestHook::id:                               \
    return variable;
#include "runtime/test_hooks.def"
#undef METRON_TEST_HOOK
  }
  return "";
}

std::string test_hook_text(TestHook hook) {
  const char* v = std::getenv(test_hook_variable(hook));
  return v ? v : "";
}

std::int64_t test_hook_number(TestHook hook, std::int64_t unset) {
  const std::string text = test_hook_text(hook);
  std::int64_t n = 0;
  const char* end = text.data() + text.size();
  auto [at, ec] = std::from_chars(text.data(), end, n);
  return text.empty() || ec != std::errc() || at != end ? unset : n;
}

}  // namespace metron::rt
