// Checking the claims of a results folder: selection, pairing, tests, adjustment and verdicts
// (see claims.h; the statistics of one check are in claim_tests.cpp).
#include "runtime/analysis/claims.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "runtime/analysis/claim_tests.h"
#include "runtime/analysis/folder_plan.h"
#include "runtime/analysis/noise_flags.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/stats/distributions.h"
#include "runtime/stats/launch_planner.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

JobFields fields_of(const JobKey& k) {
  return {k.block, k.op, k.bytes, k.comm_size, k.vars, k.factors};
}

// The launch factor that sets the process count: `procs` without an environment variable.
std::string procs_factor(const ResultsData& d) {
  const auto& m = d.manifest;
  if (m.is_object() && m.contains("design") && m["design"].is_object())
    for (const auto& f : m["design"].value("factors", nlohmann::json::array()))
      if (f.is_object() && f.value("sets_np", false)) return f.value("name", "");
  for (const auto& name : d.factor_names)
    if (name == "procs") return name;
  return "";
}

// The per-launch values of the side's statistic, by launch id; the noise flags alongside.
std::map<std::int64_t, double> side_values(const JobSeries& s, ClaimStatistic stat) {
  std::map<std::int64_t, double> out;
  for (const auto& v : s.launches) {
    double x = stat == ClaimStatistic::Mean           ? v.mean_s
               : stat == ClaimStatistic::WithinSpread ? v.sd_s / v.mean_s
                                                      : v.median_s;
    if (x > 0 && std::isfinite(x)) out[v.launch] = x;
  }
  return out;
}

void add_noise(std::set<std::string>& kinds, const JobSeries& s) {
  for (const auto& v : s.launches)
    for (const auto& k : noise_kinds(v.noise)) kinds.insert(k);
}

std::string reference_label(const Claim& c) {
  if (is_spread(c.lhs.statistic)) return fmt::format("{:g}%", c.rhs.reference * 100);
  return fmt::format("{:g} us", c.rhs.reference * 1e6);
}

// The check of one job of the left side (and its partner, unless against a reference).
ClaimCheck make_check(const Claim& c, const JobSeries& a, const JobSeries* b, const ClaimOptions& o,
                      std::uint64_t seed) {
  ClaimCheck ch;
  ch.key_a = a.key;
  ch.label_a = a.key.label();
  ch.label_b = b ? b->key.label() : reference_label(c);
  const ClaimStatistic stat = c.lhs.statistic;
  auto va = side_values(a, stat == ClaimStatistic::LaunchSpread ? ClaimStatistic::Median : stat);
  std::map<std::int64_t, double> vb;
  if (b)
    vb = side_values(
        *b, stat == ClaimStatistic::LaunchSpread ? ClaimStatistic::Median : c.rhs.statistic);
  // Paired when both sides were measured in the same launches: then only those launches.
  std::size_t common = 0;
  for (const auto& [l, x] : va) common += vb.count(l);
  ch.paired = b && common > 0;
  for (const auto& [l, x] : va)
    if (!ch.paired || vb.count(l)) ch.a.push_back(x);
  for (const auto& [l, x] : vb)
    if (!ch.paired || va.count(l)) ch.b.push_back(x);
  std::set<std::string> flags;
  add_noise(flags, a);
  if (b) add_noise(flags, *b);
  ch.noise = noise_text(flags);
  if (stat == ClaimStatistic::LaunchSpread)
    test_launch_spread(ch, c, o, seed);
  else
    test_location(ch, c, o.alpha);
  return ch;
}

// The claim's checks: each job of the left side with its partner (same pairing key) on the
// right, or against the reference.
ClaimResult collect_checks(const ResultsData& d, const Claim& c, const ClaimOptions& o,
                           std::uint64_t seed) {
  ClaimResult r;
  r.claim = c;
  const std::string procs = procs_factor(d);
  std::vector<const JobSeries*> left, right;
  for (const auto& s : d.jobs) {
    if (s.launches.empty()) continue;
    JobFields f = fields_of(s.key);
    if (side_selects(c, c.lhs, f)) left.push_back(&s);
    if (!c.rhs.is_reference() && side_selects(c, c.rhs, f)) right.push_back(&s);
  }
  std::vector<JobFields> fields;
  for (const JobSeries* s : left) fields.push_back(fields_of(s->key));
  for (const JobSeries* s : right) fields.push_back(fields_of(s->key));
  std::vector<const JobFields*> all;
  for (const auto& f : fields) all.push_back(&f);
  const std::set<std::string> shared = shared_variables(all);
  auto key_of = [&](const JobSeries* s, bool with_bytes) {
    return pairing_key(c, fields_of(s->key), procs, shared, with_bytes) +
           std::to_string(s->key.occurrence);
  };
  for (const JobSeries* a : left) {
    const JobSeries* partner = nullptr;
    if (!c.rhs.is_reference()) {
      for (bool with_bytes : {true, false}) {
        if (!with_bytes && !sides_differ_in_a_variable(c)) break;
        const std::string key = key_of(a, with_bytes);
        // A job is its own partner only when the sides take different statistics of it
        // (`mean(X) > median(X)`: the distribution's skew, paired by launch).
        const bool self_ok = c.lhs.statistic != c.rhs.statistic;
        for (const JobSeries* b : right)
          if ((b != a || self_ok) && key_of(b, with_bytes) == key) {
            partner = b;
            break;
          }
        if (partner) break;
      }
      if (!partner) {
        ++r.unpaired;
        continue;
      }
    }
    r.checks.push_back(make_check(c, *a, partner, o, seed + r.checks.size()));
  }
  return r;
}

