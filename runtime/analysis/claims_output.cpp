// claims.csv, claim_checks.csv, the sentences and the manifest entry of checked claims (see
// claims.h). Only formats; the numbers come from check_claims.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "runtime/analysis/claims.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/analysis/number_text.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"

namespace metron::analysis {

namespace {

const ClaimCheck* deciding(const ClaimResult& r) {
  return r.deciding >= 0 ? &r.checks[static_cast<std::size_t>(r.deciding)] : nullptr;
}

std::int64_t count(const ClaimResult& r, ClaimVerdict v) {
  return std::count_if(r.checks.begin(), r.checks.end(),
                       [&](const ClaimCheck& c) { return c.verdict == v; });
}

std::string number(double v) {
  return number_text(v, kRatioStyle);
}

// A reference claim reads in the reference's units: the statistic itself, not its ratio.
std::string in_units(double ratio, const Claim& c) {
  if (std::isnan(ratio) || std::isinf(ratio)) return number(ratio);
  const double v = ratio * c.rhs.reference;
  return is_spread(c.lhs.statistic) ? number(v * 100) + "%" : number(v * 1e6) + " us";
}

// What the claim needs of the ratio: "below 0.90", "above 1.10", "within 0.95-1.05".
std::string needed(const ClaimCheck& c, const Claim& claim) {
  auto show = [&](double v) { return claim.rhs.is_reference() ? in_units(v, claim) : number(v); };
  switch (claim.relation) {
    case ClaimRelation::Less:
      return "below " + show(c.bound_hi);
    case ClaimRelation::Greater:
      return "above " + show(c.bound_lo);
    case ClaimRelation::Equivalent:
      break;
  }
  return "within " + show(c.bound_lo) + " to " + show(c.bound_hi);
}

std::string statistic_word(ClaimStatistic s) {
  switch (s) {
    case ClaimStatistic::Median:
      return "median";
    case ClaimStatistic::Mean:
      return "mean";
    case ClaimStatistic::LaunchSpread:
      return "launch spread";
    case ClaimStatistic::WithinSpread:
      return "within-launch spread";
  }
  return "median";
}

bool statistics_differ(const Claim& c) {
  return !c.rhs.is_reference() && c.lhs.statistic != c.rhs.statistic;
}

// "median A/B"; "mean/median" when the sides take different statistics.
std::string ratio_name(const Claim& c) {
  if (statistics_differ(c))
    return statistic_word(c.lhs.statistic) + "/" + statistic_word(c.rhs.statistic);
  return statistic_word(c.lhs.statistic) + (c.rhs.is_reference() ? "" : " A/B");
}

// The two sides of a check as the sentence names them, with their statistics when the sides take
// different ones: `mean(X) > median(X)` compares a job with itself ("mean vs median of X").
std::string sides_text(const ClaimCheck& d, const Claim& c) {
  if (!statistics_differ(c)) return d.label_a + " vs " + d.label_b;
  const std::string a = statistic_word(c.lhs.statistic), b = statistic_word(c.rhs.statistic);
  if (d.label_a == d.label_b) return a + " vs " + b + " of " + d.label_a;
  return a + " of " + d.label_a + " vs " + b + " of " + d.label_b;
}

std::string launches_text(const ClaimCheck& c) {
  if (c.b.empty()) return fmt::format("{} launch{}", c.a.size(), c.a.size() == 1 ? "" : "es");
  if (c.a.size() == c.b.size())
    return fmt::format("{} launch{} {}", c.a.size(), c.a.size() == 1 ? "" : "es",
                       c.paired ? "paired" : "each");
  return fmt::format("{} and {} launches", c.a.size(), c.b.size());
}

bool open_csv(out::CsvWriter& w, const std::string& path, std::string& error) {
  if (w.open(path)) return true;
  error = message_text(DiagId::cannot_write_file, path);
  return false;
}

}  // namespace

std::string claim_sentence(const ClaimResult& r, const ClaimOptions&) {
  const Claim& c = r.claim;
  std::string verdict = claim_verdict_name(r.verdict);
  if (r.verdict == ClaimVerdict::Inconclusive)
    verdict = r.launches_needed
                  ? fmt::format("is inconclusive (need {} launches per side)", *r.launches_needed)
                  : "is inconclusive (" + undecided_phrase(r.undecided, std::nullopt) + ")";
  std::string s = fmt::format("Claim '{}' {}: {}.", c.id, verdict, c.text);
  const ClaimCheck* d = deciding(r);
  if (r.checks.empty()) {
    s += " No job of the left side was measured with a partner on the right.";
    return s;
  }
  if (r.checks.size() > 1)
    s += fmt::format(" {} of {} checks hold, {} fail{}.", count(r, ClaimVerdict::Holds),
                     r.checks.size(), count(r, ClaimVerdict::Fails),
                     count(r, ClaimVerdict::Fails) == 1 ? "s" : "");
  if (d) {
    const std::string which = r.checks.size() == 1 ? "" : " (the deciding check)";
    auto show = [&](double v) { return c.rhs.is_reference() ? in_units(v, c) : number(v); };
    s += fmt::format(" {}{}: {} = {} ({:.0f}% CI {} to {}; the claim needs {}), {}.",
                     sides_text(*d, c), which, ratio_name(c), show(d->effect),
                     std::isnan(d->ci_level) ? 95.0 : d->ci_level * 100, show(d->effect_lo),
                     show(d->effect_hi), needed(*d, c), launches_text(*d));
  }
  if (!r.noise.empty()) s += " Noise: " + r.noise + ".";
  return s;
}

std::string claims_table(const std::vector<ClaimResult>& rs, const ClaimOptions& o) {
  if (rs.empty()) return "";
  std::size_t m = 0;
  for (const auto& r : rs) m += r.checks.size();
  std::string out = fmt::format(
      "claims: one-sided Wilcoxon tests on the per-launch values (signed-rank when paired by "
      "launch or against a reference, rank-sum otherwise; launch_spread: percentile bootstrap, "
      "{} resamples); {} over {} check{}; alpha {}\n",
      o.resamples, stats::p_adjust_name(o.adjust), m, m == 1 ? "" : "s", o.alpha);
  std::size_t holds = 0, fails = 0;
  std::vector<NoiseSummary> noise;
  for (const auto& r : rs) {
    out +=
        "  " + claim_sentence(r, o) + (r.noise.empty() ? "" : std::string(" ") + kNoiseMark) + "\n";
    holds += r.verdict == ClaimVerdict::Holds;
    fails += r.verdict == ClaimVerdict::Fails;
    NoiseSummary n;  // a claim counts as one row of the table
    n.total = 1;
    for (const auto& k : noise_kinds(r.noise)) n.launches_by_kind[k] = n.flagged = 1;
    noise.push_back(n);
  }
  out += fmt::format("{} claim{}: {} hold{}, {} fail{}, {} inconclusive\n", rs.size(),
                     rs.size() == 1 ? "" : "s", holds, holds == 1 ? "s" : "", fails,
                     fails == 1 ? "s" : "", rs.size() - holds - fails);
  out += noise_footer(noise, true, o.strict);
  return out;
}

bool write_claims_csv(const std::string& path, const std::vector<ClaimResult>& rs,
                      const ClaimOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!open_csv(w, path, error)) return false;
  w.header({"claim",
            "text",
            "at",
            "statistic",
            "relation",
            "quantifier",
            "checks",
            "holds",
            "fails",
            "inconclusive",
            "unpaired",
            "verdict",
            "launches_needed",
            "deciding",
            "effect",
            "effect_lo",
            "effect_hi",
            "ci_level",
            "bound_lo",
            "bound_hi",
            "n_a",
            "n_b",
            "p_holds_adjusted",
            "p_fails_adjusted",
            "alpha",
            "p_adjust",
            "noise"});
  for (const auto& r : rs) {
    const Claim& c = r.claim;
    w.field(c.id).field(c.text).field(c.at);
    w.field(std::string_view(claim_statistic_name(c.lhs.statistic)));
    w.field(std::string_view(claim_relation_name(c.relation)));
    w.field(std::string_view(claim_quantifier_name(c.quantifier)));
    w.field(static_cast<std::int64_t>(r.checks.size())).field(count(r, ClaimVerdict::Holds));
    w.field(count(r, ClaimVerdict::Fails)).field(count(r, ClaimVerdict::Inconclusive));
    w.field(static_cast<std::int64_t>(r.unpaired));
    w.field(std::string_view(claim_verdict_name(r.verdict)));
    if (r.launches_needed)
      w.field(static_cast<std::int64_t>(*r.launches_needed));
    else
      w.field(std::string_view());
    const ClaimCheck* d = deciding(r);
    const double nan = std::nan("");
    w.field(d ? d->label_a + " vs " + d->label_b : std::string());
    w.field(d ? d->effect : nan).field(d ? d->effect_lo : nan).field(d ? d->effect_hi : nan);
    w.field(d ? d->ci_level : nan).field(d ? d->bound_lo : nan).field(d ? d->bound_hi : nan);
    w.field(static_cast<std::int64_t>(d ? d->a.size() : 0));
    w.field(static_cast<std::int64_t>(d ? d->b.size() : 0));
    w.field(d ? d->p_holds_adjusted : nan).field(d ? d->p_fails_adjusted : nan);
    w.field(o.alpha).field(std::string_view(stats::p_adjust_name(o.adjust))).field(r.noise);
    w.end_row();
  }
  w.flush();
  return true;
}

