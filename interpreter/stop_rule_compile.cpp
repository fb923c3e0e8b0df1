// `stop when <expr>` -> adapt::StopRule: terms (reps, elapsed, rse, cov_mean(w), cov_median(w)),
// comparisons with constants, `ci(stat, level) within X%`, and/or/not. Constants are evaluated
// now, at plan time, so a rule may use script variables.
#include <cmath>

#include "interpreter/interp.h"

namespace metron {

namespace {
using T = Value::Type;

adapt::CompareOp flip(adapt::CompareOp op) {
  using O = adapt::CompareOp;
  switch (op) {
    case O::Less:
      return O::Greater;
    case O::LessEqual:
      return O::GreaterEqual;
    case O::Greater:
      return O::Less;
    case O::GreaterEqual:
      return O::LessEqual;
    default:
      return op;
  }
}

std::optional<adapt::CompareOp> compare_op_of(ast::BinOp op) {
  using Op = ast::BinOp;
  switch (op) {
    case Op::Lt:
      return adapt::CompareOp::Less;
    case Op::Le:
      return adapt::CompareOp::LessEqual;
    case Op::Gt:
      return adapt::CompareOp::Greater;
    case Op::Ge:
      return adapt::CompareOp::GreaterEqual;
    case Op::Eq:
      return adapt::CompareOp::Equal;
    case Op::Ne:
      return adapt::CompareOp::NotEqual;
    default:
      return std::nullopt;
  }
}
}  // namespace

std::optional<adapt::Term> Interp::stop_term(const ast::Expr& e) {
  if (auto* n = std::get_if<ast::NameRef>(&e.node)) {
    if (n->name == "reps") return adapt::Term{adapt::TermKind::Reps, 0};
    if (n->name == "elapsed") return adapt::Term{adapt::TermKind::Elapsed, 0};
    if (n->name == "rse") return adapt::Term{adapt::TermKind::Rse, 0};
    return std::nullopt;
  }
  if (auto* c = std::get_if<ast::Call>(&e.node)) {
    if (c->callee != "cov_mean" && c->callee != "cov_median") return std::nullopt;
    if (c->args.size() != 1) fail(DiagId::stop_rule_needs_window, e.range, c->callee);
    std::int64_t w = eval_int(*c->args[0].value, c->callee.c_str());
    if (w < 2) fail(DiagId::stop_rule_window_too_small, c->args[0].value->range);
    return adapt::Term{
        c->callee == "cov_mean" ? adapt::TermKind::CovMean : adapt::TermKind::CovMedian,
        static_cast<std::size_t>(w)};
  }
  return std::nullopt;
}

adapt::StopRule Interp::compile_stop_rule(const ast::Expr& e) {
  if (auto* u = std::get_if<ast::Unary>(&e.node); u && u->op == ast::UnOp::Not)
    return adapt::negate(compile_stop_rule(*u->operand));
  const auto* b = std::get_if<ast::Binary>(&e.node);
  if (!b) fail(DiagId::stop_rule_not_comparison, e.range);
  using Op = ast::BinOp;
  if (b->op == Op::And || b->op == Op::Or) {
    std::vector<adapt::StopRule> ops;
    ops.push_back(compile_stop_rule(*b->lhs));
    ops.push_back(compile_stop_rule(*b->rhs));
    return b->op == Op::And ? adapt::all_of(std::move(ops)) : adapt::any_of(std::move(ops));
  }
  if (b->op == Op::Within) return compile_within(*b);
  return compile_comparison(e, *b);
}

// ci(statistic [, level]) within X%
adapt::StopRule Interp::compile_within(const ast::Binary& b) {
  const auto* c = std::get_if<ast::Call>(&b.lhs->node);
  if (!c || c->callee != "ci") fail(DiagId::stop_rule_within_needs_ci, b.lhs->range);
  if (c->args.empty() || c->args.size() > 2) fail(DiagId::stop_rule_ci_arguments, b.lhs->range);
  adapt::Within w;
  const ast::Expr& stat = *c->args[0].value;
  if (auto* nm = std::get_if<ast::NameRef>(&stat.node); nm && nm->name == "median") {
    w.statistic = adapt::CiStatistic::Median;
  } else if (nm && nm->name == "mean") {
    w.statistic = adapt::CiStatistic::Mean;
  } else if (auto* q = std::get_if<ast::Call>(&stat.node);
             q && q->callee == "quantile" && q->args.size() == 1) {
    w.statistic = adapt::CiStatistic::Quantile;
    Value qv = eval(*q->args[0].value);
    double qq = qv.is(T::Percent) ? qv.as_fraction() : qv.is_number() ? qv.as_number() : -1;
    if (!(qq > 0 && qq < 1)) fail(DiagId::quantile_range, q->args[0].value->range, to_display(qv));
    w.q = qq;
  } else {
    fail(DiagId::stop_rule_statistic, stat.range);
  }
  if (c->args.size() == 2) {
    Value lvl = eval(*c->args[1].value);
    double f = lvl.is(T::Percent) ? lvl.as_fraction() : lvl.is_number() ? lvl.as_number() : -1;
    if (!(f > 0 && f < 1)) fail(DiagId::ci_level_range, c->args[1].value->range, to_display(lvl));
    w.level = f;
  }
  Value x = eval(*b.rhs);
  if (!x.is(T::Percent) || !(x.as_fraction() > 0))
    fail(DiagId::stop_rule_within_percentage, b.rhs->range);
  w.max_rel_half_width = x.as_fraction();
  return adapt::StopRule{w};
}

// term OP constant, or constant OP term
adapt::StopRule Interp::compile_comparison(const ast::Expr& e, const ast::Binary& b) {
  const auto op_of = compare_op_of(b.op);
  if (!op_of) fail(DiagId::stop_rule_operator, b.op_range);
  adapt::CompareOp op = *op_of;
  auto lt = stop_term(*b.lhs);
  auto rt = lt ? std::nullopt : stop_term(*b.rhs);
  if (!lt && !rt) fail(DiagId::stop_rule_needs_term, e.range);
  const ast::Expr& other = lt ? *b.rhs : *b.lhs;
  adapt::Term term = lt ? *lt : *rt;
  if (!lt) op = flip(op);
  Value v = eval(other);
  double value = 0;
  if (term.kind == adapt::TermKind::Elapsed) {
    if (!v.is(T::Duration)) fail(DiagId::stop_rule_elapsed_needs_time, other.range);
    value = v.as_seconds();
  } else if (v.is(T::Percent) && term.kind != adapt::TermKind::Reps) {
    value = v.as_fraction();
  } else if (v.is_number()) {
    value = v.as_number();
  } else {
    fail(DiagId::stop_rule_needs_number, other.range, type_name(v.type()));
  }
  return adapt::compare(term, op, value);
}

}  // namespace metron
