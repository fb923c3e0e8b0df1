// Noise flags reduced to kinds (see noise_flags.h). The texts are those of
// runtime/exec/job_summary.cpp (descheduled observations) and runtime/adapt/machine_load.cpp
// (the launch's check at start).
#include "runtime/analysis/noise_flags.h"

namespace metron::analysis {

std::set<std::string> noise_kinds(const std::string& cell) {
  std::set<std::string> out;
  std::size_t start = 0;
  while (start < cell.size()) {
    std::size_t end = cell.find(';', start);
    if (end == std::string::npos) end = cell.size();
    std::string flag = cell.substr(start, end - start);
    while (!flag.empty() && flag.front() == ' ') flag.erase(flag.begin());
    while (!flag.empty() && flag.back() == ' ') flag.pop_back();
    if (flag.find("descheduled") != std::string::npos)
      out.insert("descheduled observations");
    else if (flag.rfind("load average", 0) == 0)
      out.insert("load average above the cores");
    else if (flag.find("oversubscribed") != std::string::npos)
      out.insert("oversubscribed");
    else if (!flag.empty())
      out.insert(flag);
    start = end + 1;
  }
  return out;
}

std::string noise_text(const std::set<std::string>& kinds) {
  std::string out;
  for (const auto& k : kinds) out += (out.empty() ? "" : "; ") + k;
  return out;
}

}  // namespace metron::analysis
