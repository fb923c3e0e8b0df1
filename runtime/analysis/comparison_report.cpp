// The comparison as sentences (see comparison_report.h).
#include "runtime/analysis/comparison_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "runtime/analysis/job_labels.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/analysis/verdict_sentence.h"

namespace metron::analysis {

std::string verdict_counts(const std::vector<Comparison>& cs) {
  std::size_t n[4] = {0, 0, 0, 0};
  for (const auto& c : cs) ++n[static_cast<int>(c.verdict)];
  using stats::Verdict;
  // The words of replay's count line (verdict_table), so that the two read alike.
  return fmt::format("{} equivalent, {} differ, {} differ within margin, {} inconclusive",
                     n[static_cast<int>(Verdict::Equivalent)],
                     n[static_cast<int>(Verdict::Differs)],
                     n[static_cast<int>(Verdict::DiffersWithinMargin)],
                     n[static_cast<int>(Verdict::Inconclusive)]);
}

std::size_t most_launches_needed(const std::vector<Comparison>& cs) {
  std::size_t most = 0;
  for (const auto& c : cs)
    if (c.verdict == stats::Verdict::Inconclusive && c.launches_needed)
      most = std::max(most, *c.launches_needed);
  return most;
}

std::string comparison_sentences(const std::vector<Comparison>& cs, const CompareOptions& o,
                                 const std::string& name_a, const std::string& name_b,
                                 const std::string& decide) {
  std::string out = fmt::format("A: {}\nB: {}\n", name_a, name_b);
  out += comparison_header(cs, o);
  if (cs.empty()) return out + "no jobs in common\n";
  const std::vector<std::string> labels = compact_job_labels(cs);
  std::string block;
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const Comparison& c = cs[i];
    if (i == 0 || c.key.block != block) {
      block = c.key.block;
      out += fmt::format("\nblock \"{}\"\n", block);
    }
    SentenceContext ctx;
    ctx.job = labels[i];
    ctx.margin = o.margin;
    ctx.strict = o.strict;
    // Levels and paired operations are named as such; two folders are A and B.
    if (!c.level_a.empty()) {
      ctx.name_a = c.level_a;
      ctx.name_b = c.level_b;
    } else if (!c.op_b.empty()) {
      ctx.name_a = c.key.op;
      ctx.name_b = c.op_b;
    }
    out += "  " + verdict_sentence(c, ctx) +
           (c.noise.any() ? std::string(" ") + kNoiseMark : std::string()) + "\n";
  }
  out += "\n" + verdict_counts(cs) + "\n";
  std::vector<NoiseSummary> noise;
  for (const auto& c : cs) noise.push_back(c.noise);
  out += noise_footer(noise, true, o.strict);
  if (const std::size_t n = most_launches_needed(cs); n > 0) {
    out += fmt::format("the inconclusive jobs need up to {} launches per side", n);
    out +=
        decide.empty() ? "\n" : ": " + fmt::format(fmt::runtime(decide), fmt::arg("n", n)) + "\n";
  }
  out +=
      "(slower, faster: B's time against A's, the Hodges-Lehmann ratio of the per-launch "
      "medians with its CI; --table for the p-values, --csv FILE for every column; "
      "docs/methodology.md)\n";
  return out;
}

}  // namespace metron::analysis
