// How deep a JSON text nests, found by one pass over its bytes before it is parsed: a file from
// someone else (a manifest, a bundle's metadata) that nests '[' millions deep is refused at once
// instead of costing the parser seconds and gigabytes. No MPI.
#pragma once

#include <cstddef>
#include <string_view>

namespace metron {

// The deepest nesting any JSON file Metron reads may have; what Metron writes stays below 20.
inline constexpr std::size_t kMaxJsonDepth = 256;

// Whether the arrays and objects of `text` nest at most `max_depth` deep (brackets inside
// strings do not count). Linear in the size of `text`; stops at the first bracket too deep. The
// text need not be valid JSON: the parser finds what else is wrong.
bool json_depth_within(std::string_view text, std::size_t max_depth = kMaxJsonDepth);

}  // namespace metron
