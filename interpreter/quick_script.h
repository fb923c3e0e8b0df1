// `metron quick`: the script for the common case, one operation over a sweep of message sizes,
// as the OSU micro-benchmarks measure it (sizes in bytes, 0 then powers of two).
#pragma once

#include <optional>
#include <string>

namespace metron {

struct QuickRequest {
  std::string op;                // a measurement function (any case) or OSU program name
  std::string sizes = "0:1MiB";  // "MIN:MAX" or "MAX" (MIN 0), sizes as in the language
  bool sizes_given = false;      // an operation without a message size refuses --sizes
};

// Why quick_script refused a request: the message, and for an unknown name the closest known
// one (a measurement function or an OSU program name), empty when none is close.
struct QuickError {
  std::string text;
  std::string did_you_mean;
};

// The generated script, or nullopt with `error` set (an unknown operation, bad sizes). The
// operation is found by its name, then as an OSU program name (osu_names.h), then by its name
// in any case. The script sets the buffer to what the largest size needs on get_np() ranks when
// that can exceed the 4 MiB default, so that no size is cut.
std::optional<std::string> quick_script(const QuickRequest& request, QuickError& error);

// Whether the operation quick_script measures for `op` runs threads (osu_latency_mt, IMB-MT):
// MPI must then be started with MPI_THREAD_MULTIPLE.
bool quick_needs_threads(const std::string& op);

}  // namespace metron
