// `metron quick`: the script for the common case, one operation over a sweep of message sizes,
// as the OSU micro-benchmarks measure it (sizes in bytes, 0 then powers of two).
#pragma once

#include <optional>
#include <string>

namespace metron {

struct QuickRequest {
  std::string op;                // a measurement function, e.g. "Bcast"
  std::string sizes = "0:1MiB";  // "MIN:MAX" or "MAX" (MIN 0), sizes as in the language
  bool sizes_given = false;      // an operation without a message size refuses --sizes
};

// The generated script, or nullopt with `error` set (an unknown operation, bad sizes).
std::optional<std::string> quick_script(const QuickRequest& request, std::string& error);

}  // namespace metron
