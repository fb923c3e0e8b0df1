// sample_contention (see contention_probe.h).
#include "runtime/measure/contention_probe.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <string_view>

#include "runtime/simulation.h"

namespace metron::rt {

namespace {

// The start of a small /proc file (the lines wanted are the first); "" when it cannot be read.
std::string_view read_head(const char* path, char (&buf)[512]) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  const ssize_t n = ::read(fd, buf, sizeof buf);
  ::close(fd);
  return n > 0 ? std::string_view(buf, static_cast<std::size_t>(n)) : std::string_view();
}

}  // namespace

adapt::ContentionSample sample_contention() {
  adapt::ContentionSample s;
  // A simulated launch's times are the platform model's: this machine's contention does not
  // enter them, so nothing is read (every measure is then unavailable).
  if constexpr (kSimulated) return s;
  char buf[512];
  s.pressure_some_us = adapt::parse_pressure_some_us(read_head("/proc/pressure/cpu", buf));
  if (const auto t = adapt::parse_stat_cpu(read_head("/proc/stat", buf))) {
    s.steal_ticks = t->steal;
    s.cpu_ticks = t->total;
  }
  rusage u{};
  if (::getrusage(RUSAGE_SELF, &u) == 0) s.involuntary_switches = static_cast<double>(u.ru_nivcsw);
  // Wall time, as the pressure counter is (in a simulation the launch's clock is simulated).
  s.wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  return s;
}

ContentionSources contention_sources() {
  static const ContentionSources probed = [] {
    const adapt::ContentionSample s = sample_contention();
    return ContentionSources{s.pressure_some_us.has_value(), s.steal_ticks.has_value(),
                             s.involuntary_switches.has_value()};
  }();
  return probed;
}

}  // namespace metron::rt