// Launches per side that would decide an inconclusive check, at the corrected level; without
// one, `why` says why none would.
std::optional<std::size_t> plan_check(const ClaimCheck& ch, const Claim& c, double level,
                                      const ClaimOptions& o, Undecided& why) {
  why = Undecided::NoEffect;
  if (!(ch.effect > 0) || !std::isfinite(ch.effect)) return std::nullopt;
  why = Undecided::NoSpread;
  if (std::isnan(ch.sd_log)) return std::nullopt;
  why = Undecided::OnBound;  // from here on: no count up to the planner's limit
  const std::size_t now = std::min(ch.a.size(), ch.b.empty() ? ch.a.size() : ch.b.size());
  const double theta = std::log(ch.effect);
  // The distance to the nearest bound the verdict turns on.
  double bound = c.relation == ClaimRelation::Less ? ch.bound_hi : ch.bound_lo;
  if (c.relation == ClaimRelation::Equivalent)
    bound = std::abs(theta - std::log(ch.bound_lo)) < std::abs(theta - std::log(ch.bound_hi))
                ? ch.bound_lo
                : ch.bound_hi;
  const double distance = std::abs(theta - std::log(bound));
  if (!(distance > 0)) return std::nullopt;
  if (ch.method == "bootstrap") {
    // The bootstrap's spread of the log ratio shrinks as 1 / sqrt(n).
    const stats::NormalDist z;
    const double need = boost::math::quantile(z, 1 - level) + boost::math::quantile(z, o.power);
    const double n = static_cast<double>(now) * std::pow(need * ch.sd_log / distance, 2);
    if (!std::isfinite(n) || n > static_cast<double>(kMostLaunchesPlanned)) return std::nullopt;
    why = Undecided::Planned;
    return std::max(now + 1, static_cast<std::size_t>(std::ceil(n)));
  }
  stats::PlanOptions po;
  po.alpha = 2 * level;  // a one-sided test at `level` is planned as a two-sided one at 2 level
  po.power = o.power;
  po.paired = ch.paired || ch.b.empty();
  po.max_launches = kMostLaunchesPlanned;
  auto n = stats::launches_to_detect(ch.sd_log, std::expm1(distance), po);
  if (!n) return std::nullopt;
  why = Undecided::Planned;
  return std::max({*n, stats::min_launches_for_level(level, false, po.paired), now + 1});
}

void decide_check(ClaimCheck& ch, const Claim& c, double level, const ClaimOptions& o) {
  const bool holds = !std::isnan(ch.p_holds_adjusted) && ch.p_holds_adjusted <= o.alpha;
  const bool fails = !std::isnan(ch.p_fails_adjusted) && ch.p_fails_adjusted <= o.alpha;
  ch.verdict = holds   ? ClaimVerdict::Holds
               : fails ? ClaimVerdict::Fails
                       : ClaimVerdict::Inconclusive;
  ch.launches_needed.reset();
  ch.undecided = Undecided::Planned;
  if (o.strict && !ch.noise.empty()) {  // more launches would not take the flags away
    ch.verdict = ClaimVerdict::Inconclusive;
    ch.undecided = Undecided::NoisyStrict;
    return;
  }
  if (ch.verdict == ClaimVerdict::Inconclusive)
    ch.launches_needed = plan_check(ch, c, level, o, ch.undecided);
}