bool write_claim_checks_csv(const std::string& path, const std::vector<ClaimResult>& rs,
                            const ClaimOptions& o, std::string& error) {
  out::CsvWriter w;
  if (!open_csv(w, path, error)) return false;
  w.header({"claim",
            "job_a",
            "job_b",
            "paired",
            "method",
            "n_a",
            "n_b",
            "value_a",
            "value_b",
            "effect",
            "effect_lo",
            "effect_hi",
            "ci_level",
            "bound_lo",
            "bound_hi",
            "p_holds",
            "p_holds_adjusted",
            "p_fails",
            "p_fails_adjusted",
            "p_adjust",
            "verdict",
            "launches_needed",
            "noise"});
  for (const auto& r : rs)
    for (const auto& c : r.checks) {
      w.field(r.claim.id).field(c.label_a).field(c.label_b).field(c.paired).field(c.method);
      w.field(static_cast<std::int64_t>(c.a.size())).field(static_cast<std::int64_t>(c.b.size()));
      w.field(c.value_a).field(c.value_b).field(c.effect).field(c.effect_lo).field(c.effect_hi);
      w.field(c.ci_level).field(c.bound_lo).field(c.bound_hi);
      w.field(c.p_holds).field(c.p_holds_adjusted).field(c.p_fails).field(c.p_fails_adjusted);
      w.field(std::string_view(stats::p_adjust_name(o.adjust)));
      w.field(std::string_view(claim_verdict_name(c.verdict)));
      if (c.launches_needed)
        w.field(static_cast<std::int64_t>(*c.launches_needed));
      else
        w.field(std::string_view());
      w.field(c.noise);
      w.end_row();
    }
  w.flush();
  return true;
}

