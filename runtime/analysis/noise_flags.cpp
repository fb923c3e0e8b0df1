// Noise flags of launches and their unions (see noise_flags.h).
#include "runtime/analysis/noise_flags.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace metron::analysis {

namespace {

// NOISE-TEXT: the findings' wording comes from adapt::machine_findings ("(oversubscribed)",
// "load average") and rt::summarize ("observations descheduled"); tests/mpi/analysis_noise_test
// feeds them through noise_kinds, so a change of wording there fails here.
struct NoiseKind {
  const char* kind;
  const char* marker;  // a finding that contains it is of this kind
  const char* text;
};
constexpr NoiseKind kNoiseKinds[] = {
    {"oversubscribed", "(oversubscribed)", "more ranks than cores (oversubscribed)"},
    {"load_average", "load average", "load average above the core count at start"},
    {"descheduled", "descheduled", "descheduled observations (over 1%)"},
};
constexpr const char* kOther = "other";

std::size_t kind_rank(std::string_view kind) {
  std::size_t i = 0;
  for (const NoiseKind& k : kNoiseKinds) {
    if (kind == k.kind) return i;
    ++i;
  }
  return i;  // "other" last
}

// Findings are joined with "; " (summary.csv); a cell of one finding has no separator.
std::vector<std::string_view> findings(std::string_view cell) {
  std::vector<std::string_view> out;
  while (!cell.empty()) {
    const std::size_t at = cell.find("; ");
    std::string_view f = cell.substr(0, at);
    while (!f.empty() && f.front() == ' ') f.remove_prefix(1);
    if (!f.empty()) out.push_back(f);
    if (at == std::string_view::npos) break;
    cell.remove_prefix(at + 2);
  }
  return out;
}

}  // namespace

std::vector<std::string> noise_kinds(std::string_view noise_cell) {
  std::set<std::size_t> ranks;
  for (std::string_view f : findings(noise_cell)) {
    std::size_t r = std::size(kNoiseKinds);
    for (std::size_t i = 0; i < std::size(kNoiseKinds); ++i)
      if (f.find(kNoiseKinds[i].marker) != std::string_view::npos) {
        r = i;
        break;
      }
    ranks.insert(r);
  }
  std::vector<std::string> out;
  for (std::size_t r : ranks)
    out.emplace_back(r < std::size(kNoiseKinds) ? kNoiseKinds[r].kind : kOther);
  return out;
}

std::string noise_kind_text(std::string_view kind) {
  for (const NoiseKind& k : kNoiseKinds)
    if (kind == k.kind) return k.text;
  return "other findings (summary.csv column noise)";
}

void NoiseSummary::add(const LaunchValue& v) {
  ++total;
  const std::vector<std::string> kinds = noise_kinds(v.noise);
  if (kinds.empty()) return;
  ++flagged;
  for (const auto& k : kinds) ++launches_by_kind[k];
}

void NoiseSummary::add(const NoiseSummary& other) {
  total += other.total;
  flagged += other.flagged;
  for (const auto& [k, n] : other.launches_by_kind) launches_by_kind[k] += n;
}

std::vector<std::string> NoiseSummary::kinds() const {
  std::vector<std::string> out;
  for (const auto& [k, n] : launches_by_kind) out.push_back(k);
  std::sort(out.begin(), out.end(),
            [](const std::string& a, const std::string& b) { return kind_rank(a) < kind_rank(b); });
  return out;
}

std::string NoiseSummary::kinds_text() const {
  std::string out;
  for (const auto& k : kinds()) out += (out.empty() ? "" : ";") + k;
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
    for (const LaunchValue& v : s.launches) {
      auto& kinds = by_launch[v.launch];
      for (auto& k : noise_kinds(v.noise)) kinds.insert(std::move(k));
    }
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
  std::vector<std::string> kinds;
  for (const auto& [k, n] : rows_by_kind) kinds.push_back(k);
  std::sort(kinds.begin(), kinds.end(),
            [](const std::string& a, const std::string& b) { return kind_rank(a) < kind_rank(b); });
  std::string named;
  for (const auto& k : kinds)
    named += fmt::format("{}{} ({} row{})", named.empty() ? "" : ", ", noise_kind_text(k),
                         rows_by_kind[k], rows_by_kind[k] == 1 ? "" : "s");
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
