// The step in which a clock advances when that step hides under the cost of a read: a clock
// read in 1 ns units whose value moves in 10 ns steps (the TSC-based clock of the development
// VM) never shows its step as the smallest difference of two consecutive reads (~30 ns, the read
// cost), yet every duration it measures is a multiple of 10 ns.
#pragma once

#include <cstdint>
#include <span>

namespace metron::stats {

// The largest step s (in ticks, 2 <= s <= 1000) such that at least 99% of the differences lie
// within one tick of a multiple of s (exactly on one for s < 4, where a one-tick tolerance
// would accept anything) and the differences fall on at least 4 distinct multiples (so that a
// constant spacing between reads is not taken for the step); 1 when none is. Differences <= 0
// are ignored. The caller reads the clock with varying delays between the two reads.
std::int64_t clock_step(std::span<const std::int64_t> diffs_ticks);

}  // namespace metron::stats
