// Findings recorded and replayed (see findings.h).
#include "runtime/analysis/findings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "runtime/analysis/number_text.h"
#include "runtime/output/csv_writer.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/mpi_features.h"

namespace metron::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string effect_name(const Claim& c) {
  const std::string ratio = c.rhs.is_reference() ? "/reference" : " A/B";
  return std::string(claim_statistic_name(c.lhs.statistic)) + ratio;
}

bool decided(ClaimVerdict v) {
  return v != ClaimVerdict::Inconclusive;
}

// "holds 0.550 [0.500, 0.610] n=10" or "inconclusive (need 24) 0.93 [...] n=10".
std::string verdict_cell(const Finding& f) {
  std::string v = claim_verdict_name(f.verdict);
  if (f.verdict == ClaimVerdict::Inconclusive)
    v += f.launches_needed ? fmt::format(" (need {})", *f.launches_needed)
                           : " (" + undecided_cell(f.undecided, std::nullopt) + ")";
  if (std::isnan(f.effect)) return v;
  return fmt::format("{} {} [{}, {}] n={}", v, number_text(f.effect, kRatioStyle),
                     number_text(f.effect_lo, kRatioStyle), number_text(f.effect_hi, kRatioStyle),
                     f.n);
}

}  // namespace

std::vector<Finding> findings_from_claims(const std::vector<ClaimResult>& rs) {
  std::vector<Finding> out;
  for (const auto& r : rs) {
    Finding f;
    f.id = r.claim.id;
    f.kind = "claim";
    f.text = r.claim.text;
    f.verdict = r.verdict;
    f.effect_name = effect_name(r.claim);
    f.effect = f.effect_lo = f.effect_hi = kNaN;
    if (r.deciding >= 0) {
      const ClaimCheck& d = r.checks[static_cast<std::size_t>(r.deciding)];
      f.effect = d.effect;
      f.effect_lo = d.effect_lo;
      f.effect_hi = d.effect_hi;
      f.n = std::min(d.a.size(), d.b.empty() ? d.a.size() : d.b.size());
    }
    f.launches_needed = r.launches_needed;
    f.undecided = r.undecided;
    f.noise = r.noise;
    for (const ClaimSide* side : {&r.claim.lhs, &r.claim.rhs})
      if (!side->is_reference()) f.ops.push_back(side->op);
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<Finding> findings_from_guidelines(const std::vector<GuidelineCheck>& cs) {
  std::vector<Finding> out;
  std::map<std::string, std::size_t> index;
  for (const auto& c : cs) {
    auto it = index.find(c.guideline);
    if (it == index.end()) {
      it = index.emplace(c.guideline, out.size()).first;
      Finding f;
      f.id = "expect " + c.guideline;
      f.kind = "guideline";
      f.text = c.op_lhs + " <= " + (c.factor != 1 ? fmt::format("{:g} * ", c.factor) : "") +
               c.op_rhs + " (the guideline holds at every size)";
      f.verdict = ClaimVerdict::Holds;
      f.effect_name = "slowdown A/(k B)";
      f.effect = f.effect_lo = f.effect_hi = kNaN;
      f.ops = {c.op_lhs, c.op_rhs};
      out.push_back(std::move(f));
    }
    Finding& f = out[it->second];
    const bool violated = c.verdict == GuidelineVerdict::Violated;
    const bool undecided = c.verdict == GuidelineVerdict::Undecided;
    if (violated) f.verdict = ClaimVerdict::Fails;
    if (undecided && f.verdict == ClaimVerdict::Holds) f.verdict = ClaimVerdict::Inconclusive;
    // Undecided checks: the most launches any needs, or why one has no count.
    if (undecided && f.undecided == Undecided::Planned) {
      if (c.launches_needed)
        f.launches_needed = std::max(f.launches_needed.value_or(0), *c.launches_needed);
      else {
        f.launches_needed.reset();
        f.undecided = c.undecided;
      }
    }
    // The worst slowdown stands for the guideline.
    if (std::isnan(f.effect) || c.ratio > f.effect) {
      f.effect = c.ratio;
      f.effect_lo = c.ratio_lo;
      f.effect_hi = c.ratio_hi;
      f.n = c.lhs.size();
    }
  }
  return out;
}

const char* replay_outcome_name(ReplayOutcome o) {
  switch (o) {
    case ReplayOutcome::Reproduced:
      return "reproduced";
    case ReplayOutcome::NotReproduced:
      return "not reproduced";
    case ReplayOutcome::Inconclusive:
      break;
  }
  return "inconclusive";
}

std::vector<FindingReplay> replay_findings(const std::vector<Finding>& recorded,
                                           const std::vector<Finding>& replayed,
                                           const std::vector<std::string>& replay_skipped) {
  std::vector<FindingReplay> out;
  for (const auto& r : recorded) {
    FindingReplay fr;
    fr.recorded = r;
    auto it = std::find_if(replayed.begin(), replayed.end(),
                           [&](const Finding& f) { return f.id == r.id; });
    fr.replayed_found = it != replayed.end();
    if (fr.replayed_found) fr.replayed = *it;
    auto skipped = std::find_first_of(r.ops.begin(), r.ops.end(), replay_skipped.begin(),
                                      replay_skipped.end());
    if (skipped != r.ops.end()) {
      fr.not_evaluated = fmt::format("the replay skipped '{}'", *skipped);
      fr.outcome = ReplayOutcome::Inconclusive;
    } else if (!fr.replayed_found)
      fr.outcome = ReplayOutcome::NotReproduced;
    else if (!decided(r.verdict) || !decided(fr.replayed.verdict))
      fr.outcome = ReplayOutcome::Inconclusive;
    else
      fr.outcome = r.verdict == fr.replayed.verdict ? ReplayOutcome::Reproduced
                                                    : ReplayOutcome::NotReproduced;
    out.push_back(std::move(fr));
  }
  return out;
}

std::string findings_replay_table(const std::vector<FindingReplay>& rs,
                                  const std::string& recorded_machine,
                                  const std::string& replay_machine) {
  if (rs.empty()) return "";
  std::string out = fmt::format(
      "findings (claims and guidelines), recorded on {}\n                                 "
      "replayed on {}:\n",
      recorded_machine, replay_machine);
  std::size_t w = 7;
  for (const auto& r : rs) w = std::max(w, r.recorded.id.size() + 2);
  w = std::min<std::size_t>(w, 40);
  std::size_t counts[3] = {0, 0, 0};
  for (const auto& r : rs) {
    std::string outcome = replay_outcome_name(r.outcome);
    if (!r.not_evaluated.empty()) {
      outcome += " (cannot be evaluated: " + r.not_evaluated + ")";
    } else if (r.outcome == ReplayOutcome::Inconclusive) {
      if (!decided(r.recorded.verdict))
        outcome += " (the recording did not decide it)";
      else
        outcome += " (" + undecided_cell(r.replayed.undecided, r.replayed.launches_needed) + ")";
    }
    if (!r.replayed_found && r.not_evaluated.empty())
      outcome += " (the replay has no such finding)";
    ++counts[static_cast<int>(r.outcome)];
    out += fmt::format("  {:<{}}  {}\n", "'" + r.recorded.id + "'", w, outcome);
    out += fmt::format("  {:<{}}    recorded: {}   ({})\n", "", w, verdict_cell(r.recorded),
                       r.recorded.effect_name);
    if (r.replayed_found)
      out += fmt::format("  {:<{}}    replayed: {}{}\n", "", w, verdict_cell(r.replayed),
                         r.replayed.noise.empty() ? "" : "   noise: " + r.replayed.noise);
  }
  out += fmt::format("{} finding{}: {} reproduced, {} not reproduced, {} inconclusive\n", rs.size(),
                     rs.size() == 1 ? "" : "s", counts[0], counts[1], counts[2]);
  return out;
}

bool write_findings_replay_csv(const std::string& path, const std::vector<FindingReplay>& rs,
                               std::string& error) {
  out::CsvWriter w;
  if (!w.open(path)) {
    error = message_text(DiagId::cannot_write_file, path);
    return false;
  }
  w.header({"finding", "kind", "text", "effect_name", "recorded_verdict", "recorded_effect",
            "recorded_effect_lo", "recorded_effect_hi", "recorded_n", "replayed_verdict",
            "replayed_effect", "replayed_effect_lo", "replayed_effect_hi", "replayed_n",
            "replayed_launches_needed", "replayed_noise", "outcome", "not_evaluated"});
  for (const auto& r : rs) {
    const Finding& a = r.recorded;
    const Finding& b = r.replayed;
    w.field(a.id).field(a.kind).field(a.text).field(a.effect_name);
    w.field(std::string_view(claim_verdict_name(a.verdict)));
    w.field(a.effect).field(a.effect_lo).field(a.effect_hi).field(static_cast<std::int64_t>(a.n));
    if (r.replayed_found) {
      w.field(std::string_view(claim_verdict_name(b.verdict)));
      w.field(b.effect).field(b.effect_lo).field(b.effect_hi).field(static_cast<std::int64_t>(b.n));
      if (b.launches_needed)
        w.field(static_cast<std::int64_t>(*b.launches_needed));
      else
        w.field(std::string_view());
      w.field(b.noise);
    } else {
      for (int i = 0; i < 7; ++i) w.field(std::string_view());
    }
    w.field(std::string_view(replay_outcome_name(r.outcome)));
    w.field(r.not_evaluated);
    w.end_row();
  }
  w.flush();
  return true;
}

int findings_exit_code(const std::vector<FindingReplay>& rs) {
  bool inconclusive = false;
  for (const auto& r : rs) {
    if (r.outcome == ReplayOutcome::NotReproduced) return 1;
    inconclusive = inconclusive || r.outcome == ReplayOutcome::Inconclusive;
  }
  return inconclusive ? 2 : 0;
}

std::string mpi_library_name(const nlohmann::json& s) {
  if (!s.is_object() || !s.contains("mpi_library_version") || !s["mpi_library_version"].is_string())
    return "";
  if (s.contains("mpi_library") && s["mpi_library"].is_string())
    return s["mpi_library"].get<std::string>();
  return mpi_library_short_name(s["mpi_library_version"].get<std::string>());
}

std::string machine_name(const nlohmann::json& s, std::int64_t np) {
  auto text = [&](const char* key) {
    return s.is_object() && s.contains(key) && s[key].is_string() ? s[key].get<std::string>() : "";
  };
  std::string cpu = text("cpu_model"), mpi = mpi_library_name(s);
  std::string cores;
  if (s.is_object() && s.contains("cores_online") && s["cores_online"].is_number_integer())
    cores = fmt::format(" ({} cores)", s["cores_online"].get<std::int64_t>());
  return fmt::format("{}{}, {}, {} rank{}", cpu.empty() ? "an unrecorded CPU" : cpu, cores,
                     mpi.empty() ? "an unrecorded MPI library" : mpi, np, np == 1 ? "" : "s");
}

}  // namespace metron::analysis
