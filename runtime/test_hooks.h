// The one place where Metron reads its test hooks (the table is test_hooks.def; docs/testing.md
// lists them). A hook is read at every call, outside every timed region: tests set and unset
// hooks between cases of one process.
#pragma once

#include <cstdint>
#include <string>

namespace metron::rt {

enum class TestHook {
#define METRON_TEST_HOOK(id, variable, what, test) id,
#include "runtime/test_hooks.def"
#undef METRON_TEST_HOOK
};

// The environment variable of a hook.
const char* test_hook_variable(TestHook hook);

// The hook's text, or "" when it is not set.
std::string test_hook_text(TestHook hook);

// The hook's value as a whole number, or `unset` when it is not set or not a number.
std::int64_t test_hook_number(TestHook hook, std::int64_t unset);

}  // namespace metron::rt
