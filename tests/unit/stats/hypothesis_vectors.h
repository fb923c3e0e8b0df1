// Small samples shared by the two-sample test cases, the same as a, b and cc in
// tools/refvalues/tests.R.
#pragma once

#include <vector>

namespace metron::stats::testing {

inline const std::vector<double> kA = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
inline const std::vector<double> kB = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
inline const std::vector<double> kC = {2.1, 2.9, 3.3, 4.0, 4.4};

}  // namespace metron::stats::testing
