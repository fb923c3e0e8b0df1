// The verdict on one comparison of B with A (a replay against its recording, two folders, two
// levels of a factor, two paired operations): from the difference test and the equivalence test
// (both after the multiplicity correction) against a stated margin. Pure logic, no I/O.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace metron::stats {

enum class Verdict {
  Equivalent,           // TOST within the margin, no significant difference
  Differs,              // significant difference, not shown to be within the margin
  DiffersWithinMargin,  // significant difference, and TOST shows it lies within the margin
  Inconclusive,         // neither, or too few launches for the tests to reach alpha at all
};

struct VerdictInputs {
  double p_difference = 0.0;   // two-sided difference test, adjusted; NaN when undefined
  double p_equivalence = 0.0;  // TOST, adjusted; NaN when undefined
  double alpha = 0.05;
  // The launches can decide: the exact two-sided test can reach the corrected level with these
  // launch counts (see decidable()). Below that "equivalent" would rest on a design that could
  // never have said "differs".
  bool decidable = true;
};

Verdict decide(const VerdictInputs& in);

// Whether n_a and n_b launches can give an exact p-value <= level (rank-sum: 1 / C(n_a + n_b,
// n_a); paired: 1 / 2^n with n = min(n_a, n_b); twice that two-sided).
bool decidable(std::size_t n_a, std::size_t n_b, double level, bool paired, bool two_sided = true);

// For an inconclusive verdict: the launches per side that would decide it, from the observed
// spread s of the log per-launch medians and the observed log ratio theta (HL estimate):
// if exp(theta) is within the margin, the launches to show equivalence assuming the true ratio
// is exp(theta); otherwise the launches to detect a difference of that size. Never fewer than
// the exact test needs to reach `level`, nor than the launches already made plus one. Empty when
// there is nothing to plan from (s or theta undefined, e.g. one launch per side) or no count up
// to the planner's limit suffices.
std::optional<std::size_t> launches_needed(double s, double theta, double margin, double level,
                                           double power, bool paired, std::size_t launches_now);

// "equivalent", "differs", "differs within margin", "inconclusive".
const char* verdict_name(Verdict v);

}  // namespace metron::stats
