// What `metron compare` (and a run's comparison of factor levels) prints for people: the test
// (comparison_header), then per block one quotable sentence per job (verdict_sentence.h), a count
// per verdict, and, when jobs are inconclusive, the launches per side that would decide them and
// the command that makes them. The wide table (comparison_table) stays for --table. No MPI.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/analysis/compare.h"

namespace metron::analysis {

// "3 equivalent, 1 differ, 0 differ within margin, 2 inconclusive" (as replay counts them).
std::string verdict_counts(const std::vector<Comparison>& cs);

// The most launches per side that an inconclusive job needs (0: none is, or none can say).
std::size_t most_launches_needed(const std::vector<Comparison>& cs);

// `decide`: the command that would decide the inconclusive jobs, with "{n}" where the launches
// per side go (empty: none is given). name_a and name_b head the output ("A: DIR").
std::string comparison_sentences(const std::vector<Comparison>& cs, const CompareOptions& o,
                                 const std::string& name_a, const std::string& name_b,
                                 const std::string& decide = "");

}  // namespace metron::analysis
