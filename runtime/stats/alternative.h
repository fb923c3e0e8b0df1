// The alternative hypothesis of a two-sample test, named as in R (alternative = "two.sided",
// "less", "greater").
#pragma once

namespace metron::stats {

// Less: the first sample is shifted to the left of the second (x tends to be smaller, e.g.
// "A is faster than B" for run times); Greater: to the right. Rejecting Less does not show
// Greater: test that one on its own (Hunold & Carpen-Amarie, ReproMPI §6).
enum class Alternative { TwoSided, Less, Greater };

}  // namespace metron::stats