// The claim's verdict from its checks' (docs/claims.md, "every" and "some").
void decide_claim(ClaimResult& r) {
  const auto& cs = r.checks;
  std::set<std::string> flags;
  for (const auto& ch : cs)
    for (const auto& k : noise_kinds(ch.noise)) flags.insert(k);
  r.noise = noise_text(flags);
  if (cs.empty()) {
    r.undecided = Undecided::NotTested;
    return;
  }
  auto count = [&](ClaimVerdict v) {
    return std::count_if(cs.begin(), cs.end(), [&](const ClaimCheck& c) { return c.verdict == v; });
  };
  const auto n = static_cast<std::ptrdiff_t>(cs.size());
  const auto holds = count(ClaimVerdict::Holds), fails = count(ClaimVerdict::Fails);
  const bool every = r.claim.quantifier == ClaimQuantifier::Every;
  if (every)
    r.verdict = fails > 0    ? ClaimVerdict::Fails
                : holds == n ? ClaimVerdict::Holds
                             : ClaimVerdict::Inconclusive;
  else
    r.verdict = holds > 0    ? ClaimVerdict::Holds
                : fails == n ? ClaimVerdict::Fails
                             : ClaimVerdict::Inconclusive;
  // The deciding check: the one the verdict rests on most weakly (every) or most strongly (some).
  auto better = [&](const ClaimCheck& x, const ClaimCheck& y) {
    if (r.verdict == ClaimVerdict::Holds)
      return every ? x.p_holds_adjusted > y.p_holds_adjusted
                   : x.p_holds_adjusted < y.p_holds_adjusted;
    if (r.verdict == ClaimVerdict::Fails)
      return every ? x.p_fails_adjusted < y.p_fails_adjusted
                   : x.p_fails_adjusted > y.p_fails_adjusted;
    const std::size_t nx = x.launches_needed.value_or(SIZE_MAX),
                      ny = y.launches_needed.value_or(SIZE_MAX);
    return every ? nx > ny : nx < ny;
  };
  for (int i = 0; i < static_cast<int>(cs.size()); ++i) {
    if (cs[static_cast<std::size_t>(i)].verdict != r.verdict) continue;
    if (r.deciding < 0 ||
        better(cs[static_cast<std::size_t>(i)], cs[static_cast<std::size_t>(r.deciding)]))
      r.deciding = i;
  }
  if (r.verdict == ClaimVerdict::Inconclusive && r.deciding >= 0) {
    r.launches_needed = cs[static_cast<std::size_t>(r.deciding)].launches_needed;
    r.undecided = cs[static_cast<std::size_t>(r.deciding)].undecided;
  }
}

}  // namespace

const char* claim_verdict_name(ClaimVerdict v) {
  switch (v) {
    case ClaimVerdict::Holds:
      return "holds";
    case ClaimVerdict::Fails:
      return "fails";
    case ClaimVerdict::Inconclusive:
      break;
  }
  return "inconclusive";
}

std::optional<std::vector<Claim>> claims_of_folder(const ResultsData& d, std::string& error) {
  auto fp = folder_plan(d, error);
  if (!fp) return std::nullopt;
  const nlohmann::json& plan = fp->plan;
  std::vector<Claim> out;
  if (!plan.is_object() || !plan.contains("claims")) return out;
  if (!plan["claims"].is_array()) {
    error = message_text(DiagId::claims_not_array);
    return std::nullopt;
  }
  for (const auto& j : plan["claims"]) {
    std::string why;
    auto c = claim_from_json(j, why);
    if (!c) {
      error = message_text(DiagId::claims_damaged, why);
      return std::nullopt;
    }
    // A run's launches read the copy in DIR/script/: name the file as the script names it.
    if (auto k = c->at.rfind("/script/"); c->at.front() == '/' && k != std::string::npos)
      c->at = c->at.substr(k + 8);
    out.push_back(std::move(*c));
  }
  return out;
}

std::vector<ClaimResult> check_claims(const ResultsData& d, const std::vector<Claim>& claims,
                                      const ClaimOptions& o) {
  std::vector<ClaimResult> out;
  for (std::size_t i = 0; i < claims.size(); ++i)
    out.push_back(collect_checks(d, claims[i], o, o.seed + 7919 * i));
  // One family per direction: every check's p_holds adjusted together, and every p_fails.
  std::vector<double> ph, pf;
  for (const auto& r : out)
    for (const auto& ch : r.checks) {
      ph.push_back(ch.p_holds);
      pf.push_back(ch.p_fails);
    }
  const auto pha = stats::p_adjust(ph, o.adjust), pfa = stats::p_adjust(pf, o.adjust);
  std::size_t m = 0;
  for (double v : ph) m += std::isnan(v) ? 0 : 1;
  const double level = o.adjust == stats::PAdjust::None || m == 0 ? o.alpha : o.alpha / m;
  std::size_t k = 0;
  for (auto& r : out) {
    for (auto& ch : r.checks) {
      ch.p_holds_adjusted = pha[k];
      ch.p_fails_adjusted = pfa[k];
      ++k;
      decide_check(ch, r.claim, level, o);
    }
    decide_claim(r);
  }
  return out;
}

}  // namespace metron::analysis
