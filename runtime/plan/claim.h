// Claims: findings stated in a script (`claim`, docs/claims.md) and checked on the results of a
// run. This file holds what the plan carries: a claim as the front end resolved it, its JSON
// form (plan JSON, manifests), which jobs each side selects and how the two sides pair. The
// statistics and verdicts are in runtime/analysis/claims.h. No MPI.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace metron {

// What one side of a claim says about its jobs (docs/claims.md, "Statistics").
enum class ClaimStatistic {
  Median,        // per-launch medians (the default)
  Mean,          // per-launch means
  LaunchSpread,  // standard deviation of the log per-launch medians: one value per side
  WithinSpread,  // per-launch coefficient of variation of the used sample (sd / mean)
};
enum class ClaimRelation { Less, Greater, Equivalent };  // <, >, ==
enum class ClaimQuantifier { Every, Some };
enum class FilterOp { Eq, Ne, Lt, Le, Gt, Ge };
enum class ClaimField { Block, Bytes, CommSize, Var, Factor };

struct ClaimFilter {
  std::string field;  // as written: block, bytes, comm_size, a loop variable or a launch factor
  ClaimField kind = ClaimField::Var;
  FilterOp op = FilterOp::Eq;
  std::string value;  // as a summary.csv cell writes it ("4096", "binomial")
};

// The smallest value a measurement is set beside (a claim's reference, a published value), in
// base units: 1 ps, 1e-10%, 1e-12 B/s. No timer resolves less, and a ratio of a measured value
// to anything smaller may overflow to infinity (1 us / 1e-320 s is inf).
inline constexpr double kSmallestReference = 1e-12;

struct ClaimSide {
  ClaimStatistic statistic = ClaimStatistic::Median;
  std::string op;  // the measurement function; empty: a reference value
  std::vector<ClaimFilter> filters;
  double reference = 0;  // a reference value: seconds, or a fraction for a spread
  bool is_reference() const { return op.empty(); }
};

struct Claim {
  std::string id;    // given, or "claim N"
  std::string text;  // the statement as written
  std::string at;    // "file:line:col"
  ClaimRelation relation = ClaimRelation::Less;
  ClaimSide lhs, rhs;
  // < and >: the minimum effect, a fraction: `A < B by 10%` claims A <= 0.9 B, `A > B by 10%`
  // claims A >= 1.1 B. 0: any difference.
  double by = 0;
  // ==: the ratio A/B lies within [1 + lower, 1 + upper] (`within 5%`: -0.05, 0.05).
  double lower = 0, upper = 0;
  ClaimQuantifier quantifier = ClaimQuantifier::Every;
  std::vector<ClaimFilter> range;  // `for every bytes >= 4KiB`: a filter on both sides
};

// A job as claims see it: what summary.csv says of it (and what the plan knows at check time).
struct JobFields {
  std::string block;
  std::string op;
  std::int64_t bytes = 0;
  std::int64_t comm_size = 0;
  std::vector<std::pair<std::string, std::string>> vars;     // loop variables
  std::vector<std::pair<std::string, std::string>> factors;  // launch-factor levels
};

// Whether the job is one of the side's jobs: its operation, its filters and the claim's range.
// `ignore_factors`: factor filters count as met (checking one launch's plan).
bool side_selects(const Claim& c, const ClaimSide& side, const JobFields& job,
                  bool ignore_factors = false);

// The text two jobs of the two sides must share to be paired: every field but those that tell
// the sides apart. A field tells them apart when the two sides filter it differently; the
// block also when the sides name different operations; the communicator size also when the
// process-count factor (`procs_factor`, "" if none) tells them apart. The size is left out when
// it tells them apart, or when `with_bytes` is false (the caller's second try, when the sides
// differ in a loop variable that changes the size). `skip_factors`: leave every launch factor
// out (checking one launch's plan). Only the loop variables in `shared_vars` count: those that
// every job of both sides has (a block without the other's loop still pairs by size).
std::string pairing_key(const Claim& c, const JobFields& job, const std::string& procs_factor,
                        const std::set<std::string>& shared_vars, bool with_bytes = true,
                        bool skip_factors = false);
// The loop variables every one of these jobs has.
std::set<std::string> shared_variables(const std::vector<const JobFields*>& jobs);
// Whether the sides differ in a loop variable (the second try of pairing_key applies).
bool sides_differ_in_a_variable(const Claim& c);

// Names for files and messages: "median", "<", "every", "=", ...
const char* claim_statistic_name(ClaimStatistic s);
std::optional<ClaimStatistic> parse_claim_statistic(const std::string& s);
const char* claim_relation_name(ClaimRelation r);
const char* claim_quantifier_name(ClaimQuantifier q);
const char* filter_op_name(FilterOp op);
bool is_spread(ClaimStatistic s);  // LaunchSpread or WithinSpread

// The JSON form (plan JSON "claims"; docs/plan-json.md) and back. claim_from_json: empty with
// `error` set when a value is missing or of the wrong type.
nlohmann::json claim_to_json(const Claim& c);
std::optional<Claim> claim_from_json(const nlohmann::json& j, std::string& error);
// One side alone (a published value's selection, runtime/plan/published.h), in the same form.
nlohmann::json claim_side_to_json(const ClaimSide& s);
std::optional<ClaimSide> claim_side_from_json(const nlohmann::json& j, std::string& error);

}  // namespace metron
