// A rank's signal from the process manager's report (see rank_signal.h).
#include "runtime/launcher/rank_signal.h"

#include <cctype>
#include <string_view>

namespace metron::launcher {

namespace {

// The number after `marker` in `text` (after the first occurrence that has one), or 0.
int number_after(std::string_view text, std::string_view marker) {
  for (std::size_t at = text.find(marker); at != std::string_view::npos;
       at = text.find(marker, at + 1)) {
    std::size_t i = at + marker.size();
    int sig = 0;
    std::size_t digits = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 3;
         ++i, ++digits)
      sig = sig * 10 + (text[i] - '0');
    if (digits > 0 && sig > 0 && sig < 65) return sig;
  }
  return 0;
}

}  // namespace

int rank_signal_in_output(const std::string& output) {
  const std::string_view text(output);
  // Hydra: "YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)".
  const std::size_t hydra = text.find("TERMINATED WITH THE EXIT STRING:");
  if (hydra != std::string_view::npos)
    if (int sig = number_after(text.substr(hydra), "(signal "); sig != 0) return sig;
  // Open MPI: "mpirun noticed that process rank 1 with PID 42 on node n exited on signal 9".
  return number_after(text, "exited on signal ");
}

}  // namespace metron::launcher
