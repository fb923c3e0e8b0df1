// One sentence per compared job that a paper can quote: the effect of B against A as a
// percentage (or a factor) with its confidence interval, the verdict against the equivalence
// margin, and the launches it rests on, e.g.
//   Bcast 4 KiB: B is 3.1% slower than A (95% CI 1.7-4.5%), a significant difference within
//   the ±5% margin (10 launches each)
// Pure formatting over a Comparison (compare.h): no I/O, no MPI, so that verdicts of claims can
// say the same thing the same way.
#pragma once

#include <string>

#include "runtime/analysis/compare.h"

namespace metron::analysis {

struct SentenceContext {
  std::string job;  // what was compared, e.g. "Bcast 4 KiB" (compact_job_labels)
  std::string name_a = "A", name_b = "B";  // the two sides as the reader knows them
  double margin = 0.05;                    // the equivalence margin of the verdict
  bool strict = false;  // --strict: a verdict on launches with noise flags is inconclusive
};

// The effect of B relative to A from a ratio of times r = B/A: "3.1% slower", "0.52% faster",
// "the same time", and beyond ±50% a factor: "2.40x the time". Empty for a ratio that is not a
// positive number.
std::string ratio_phrase(double r);

// The confidence interval of the ratio, as the reader of the effect expects it: "95% CI
// 1.7-4.5%" when both ends lie on the side of the estimate, else "95% CI 2.0% faster to 4.1%
// slower". Empty when the CI is undefined (too few launches).
std::string ratio_ci_phrase(const Comparison& c);

// The sentence (no final period, so that it can be quoted inside another one).
std::string verdict_sentence(const Comparison& c, const SentenceContext& ctx);

}  // namespace metron::analysis
