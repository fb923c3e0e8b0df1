// StopEvaluator: running sample, rule evaluation and budgets (semantics in stopping.h and
// stop_rule.h).
#include "runtime/adapt/stopping.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "runtime/stats/cov_window.h"
#include "runtime/stats/mean_ci.h"
#include "runtime/stats/median_ci.h"
#include "runtime/stats/quantile.h"

namespace metron::adapt {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Truth from_bool(bool b) {
  return b ? Truth::True : Truth::False;
}

bool compare(double lhs, CompareOp op, double rhs) {
  switch (op) {
    case CompareOp::Less:
      return lhs < rhs;
    case CompareOp::LessEqual:
      return lhs <= rhs;
    case CompareOp::Greater:
      return lhs > rhs;
    case CompareOp::GreaterEqual:
      return lhs >= rhs;
    case CompareOp::Equal:
      return lhs == rhs;
    case CompareOp::NotEqual:
      return lhs != rhs;
  }
  return false;
}

}  // namespace

double relative_half_width(double estimate, double lower, double upper) {
  if (std::isnan(estimate) || std::isnan(lower) || std::isnan(upper) || estimate == 0.0) {
    return kNaN;
  }
  return std::max(upper - estimate, estimate - lower) / std::fabs(estimate);
}

void widen_to_quantum(CiSnapshot& ci, double quantum) {
  if (!(quantum > 0) || !ci.assessable || !(ci.upper - ci.lower < quantum)) return;
  ci.lower = std::min(ci.lower, ci.estimate - quantum / 2);
  ci.upper = std::max(ci.upper, ci.estimate + quantum / 2);
  ci.widened = true;
  ci.relative_half_width = relative_half_width(ci.estimate, ci.lower, ci.upper);
}

StopEvaluator::StopEvaluator(StopBudget budget, std::optional<StopRule> rule)
    : budget_(budget), rule_(std::move(rule)) {
  budget_.min_reps = std::min(budget_.min_reps, budget_.max_reps);
  reserve(std::min(budget_.max_reps, kAutoReserve));
}

void StopEvaluator::reserve(std::size_t n) {
  sample_.reserve(n, rule_ && needs_order_statistics(*rule_));
}

bool StopEvaluator::needs_order_statistics(const StopRule& rule) {
  if (const auto* c = std::get_if<Compare>(&rule.node)) {
    return c->term.kind == TermKind::CovMean || c->term.kind == TermKind::CovMedian;
  }
  if (const auto* w = std::get_if<Within>(&rule.node)) return w->statistic != CiStatistic::Mean;
  const std::vector<StopRule>* operands = nullptr;
  if (const auto* a = std::get_if<And>(&rule.node)) operands = &a->operands;
  if (const auto* o = std::get_if<Or>(&rule.node)) operands = &o->operands;
  if (const auto* n = std::get_if<Not>(&rule.node)) operands = &n->operands;
  for (const auto& o : *operands) {
    if (needs_order_statistics(o)) return true;
  }
  return false;
}

StopDecision StopEvaluator::add_batch(std::span<const double> values, double elapsed_s) {
  const std::size_t before = sample_.size();
  sample_.append(values);
  // OrderedSample skips NaN; feed the moments exactly the values it kept.
  moments_.add(sample_.values().subspan(before));
  return evaluate(elapsed_s);
}

StopDecision StopEvaluator::evaluate(double elapsed_s) {
  elapsed_s_ = elapsed_s;
  StopDecision d;
  d.reps = sample_.size();
  d.elapsed_s = elapsed_s;
  const Within* w = rule_ ? first_within(*rule_) : nullptr;
  if (w != nullptr) {
    d.precision_kind = PrecisionKind::CiRelativeHalfWidth;
    precision_ci_ = ci(*w);
    precision_leaf_ = w;
    d.precision = precision_ci_.relative_half_width;
    d.coverage = w->level;
    const std::size_t n = sample_.size();
    if (!precision_ci_.assessable && w->statistic != CiStatistic::Mean && n >= 2 &&
        !std::isnan(precision_ci_.estimate)) {
      const auto v = sample_.values();
      const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
      CiSnapshot range = precision_ci_;
      range.lower = *lo;
      range.upper = *hi;
      range.assessable = true;
      range.relative_half_width = relative_half_width(range.estimate, *lo, *hi);
      widen_to_quantum(range, quantum_);
      d.precision = range.relative_half_width;
      const double q = w->statistic == CiStatistic::Median ? 0.5 : w->q;
      d.coverage =
          1.0 - std::pow(q, static_cast<double>(n)) - std::pow(1.0 - q, static_cast<double>(n));
    }
  } else {
    d.precision_kind = PrecisionKind::Rse;
    d.precision = moments_.rse();
  }
  const bool holds = rule_ && d.reps >= budget_.min_reps && truth(*rule_) == Truth::True;
  // Only a rule that holds through its precision part says "the precision was reached"; one that
  // holds through a reps or elapsed clause is a budget stop and is named as such.
  StopReason by_rule = StopReason::NotStopped;
  if (holds)
    by_rule = precision_truth(*rule_) == Truth::True ? StopReason::RuleMet
              : elapsed_clause_holds(*rule_)         ? StopReason::ElapsedClause
                                                     : StopReason::RepsClause;
  precision_leaf_ = nullptr;
  // The rule's own verdict first (precision, or the budget the user wrote into it), then the
  // settings' budgets.
  if (by_rule != StopReason::NotStopped) {
    d.reason = by_rule;
  } else if (d.reps >= budget_.max_reps) {
    d.reason = StopReason::MaxReps;
  } else if (elapsed_s >= budget_.max_seconds) {
    d.reason = StopReason::TimeBudget;
  }
  d.stop = d.reason != StopReason::NotStopped;
  return d;
}

