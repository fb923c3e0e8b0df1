// Quotable verdict sentences (see verdict_sentence.h).
#include "runtime/analysis/verdict_sentence.h"

#include <fmt/format.h>

#include <cmath>

namespace metron::analysis {

namespace {

// Beyond this many percent the effect reads better as a factor: "2.40x the time".
constexpr double kPercentLimit = 0.5;

bool percent_range(double r) {
  return r > 1 / (1 + kPercentLimit) && r < 1 + kPercentLimit;
}

// |r - 1| as a percentage (faster: of A's time saved), two significant digits below 1%.
std::string percent(double r) {
  const double p = 100 * std::fabs(r - 1);
  return p < 1 ? fmt::format("{:.2g}%", p) : fmt::format("{:.1f}%", p);
}

std::string launches_phrase(const Comparison& c, const SentenceContext& ctx) {
  if (c.paired) return fmt::format("{} paired launches", c.a.size());
  if (c.a.size() == c.b.size())
    return fmt::format("{} launch{} each", c.a.size(), c.a.size() == 1 ? "" : "es");
  return fmt::format("{} launch{} of {}, {} of {}", c.a.size(), c.a.size() == 1 ? "" : "es",
                     ctx.name_a, c.b.size(), ctx.name_b);
}

std::string margin_phrase(double margin) {
  return fmt::format("±{:g}%", 100 * margin);
}

// What the verdict says, after the effect: "a significant difference within the ±5% margin".
std::string verdict_phrase(const Comparison& c, const SentenceContext& ctx) {
  const std::string m = margin_phrase(ctx.margin);
  switch (c.verdict) {
    case stats::Verdict::Equivalent:
      return "equivalent within the " + m + " margin";
    case stats::Verdict::Differs:
      return "a significant difference, not shown to be within the " + m + " margin";
    case stats::Verdict::DiffersWithinMargin:
      return "a significant difference within the " + m + " margin";
    case stats::Verdict::Inconclusive:
      break;
  }
  if (!c.tested) return "not tested (a side has no launch)";
  // More launches on the same noisy machine would not decide it: no launch count then.
  if (ctx.strict && c.noise.any())
    return "inconclusive under --strict, on launches with noise flags; " +
           undecided_phrase(Undecided::NoisyStrict, std::nullopt);
  return "inconclusive: " + undecided_phrase(c.undecided, c.launches_needed);
}

}  // namespace

std::string ratio_phrase(double r) {
  if (!(r > 0) || !std::isfinite(r)) return "";
  if (r == 1) return "the same time";
  if (!percent_range(r)) return fmt::format("{:.2f}x the time", r);
  return percent(r) + (r > 1 ? " slower" : " faster");
}

std::string ratio_ci_phrase(const Comparison& c) {
  const double lo = c.ratio_lo, hi = c.ratio_hi, level = c.ci_level;
  // R reports no interval (or a degenerate one at 0%) for one launch per side.
  if (!(lo > 0) || !(hi >= lo) || !std::isfinite(hi) || !(level >= 0.5)) return "";
  const std::string at = fmt::format("{:g}% CI ", 100 * level);
  const bool same_side = (lo > 1 && c.ratio_hl > 1) || (hi < 1 && c.ratio_hl < 1);
  if (same_side && percent_range(lo) && percent_range(hi)) {
    // Both ends slower (or both faster): "1.7-4.5%", the smaller effect first.
    const double near = lo > 1 ? lo : hi, far = lo > 1 ? hi : lo;
    std::string a = percent(near), b = percent(far);
    return at + a.substr(0, a.size() - 1) + "-" + b;
  }
  if (same_side && !percent_range(lo) && !percent_range(hi))
    return at + fmt::format("{:.2f}x-{:.2f}x", lo, hi);
  return at + ratio_phrase(lo) + " to " + ratio_phrase(hi);
}

std::string verdict_sentence(const Comparison& c, const SentenceContext& ctx) {
  std::string effect = ratio_phrase(c.ratio_hl);
  if (effect.empty()) effect = ratio_phrase(c.ratio);  // no HL estimate: the medians' ratio
  std::string s = ctx.job + ": ";
  if (effect.empty()) {
    s += "no effect of " + ctx.name_b + " against " + ctx.name_a + " can be estimated";
  } else if (effect == "the same time") {
    s += ctx.name_b + " takes the same time as " + ctx.name_a;
  } else if (effect.back() == 'e') {  // "2.40x the time"
    s += ctx.name_b + " takes " + effect + " of " + ctx.name_a;
  } else {
    s += ctx.name_b + " is " + effect + " than " + ctx.name_a;
  }
  const std::string ci = ratio_ci_phrase(c);
  s += " (" + (ci.empty() ? std::string("no CI: too few launches") : ci) + "), ";
  return s + verdict_phrase(c, ctx) + " (" + launches_phrase(c, ctx) + ")";
}

}  // namespace metron::analysis
