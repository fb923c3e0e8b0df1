// Test-only hangs (see test_hang.h).
#include "runtime/exec/test_hang.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "runtime/test_hooks.h"

namespace metron::rt {

namespace {

// The spec of METRON_TEST_HANG if it names this rank, else "".
std::string hang_spec_for(int rank) {
  const std::string s = test_hook_text(TestHook::Hang);
  auto colon = s.find(':');
  if (colon == std::string::npos) return "";
  if (std::atoi(s.substr(0, colon).c_str()) != rank) return "";
  return s.substr(colon + 1);
}

[[noreturn]] void hang_forever() {
  for (;;) ::pause();
}

// With METRON_TEST_HANG_ONCE, only the first process to get here hangs.
bool first_time() {
  const std::string once = test_hook_text(TestHook::HangOnce);
  if (once.empty()) return true;
  int fd = ::open(once.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return false;
  ::close(fd);
  return true;
}

}  // namespace

void test_hang_before_init() {
  const char* r = std::getenv("PMI_RANK");
  if (!r || hang_spec_for(std::atoi(r)) != "init") return;
  if (first_time()) hang_forever();
}

void test_hang_in_job(int world_rank, std::int64_t job_id) {
  std::string spec = hang_spec_for(world_rank);
  if (spec.rfind("job:", 0) != 0 || std::atoll(spec.c_str() + 4) != job_id) return;
  if (first_time()) hang_forever();
}

}  // namespace metron::rt