nlohmann::json claims_json(const std::vector<ClaimResult>& rs, const ClaimOptions& o) {
  auto out = nlohmann::json::array();
  auto num = [](double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
  };
  for (const auto& r : rs) {
    const ClaimCheck* d = deciding(r);
    nlohmann::json j = {{"id", r.claim.id},
                        {"text", r.claim.text},
                        {"at", r.claim.at},
                        {"verdict", claim_verdict_name(r.verdict)},
                        {"checks", r.checks.size()},
                        {"holds", count(r, ClaimVerdict::Holds)},
                        {"fails", count(r, ClaimVerdict::Fails)},
                        {"launches_needed", r.launches_needed ? nlohmann::json(*r.launches_needed)
                                                              : nlohmann::json(nullptr)},
                        {"sentence", claim_sentence(r, o)},
                        {"noise", r.noise}};
    if (d) {
      j["deciding"] = d->label_a + " vs " + d->label_b;
      j["effect"] = {{"estimate", num(d->effect)},   {"lo", num(d->effect_lo)},
                     {"hi", num(d->effect_hi)},      {"ci_level", num(d->ci_level)},
                     {"bound_lo", num(d->bound_lo)}, {"bound_hi", num(d->bound_hi)}};
      j["n_a"] = d->a.size();
      j["n_b"] = d->b.size();
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace metron::analysis
