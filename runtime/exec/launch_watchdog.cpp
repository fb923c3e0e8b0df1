// The exec --timeout watchdog (see launch_watchdog.h).
#include "runtime/exec/launch_watchdog.h"

#include <chrono>
#include <thread>

#include "runtime/exec/interruption.h"

namespace metron::rt {

void start_launch_watchdog(double timeout_s) {
  if (timeout_s <= 0) return;
  const auto start = std::chrono::steady_clock::now();
  // A plain thread rather than SIGALRM: ending the launch writes the manifest, which a signal
  // handler cannot do safely. It makes no MPI call, so MPI_THREAD_SINGLE is still honoured.
  std::thread([start, timeout_s] {
    std::this_thread::sleep_until(start + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::duration<double>(timeout_s)));
    const double after =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    end_launch_on_timeout(timeout_s, after);
  }).detach();
}

}  // namespace metron::rt
