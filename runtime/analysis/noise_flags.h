// The noise flags of summary.csv rows reduced to their kinds, so that the flags of many launches
// read as one short list: "descheduled observations", "load average above the cores",
// "oversubscribed". The per-launch details (how many, how long, which host) stay in summary.csv.
#pragma once

#include <set>
#include <string>

namespace metron::analysis {

// The kinds named by one `noise` cell ("1 of 15 observations descheduled (...); load average
// 6.6 on 2 cores of 'vm' at start"); an unknown flag is kept as written.
std::set<std::string> noise_kinds(const std::string& cell);

// "descheduled observations; load average above the cores" (empty for none).
std::string noise_text(const std::set<std::string>& kinds);

}  // namespace metron::analysis
