// StopRule helpers declared in stop_rule.h: validation and the text form.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "runtime/adapt/stop_rule.h"
#include "runtime/stats/median_ci.h"

namespace metron::adapt {
namespace {

// Overload set for std::visit.
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

StopRuleError validate_operands(const std::vector<StopRule>& operands) {
  for (const auto& o : operands) {
    const auto e = validate(o);
    if (e != StopRuleError::None) return e;
  }
  return StopRuleError::None;
}

std::string term_text(const Term& t) {
  switch (t.kind) {
    case TermKind::Reps:
      return "reps";
    case TermKind::Elapsed:
      return "elapsed";
    case TermKind::Rse:
      return "rse";
    case TermKind::CovMean:
      return fmt::format("cov_mean({})", t.window);
    case TermKind::CovMedian:
      return fmt::format("cov_median({})", t.window);
  }
  return "?";
}

const char* op_text(CompareOp op) {
  switch (op) {
    case CompareOp::Less:
      return "<";
    case CompareOp::LessEqual:
      return "<=";
    case CompareOp::Greater:
      return ">";
    case CompareOp::GreaterEqual:
      return ">=";
    case CompareOp::Equal:
      return "==";
    case CompareOp::NotEqual:
      return "!=";
  }
  return "?";
}

// Percentages print with up to 6 significant digits: 0.95 -> "95%", 0.001 -> "0.1%".
std::string percent(double fraction) {
  return fmt::format("{:g}%", fraction * 100.0);
}

std::string text(const StopRule& rule, bool nested);

std::string join(const std::vector<StopRule>& operands, const char* word, bool nested) {
  std::string s;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (i > 0) s += fmt::format(" {} ", word);
    s += text(operands[i], true);
  }
  return nested && operands.size() > 1 ? "(" + s + ")" : s;
}

std::string text(const StopRule& rule, bool nested) {
  return std::visit(Overloaded{
                        [](const Compare& c) {
                          const std::string unit = c.term.kind == TermKind::Elapsed ? "s" : "";
                          return fmt::format("{} {} {:g}{}", term_text(c.term), op_text(c.op),
                                             c.value, unit);
                        },
                        [](const Within& w) {
                          std::string stat = "median";
                          if (w.statistic == CiStatistic::Mean) stat = "mean";
                          if (w.statistic == CiStatistic::Quantile)
                            stat = fmt::format("quantile({:g})", w.q);
                          return fmt::format("ci({}, {}) within {}", stat, percent(w.level),
                                             percent(w.max_rel_half_width));
                        },
                        [nested](const And& a) { return join(a.operands, "and", nested); },
                        [nested](const Or& o) { return join(o.operands, "or", nested); },
                        [](const Not& n) {
                          return n.operands.size() == 1 ? "not " + text(n.operands[0], true)
                                                        : std::string("not ?");
                        },
                    },
                    rule.node);
}

bool in_unit_interval(double v) {
  return v > 0.0 && v < 1.0;
}

}  // namespace

StopRuleError validate(const StopRule& rule) {
  return std::visit(Overloaded{
                        [](const Compare& c) {
                          if (std::isnan(c.value)) return StopRuleError::BadValue;
                          const bool windowed = c.term.kind == TermKind::CovMean ||
                                                c.term.kind == TermKind::CovMedian;
                          if (windowed && c.term.window < 2) return StopRuleError::BadWindow;
                          return StopRuleError::None;
                        },
                        [](const Within& w) {
                          if (!in_unit_interval(w.level)) return StopRuleError::BadLevel;
                          if (w.statistic == CiStatistic::Quantile && !in_unit_interval(w.q)) {
                            return StopRuleError::BadQuantile;
                          }
                          if (!(w.max_rel_half_width > 0.0)) return StopRuleError::BadHalfWidth;
                          return StopRuleError::None;
                        },
                        [](const And& a) {
                          return a.operands.empty() ? StopRuleError::EmptyOperands
                                                    : validate_operands(a.operands);
                        },
                        [](const Or& o) {
                          return o.operands.empty() ? StopRuleError::EmptyOperands
                                                    : validate_operands(o.operands);
                        },
                        [](const Not& n) {
                          return n.operands.size() != 1 ? StopRuleError::NotArity
                                                        : validate_operands(n.operands);
                        },
                    },
                    rule.node);
}

std::size_t rule_min_reps(const StopRule& rule) {
  return std::visit(Overloaded{
                        [](const Compare& c) -> std::size_t {
                          if (c.term.kind == TermKind::Rse) return 2;
                          if (c.term.kind != TermKind::Reps || !(c.value >= 1) || c.value > 1e12)
                            return 1;
                          const auto k = static_cast<std::size_t>(std::ceil(c.value));
                          if (c.op == CompareOp::GreaterEqual || c.op == CompareOp::Equal) return k;
                          if (c.op == CompareOp::Greater)
                            return static_cast<std::size_t>(std::floor(c.value)) + 1;
                          return 1;
                        },
                        [](const Within& w) -> std::size_t {
                          if (w.statistic == CiStatistic::Mean) return 2;
                          const double q = w.statistic == CiStatistic::Median ? 0.5 : w.q;
                          for (std::size_t n = 1; n <= 10000; ++n)
                            if (stats::quantile_ci_ranks(n, q, w.level).assessable) return n;
                          return 1;
                        },
                        [](const And& a) {
                          std::size_t m = 1;
                          for (const auto& o : a.operands) m = std::max(m, rule_min_reps(o));
                          return m;
                        },
                        [](const Or& o) {
                          std::size_t m =
                              o.operands.empty() ? 1 : std::numeric_limits<std::size_t>::max();
                          for (const auto& x : o.operands) m = std::min(m, rule_min_reps(x));
                          return m;
                        },
                        [](const Not&) -> std::size_t { return 1; },
                    },
                    rule.node);
}

std::size_t rule_reps_cap(const StopRule& rule) {
  const auto cap = [](const StopRule& r) -> std::size_t {
    const auto* c = std::get_if<Compare>(&r.node);
    if (c == nullptr || c->term.kind != TermKind::Reps || !(c->value >= 1) || c->value > 1e12)
      return 0;
    if (c->op == CompareOp::GreaterEqual) return static_cast<std::size_t>(std::ceil(c->value));
    if (c->op == CompareOp::Greater) return static_cast<std::size_t>(std::floor(c->value)) + 1;
    return 0;
  };
  std::size_t best = cap(rule);
  // `a or b or c` parses as nested binary Ors: a budget in any of them caps the rule.
  if (const auto* o = std::get_if<Or>(&rule.node))
    for (const auto& x : o->operands)
      if (const std::size_t k = rule_reps_cap(x); k > 0 && (best == 0 || k < best)) best = k;
  return best;
}

std::string to_string(const StopRule& rule) {
  return text(rule, false);
}

}  // namespace metron::adapt
