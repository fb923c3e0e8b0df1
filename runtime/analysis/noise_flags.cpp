// Noise flags reduced to kinds, and their unions (see noise_flags.h). NOISE-TEXT: the texts are
// those of runtime/results/job_summary.cpp (descheduled observations), runtime/adapt/contention.cpp
// (the job's contention) and runtime/adapt/machine_load.cpp (the launch's check at start; folders
// written before the load average became context carry its finding too);
// tests/mpi/analysis_noise_test feeds the producers' own texts through noise_kinds.
#include "runtime/analysis/noise_flags.h"

#include <fmt/format.h>

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
    else if (flag.rfind("CPU pressure", 0) == 0)
      out.insert("CPU pressure");
    else if (flag.find("involuntary context switches") != std::string::npos)
      out.insert("involuntary context switches");
    else if (flag.rfind("steal time", 0) == 0)
      out.insert("steal time");
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

void NoiseSummary::add(const LaunchValue& v) {
  ++total;
  const std::set<std::string> kinds = noise_kinds(v.noise);
  if (kinds.empty()) return;
  ++flagged;
  for (const auto& k : kinds) ++launches_by_kind[k];
}

void NoiseSummary::add(const NoiseSummary& other) {
  total += other.total;
  flagged += other.flagged;
  for (const auto& [k, n] : other.launches_by_kind) launches_by_kind[k] += n;
}

std::set<std::string> NoiseSummary::kinds() const {
  std::set<std::string> out;
  for (const auto& [k, n] : launches_by_kind) out.insert(k);
  return out;
}

NoiseSummary noise_of(std::span<const LaunchValue> values) {
  NoiseSummary s;
  for (const LaunchValue& v : values) s.add(v);
  return s;
}

NoiseSummary noise_of(const JobSeries& s) {
  return noise_of(std::span<const LaunchValue>(s.launches));
}

NoiseSummary folder_noise(const ResultsData& d) {
  std::map<std::int64_t, std::set<std::string>> by_launch;
  for (const JobSeries& s : d.jobs)
    for (const LaunchValue& v : s.launches) by_launch[v.launch].merge(noise_kinds(v.noise));
  NoiseSummary out;
  for (const auto& [launch, kinds] : by_launch) {
    ++out.total;
    if (kinds.empty()) continue;
    ++out.flagged;
    for (const auto& k : kinds) ++out.launches_by_kind[k];
  }
  return out;
}

std::string noise_footer(std::span<const NoiseSummary> rows, bool verdicts, bool strict) {
  std::map<std::string, std::size_t> rows_by_kind;
  std::size_t flagged = 0;
  for (const NoiseSummary& r : rows) {
    if (!r.any()) continue;
    ++flagged;
    for (const auto& [k, n] : r.launches_by_kind) ++rows_by_kind[k];
  }
  if (flagged == 0) return "";
  std::string named;
  for (const auto& [k, n] : rows_by_kind)
    named += fmt::format("{}{} ({} row{})", named.empty() ? "" : ", ", k, n, n == 1 ? "" : "s");
  std::string out =
      fmt::format("{}: {} of {} row{} computed on launches with noise flags: {}\n", kNoiseMark,
                  flagged, rows.size(), rows.size() == 1 ? "" : "s", named);
  if (verdicts)
    out += strict
               ? "   --strict: their verdicts are inconclusive (the noise column names the flags)\n"
               : "   their verdicts may reflect the machine, not the library; --strict makes "
                 "them inconclusive\n";
  return out;
}

}  // namespace metron::analysis
