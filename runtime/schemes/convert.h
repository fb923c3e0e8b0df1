// Conversion of a scheme's raw stamps to seconds, after its timed loop.
#pragma once

#include <bit>

#include "runtime/schemes/scheme.h"

namespace metron::rt {

template <class Timer>
void convert_stamps(const SchemeRun& r, std::int64_t ops_per_observation) {
  using Stamp = typename Timer::Stamp;
  static_assert(sizeof(Stamp) == sizeof(std::uint64_t));
  const double div = static_cast<double>(ops_per_observation);
  for (std::int64_t i = 0; i < r.n; ++i) {
    const double s = Timer::seconds(std::bit_cast<Stamp>((*r.stamps_start)[i]));
    const double e = Timer::seconds(std::bit_cast<Stamp>((*r.stamps_end)[i]));
    r.start_s[i] = s;
    r.end_s[i] = ops_per_observation == 1 ? e : s + (e - s) / div;
    r.valid[i] = (*r.valid_scratch)[i];
  }
}

// Sizes the scratch arrays for n observations (before a timed loop).
inline void size_scratch(const SchemeRun& r) {
  r.stamps_start->resize(static_cast<std::size_t>(r.n));
  r.stamps_end->resize(static_cast<std::size_t>(r.n));
  r.valid_scratch->resize(static_cast<std::size_t>(r.n));
}

}  // namespace metron::rt