bool StopEvaluator::has_precision_leaf(const StopRule& rule) {
  if (const auto* c = std::get_if<Compare>(&rule.node))
    return c->term.kind != TermKind::Reps && c->term.kind != TermKind::Elapsed;
  if (std::holds_alternative<Within>(rule.node)) return true;
  const std::vector<StopRule>* operands = nullptr;
  if (const auto* a = std::get_if<And>(&rule.node)) operands = &a->operands;
  if (const auto* o = std::get_if<Or>(&rule.node)) operands = &o->operands;
  if (const auto* n = std::get_if<Not>(&rule.node)) operands = &n->operands;
  for (const auto& o : *operands)
    if (has_precision_leaf(o)) return true;
  return false;
}

Truth StopEvaluator::precision_truth(const StopRule& rule) {
  if (!has_precision_leaf(rule)) return Truth::False;
  return precision_truth(rule, true);
}

// positive: under an even number of Nots. An Or (positive) or an And (negative, where it acts
// as an Or) drops its budget-only operands: False for the Or, True for the And (which the Not
// above turns into False).
Truth StopEvaluator::precision_truth(const StopRule& rule, bool positive) {
  if (const auto* n = std::get_if<Not>(&rule.node)) {
    if (n->operands.size() != 1) return Truth::Unknown;
    const Truth t = precision_truth(n->operands[0], !positive);
    if (t == Truth::Unknown) return t;
    return t == Truth::True ? Truth::False : Truth::True;
  }
  const auto* a = std::get_if<And>(&rule.node);
  const auto* o = std::get_if<Or>(&rule.node);
  if (a == nullptr && o == nullptr) return truth(rule);
  const bool is_and = a != nullptr;
  const std::vector<StopRule>& ops = is_and ? a->operands : o->operands;
  const bool drops = is_and ? !positive : positive;
  // Kleene And / Or over the (possibly dropped) operands.
  Truth result = ops.empty() ? Truth::Unknown : (is_and ? Truth::True : Truth::False);
  for (const auto& op : ops) {
    Truth t;
    if (drops && !has_precision_leaf(op))
      t = is_and ? Truth::True : Truth::False;
    else
      t = precision_truth(op, positive);
    if (is_and && t == Truth::False) return Truth::False;
    if (!is_and && t == Truth::True) return Truth::True;
    if (t == Truth::Unknown) result = Truth::Unknown;
  }
  return result;
}

// Whether a clause on elapsed currently holds (names a budget stop elapsed_clause rather than
// reps_clause).
bool StopEvaluator::elapsed_clause_holds(const StopRule& rule) {
  if (const auto* c = std::get_if<Compare>(&rule.node))
    return c->term.kind == TermKind::Elapsed && truth(rule) == Truth::True;
  if (std::holds_alternative<Within>(rule.node)) return false;
  if (std::holds_alternative<Not>(rule.node)) return false;  // a negated clause: not named
  const auto* a = std::get_if<And>(&rule.node);
  const std::vector<StopRule>& operands =
      a != nullptr ? a->operands : std::get<Or>(rule.node).operands;
  for (const auto& op : operands)
    if (elapsed_clause_holds(op)) return true;
  return false;
}

double StopEvaluator::term_value(const Term& term) {
  switch (term.kind) {
    case TermKind::Reps:
      return static_cast<double>(sample_.size());
    case TermKind::Elapsed:
      return elapsed_s_;
    case TermKind::Rse:
      return moments_.rse();
    case TermKind::CovMean:
      return stats::cov_mean(sample_, term.window);
    case TermKind::CovMedian:
      return stats::cov_median(sample_, term.window);
  }
  return kNaN;
}

double StopEvaluator::z_for(double level) {
  for (const auto& [l, z] : z_cache_) {
    if (l == level) return z;
  }
  const double z = stats::z_critical(level);
  z_cache_.emplace_back(level, z);
  return z;
}

double StopEvaluator::t_for(std::size_t df, double level) {
  for (auto& c : t_cache_) {
    if (c.level == level) {
      if (c.df != df) {
        c.df = df;
        c.t = stats::t_critical(static_cast<double>(df), level);
      }
      return c.t;
    }
  }
  t_cache_.push_back({df, level, stats::t_critical(static_cast<double>(df), level)});
  return t_cache_.back().t;
}

