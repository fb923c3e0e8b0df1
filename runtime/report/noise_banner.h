// The report's noise banner: when launches behind the page carry noise flags (summary.csv column
// noise), a box under the header names the flags and says how many launches and verdicts they
// touch, so that a clean-looking plot of a noisy run is not read as publishable. No MPI.
#pragma once

#include <string>

#include "runtime/report/report_input.h"

namespace metron::report {

// The banner as HTML (a <p class="noise" id="noise-banner">), or "" when no launch is flagged.
std::string noise_banner_html(const ReportInput& in);

}  // namespace metron::report
