// The test hooks are read from the environment at every call, through one table.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "runtime/test_hooks.h"

using namespace metron::rt;

TEST_CASE("test hooks: a hook is its variable's text or number, read at every call") {
  CHECK(std::string(test_hook_variable(TestHook::IoFreeBytes)) == "METRON_TEST_IO_FREE_BYTES");
  CHECK(std::string(test_hook_variable(TestHook::Cores)) == "METRON_CORES");
  ::unsetenv("METRON_TEST_IO_FREE_BYTES");
  CHECK(test_hook_text(TestHook::IoFreeBytes).empty());
  CHECK(test_hook_number(TestHook::IoFreeBytes, -1) == -1);
  ::setenv("METRON_TEST_IO_FREE_BYTES", "1000", 1);
  CHECK(test_hook_number(TestHook::IoFreeBytes, -1) == 1000);
  ::setenv("METRON_TEST_IO_FREE_BYTES", "12kB", 1);  // not a number: as if unset
  CHECK(test_hook_number(TestHook::IoFreeBytes, -1) == -1);
  CHECK(test_hook_text(TestHook::IoFreeBytes) == "12kB");
  ::unsetenv("METRON_TEST_IO_FREE_BYTES");
}