CiSnapshot StopEvaluator::quantile_snapshot(double q, double level) {
  CiSnapshot s;
  s.estimate = s.lower = s.upper = s.relative_half_width = kNaN;
  const std::size_t n = sample_.size();
  const auto pos = stats::quantile_position(n, q, stats::QuantileType::Type7);
  if (!pos) return s;
  const stats::CiRanks ranks = stats::uses_exact_ranks(n, q)
                                   ? stats::exact_binomial_ranks(n, q, level)
                                   : stats::le_boudec_ranks_for_z(n, q, z_for(level));
  // One band answers the estimate and both bounds: they are within a few sqrt(n) ranks.
  std::size_t lo = pos->lower;
  std::size_t hi = pos->upper;
  if (ranks.assessable) {
    lo = std::min(lo, static_cast<std::size_t>(ranks.lower - 1));
    hi = std::max(hi, static_cast<std::size_t>(ranks.upper - 1));
  }
  sample_.prepare_ranks(lo, hi);
  const double x_lo = sample_.kth(pos->lower);
  const double x_hi = pos->upper == pos->lower ? x_lo : sample_.kth(pos->upper);
  s.estimate = stats::interpolate_quantile(x_lo, x_hi, pos->gamma);
  if (!ranks.assessable) return s;
  s.lower = sample_.kth(static_cast<std::size_t>(ranks.lower - 1));
  s.upper = sample_.kth(static_cast<std::size_t>(ranks.upper - 1));
  s.assessable = true;
  s.relative_half_width = relative_half_width(s.estimate, s.lower, s.upper);
  widen_to_quantum(s, quantum_);
  return s;
}

CiSnapshot StopEvaluator::ci(const Within& within) {
  if (!(within.level > 0.0 && within.level < 1.0)) {
    return CiSnapshot{kNaN, kNaN, kNaN, kNaN, false};
  }
  switch (within.statistic) {
    case CiStatistic::Median:
      return quantile_snapshot(0.5, within.level);
    case CiStatistic::Quantile:
      return quantile_snapshot(within.q, within.level);
    case CiStatistic::Mean: {
      CiSnapshot s;
      const std::size_t n = moments_.count();
      s.estimate = moments_.mean();
      s.lower = s.upper = s.relative_half_width = kNaN;
      if (n < 2) return s;
      const double half =
          t_for(n - 1, within.level) * moments_.sd() / std::sqrt(static_cast<double>(n));
      s.lower = s.estimate - half;
      s.upper = s.estimate + half;
      s.assessable = !std::isnan(half);
      s.relative_half_width = relative_half_width(s.estimate, s.lower, s.upper);
      widen_to_quantum(s, quantum_);
      return s;
    }
  }
  return CiSnapshot{kNaN, kNaN, kNaN, kNaN, false};
}

Truth StopEvaluator::truth(const StopRule& rule) {
  return std::visit(
      [this](const auto& node) -> Truth {
        using T = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<T, Compare>) {
          const double v = term_value(node.term);
          if (std::isnan(v) || std::isnan(node.value)) return Truth::Unknown;
          return from_bool(compare(v, node.op, node.value));
        } else if constexpr (std::is_same_v<T, Within>) {
          const CiSnapshot s = &node == precision_leaf_ ? precision_ci_ : ci(node);
          if (!s.assessable || std::isnan(s.relative_half_width)) return Truth::Unknown;
          return from_bool(s.relative_half_width <= node.max_rel_half_width);
        } else if constexpr (std::is_same_v<T, And>) {
          // Left to right, stopping at the first False: "reps >= 20 and <costly>" skips the
          // costly part early in the job.
          Truth result = node.operands.empty() ? Truth::Unknown : Truth::True;
          for (const auto& o : node.operands) {
            const Truth t = truth(o);
            if (t == Truth::False) return Truth::False;
            if (t == Truth::Unknown) result = Truth::Unknown;
          }
          return result;
        } else if constexpr (std::is_same_v<T, Or>) {
          Truth result = node.operands.empty() ? Truth::Unknown : Truth::False;
          for (const auto& o : node.operands) {
            const Truth t = truth(o);
            if (t == Truth::True) return Truth::True;
            if (t == Truth::Unknown) result = Truth::Unknown;
          }
          return result;
        } else {
          if (node.operands.size() != 1) return Truth::Unknown;
          const Truth t = truth(node.operands[0]);
          if (t == Truth::Unknown) return t;
          return t == Truth::True ? Truth::False : Truth::True;
        }
      },
      rule.node);
}

const Within* StopEvaluator::first_within(const StopRule& rule) const {
  if (const auto* w = std::get_if<Within>(&rule.node)) return w;
  const std::vector<StopRule>* operands = nullptr;
  if (const auto* a = std::get_if<And>(&rule.node)) operands = &a->operands;
  if (const auto* o = std::get_if<Or>(&rule.node)) operands = &o->operands;
  if (const auto* n = std::get_if<Not>(&rule.node)) operands = &n->operands;
  if (operands == nullptr) return nullptr;
  for (const auto& o : *operands) {
    if (const Within* w = first_within(o)) return w;
  }
  return nullptr;
}

}  // namespace metron::adapt
