// claim ["id"] : lhs (< | > | ==) rhs [by e] [within e] [for every|some [filter]]: a finding
// the analysis checks on the results (docs/claims.md). exec_claim resolves the statement where
// it stands (names, units, tolerances); check_claims, after the whole script, checks it against
// the plan (fields, levels, blocks, jobs on each side, pairs) and adds it to the plan.
#include <algorithm>
#include <cmath>
#include <set>

#include "interpreter/interp.h"
#include "runtime/plan/measure_funcs.h"

namespace metron {

namespace {

using T = Value::Type;

// A field every job has, by the name a filter gives it.
std::optional<ClaimField> job_field(const std::string& name) {
  if (name == "block") return ClaimField::Block;
  if (name == "bytes" || name == "size") return ClaimField::Bytes;
  if (name == "comm_size") return ClaimField::CommSize;
  return std::nullopt;
}

FilterOp filter_op(ast::BinOp op) {
  switch (op) {
    case ast::BinOp::Ne:
      return FilterOp::Ne;
    case ast::BinOp::Lt:
      return FilterOp::Lt;
    case ast::BinOp::Le:
      return FilterOp::Le;
    case ast::BinOp::Gt:
      return FilterOp::Gt;
    case ast::BinOp::Ge:
      return FilterOp::Ge;
    default:
      return FilterOp::Eq;
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// The statement's text on one line, as the reader wrote it.
std::string source_text(const SourceManager& sm, SourceRange r) {
  const std::string& text = sm.file(r.begin.file).text();
  std::string raw = text.substr(r.begin.offset, r.end.offset - r.begin.offset), out;
  bool blank = false;
  for (char c : raw) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && !out.empty()) blank = true;
    if (space) continue;
    if (blank) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

}  // namespace

ClaimFilter Interp::claim_filter(const ast::ClaimFilter& f) {
  ClaimFilter out;
  out.field = f.field == "size" ? "bytes" : f.field;
  out.op = filter_op(f.op);
  bool is_factor = false;
  for (const auto& lf : plan_.design.factors) is_factor = is_factor || lf.name == f.field;
  out.kind = job_field(f.field).value_or(is_factor ? ClaimField::Factor : ClaimField::Var);
  Value v = eval(*f.value);
  const bool number = v.is_number();
  if ((out.kind == ClaimField::Bytes || out.kind == ClaimField::CommSize) && !number)
    fail(DiagId::claim_filter_number, f.value->range, out.field,
         out.kind == ClaimField::Bytes ? "bytes" : "ranks", to_display(v));
  if (!number && out.op != FilterOp::Eq && out.op != FilterOp::Ne)
    fail(DiagId::claim_filter_order, f.range, out.field, filter_op_name(out.op));
  out.value = to_cell(v);
  return out;
}

ClaimSide Interp::claim_side(const ast::ClaimTerm& t, bool& is_value, Value& value) {
  ClaimSide side;
  is_value = false;
  if (t.statistic.size() && t.statistic.front() == '(')
    fail(DiagId::claim_nested_statistic, t.statistic_range);
  if (!t.statistic.empty()) {
    auto s = parse_claim_statistic(t.statistic);
    if (!s) fail(DiagId::claim_unknown_statistic, t.statistic_range, t.statistic);
    side.statistic = *s;
  }
  std::string name = t.op;
  SourceRange name_range = t.op_range;
  if (name.empty() && t.value && std::holds_alternative<ast::NameRef>(t.value->node)) {
    // A bare name: a measurement function (all its jobs) or a variable holding a value.
    const std::string& n = std::get<ast::NameRef>(t.value->node).name;
    if (auto v = lookup(n); !v || v->is(T::Op)) {
      name = n;
      name_range = t.value->range;
    }
  }
  if (name.empty()) {
    is_value = true;
    value = eval(*t.value);
    return side;
  }
  if (auto v = lookup(name); v && v->is(T::Op)) name = v->as_op().name;
  if (!find_measure_func(name)) {
    diags_.report(DiagId::claim_not_a_selection, name_range, name);
    std::vector<std::string> names;
    for (const auto& mf : measure_funcs()) names.push_back(mf.name);
    std::string best = closest_match(name, names);
    if (!best.empty()) diags_.note(DiagId::did_you_mean, name_range, best);
    throw EvalError{};
  }
  side.op = name;
  for (const auto& f : t.filters) side.filters.push_back(claim_filter(f));
  return side;
}

// The right side's reference value: a time for a location, a percentage for a spread.
void Interp::claim_reference(Claim& c, const ast::ClaimTerm& t, const Value& v) {
  const bool spread = is_spread(c.lhs.statistic);
  if (v.is_number()) fail(DiagId::claim_reference_unit, t.range, to_display(v));
  if (!spread && !v.is(T::Duration)) fail(DiagId::claim_reference_not_time, t.range, to_display(v));
  if (spread && !v.is(T::Percent))
    fail(DiagId::claim_reference_not_percent, t.range, to_display(v));
  c.rhs.statistic = c.lhs.statistic;
  c.rhs.reference = spread ? v.as_fraction() : v.as_seconds();
  if (!(c.rhs.reference > 0) || !std::isfinite(c.rhs.reference))
    fail(DiagId::claim_reference_not_positive, t.range, source_text(diags_.sources(), t.range));
  // As written: 1e-320s would display as 9.99988867183e-312ns.
  if (c.rhs.reference < kSmallestReference)
    fail(DiagId::claim_reference_too_small, t.range, source_text(diags_.sources(), t.range),
         to_display(spread ? Value(Percent{kSmallestReference})
                           : Value(Duration{kSmallestReference})));
}

// `by` and `within`: which goes with which relation, and their units.
void Interp::claim_margins(Claim& c, const ast::ClaimStmt& n) {
  const bool eq = c.relation == ClaimRelation::Equivalent;
  if (n.by && eq) fail(DiagId::claim_by_with_equivalence, n.by->range);
  if (n.within && !eq) fail(DiagId::claim_within_without_equivalence, n.within->range);
  if (eq && !n.within) fail(DiagId::claim_needs_tolerance, n.relation_range);
  if (n.by) {
    Value v = eval(*n.by);
    if (!v.is(T::Percent) || !(v.as_fraction() > 0))
      fail(DiagId::claim_by, n.by->range, to_display(v));
    if (c.relation == ClaimRelation::Less && v.as_fraction() >= 1)
      fail(DiagId::claim_by_too_large, n.by->range, "<", to_display(v));
    c.by = v.as_fraction();
  }
  if (n.within) {
    Value v = eval(*n.within);
    if (v.is(T::Percent) && v.as_fraction() > 0 && v.as_fraction() < 1) {
      c.lower = -v.as_fraction();
      c.upper = v.as_fraction();
      return;
    }
    const bool pair = v.is(T::List) && v.as_list().size() == 2 && v.as_list()[0].is(T::Percent) &&
                      v.as_list()[1].is(T::Percent);
    if (!pair) fail(DiagId::claim_tolerance, n.within->range, to_display(v));
    c.lower = v.as_list()[0].as_fraction();
    c.upper = v.as_list()[1].as_fraction();
    if (!(c.lower <= 0 && c.upper >= 0 && c.lower > -1 && c.upper > c.lower))
      fail(DiagId::claim_tolerance, n.within->range, to_display(v));
  }
}

void Interp::exec_claim(const ast::Stmt& s, const ast::ClaimStmt& n) {
  if (in_block_ || !loop_vars_.empty()) fail(DiagId::claim_not_top_level, s.range);
  Claim c;
  // A name is how tables, claims.csv and a replay's findings refer to the claim: a blank one
  // would name nothing.
  if (n.id && n.id->find_first_not_of(" \t") == std::string::npos)
    fail(DiagId::claim_empty_id, n.id_range);
  c.id = n.id ? *n.id : "claim " + std::to_string(pending_claims_.size() + 1);
  for (const auto& p : pending_claims_)
    if (p.claim.id == c.id) fail(DiagId::claim_duplicate_id, s.range, c.id);
  c.text = source_text(diags_.sources(), {n.lhs.range.begin, s.range.end});
  const LineCol lc = diags_.sources().line_col(s.range.begin);
  c.at = diags_.sources().file(s.range.begin.file).name() + ":" + std::to_string(lc.line) + ":" +
         std::to_string(lc.col);
  c.relation = n.relation == ast::BinOp::Lt   ? ClaimRelation::Less
               : n.relation == ast::BinOp::Gt ? ClaimRelation::Greater
                                              : ClaimRelation::Equivalent;
  bool lhs_value = false, rhs_value = false;
  Value lv, rv;
  c.lhs = claim_side(n.lhs, lhs_value, lv);
  c.rhs = claim_side(n.rhs, rhs_value, rv);
  if (lhs_value) fail(DiagId::claim_reference_left, n.lhs.range);
  if (rhs_value) {
    if (!n.rhs.statistic.empty()) fail(DiagId::claim_nested_statistic, n.rhs.statistic_range);
    claim_reference(c, n.rhs, rv);
  } else if (is_spread(c.lhs.statistic) != is_spread(c.rhs.statistic) ||
             (is_spread(c.lhs.statistic) && c.lhs.statistic != c.rhs.statistic)) {
    fail(DiagId::claim_statistic_kinds, n.relation_range, claim_statistic_name(c.lhs.statistic),
         claim_statistic_name(c.rhs.statistic));
  }
  claim_margins(c, n);
  if (!n.quantifier.empty()) {
    if (n.quantifier != "every" && n.quantifier != "some")
      fail(DiagId::claim_quantifier, n.quantifier_range, n.quantifier);
    c.quantifier = n.quantifier == "every" ? ClaimQuantifier::Every : ClaimQuantifier::Some;
  }
  if (n.range_filter) c.range.push_back(claim_filter(*n.range_filter));
  pending_claims_.push_back({std::move(c), &s, &n});
}

}  // namespace metron

namespace metron {

namespace {

bool same_filters(const std::vector<ClaimFilter>& a, const std::vector<ClaimFilter>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].field != b[i].field || a[i].op != b[i].op || a[i].value != b[i].value) return false;
  return true;
}

}  // namespace

// One filter against what the script declares: its field, a factor's level, a block's name.
void Interp::check_claim_filter(const ClaimFilter& f, const ast::ClaimFilter& at,
                                const std::set<std::string>& vars) {
  if (f.kind == ClaimField::Var && !vars.count(f.field)) {
    std::vector<std::string> known = {"block", "bytes", "comm_size"};
    known.insert(known.end(), vars.begin(), vars.end());
    for (const auto& lf : plan_.design.factors) known.push_back(lf.name);
    diags_.report(DiagId::claim_unknown_field, at.field_range, f.field, join(known));
    std::string best = closest_match(f.field, known);
    if (!best.empty()) diags_.note(DiagId::did_you_mean, at.field_range, best);
    throw EvalError{};
  }
  if (f.kind == ClaimField::Factor && f.op == FilterOp::Eq) {
    for (const auto& lf : plan_.design.factors) {
      if (lf.name != f.field) continue;
      std::vector<std::string> levels;
      for (const auto& l : lf.levels) {
        if (to_cell(l) == f.value) return;
        levels.push_back(to_display(l));
      }
      fail(DiagId::claim_no_level, at.value->range, f.field, to_display(eval(*at.value)),
           join(levels));
    }
  }
  if (f.kind == ClaimField::Block && f.op == FilterOp::Eq &&
      std::find(plan_.block_names.begin(), plan_.block_names.end(), f.value) ==
          plan_.block_names.end())
    fail(DiagId::claim_no_block, at.value->range, f.value, join(plan_.block_names));
}

// A claim against the plan: every filter names something the script has, each side selects
// jobs, and the sides pair. False (with a warning) for a claim that cannot be evaluated: a side
// selects nothing because its measurements were skipped (--skip-unsupported: an operation this
// build's MPI library lacks, or the simulated build cannot run).
bool Interp::check_claim(const PendingClaim& p, const std::set<std::string>& vars,
                         const std::vector<JobFields>& jobs) {
  const Claim& c = p.claim;
  for (std::size_t i = 0; i < c.lhs.filters.size(); ++i)
    check_claim_filter(c.lhs.filters[i], p.node->lhs.filters[i], vars);
  for (std::size_t i = 0; i < c.rhs.filters.size(); ++i)
    check_claim_filter(c.rhs.filters[i], p.node->rhs.filters[i], vars);
  if (!c.range.empty()) check_claim_filter(c.range[0], *p.node->range_filter, vars);
  std::vector<const JobFields*> selected;
  for (const auto& j : jobs)
    if (side_selects(c, c.lhs, j, true) || side_selects(c, c.rhs, j, true)) selected.push_back(&j);
  const std::set<std::string> shared = shared_variables(selected);
  auto keys_of = [&](const ClaimSide& side, bool with_bytes) {
    std::set<std::string> keys;
    for (const auto& j : jobs)
      if (side_selects(c, side, j, true))
        keys.insert(pairing_key(c, j, "", shared, with_bytes, true));
    return keys;
  };
  auto skipped = [&](const ClaimSide& side, SourceRange at) {
    const bool left_out =
        std::any_of(plan_.skipped.begin(), plan_.skipped.end(),
                    [&](const SkippedMeasure& m) { return m.function == side.op; });
    if (left_out) diags_.report(DiagId::claim_on_skipped_measurements, at, c.id, side.op);
    return left_out;
  };
  if (keys_of(c.lhs, true).empty()) {
    if (skipped(c.lhs, p.node->lhs.range)) return false;
    fail(DiagId::claim_selects_nothing, p.node->lhs.range, "left", c.lhs.op);
  }
  if (c.rhs.is_reference()) return true;
  if (keys_of(c.rhs, true).empty()) {
    if (skipped(c.rhs, p.node->rhs.range)) return false;
    fail(DiagId::claim_selects_nothing, p.node->rhs.range, "right", c.rhs.op);
  }
  if (c.lhs.op == c.rhs.op && c.lhs.statistic == c.rhs.statistic &&
      same_filters(c.lhs.filters, c.rhs.filters))
    fail(DiagId::claim_same_jobs, p.stmt->range);
  for (bool with_bytes : {true, false}) {
    if (!with_bytes && !sides_differ_in_a_variable(c)) break;
    auto a = keys_of(c.lhs, with_bytes), b = keys_of(c.rhs, with_bytes);
    for (const auto& k : a)
      if (b.count(k)) return true;
  }
  fail(DiagId::claim_cannot_pair, p.stmt->range);
}

void Interp::check_claims() {
  std::set<std::string> vars;
  std::vector<JobFields> jobs;
  for (const Job& j : plan_.jobs) {
    JobFields f;
    f.block = j.block;
    f.op = j.op.func ? j.op.func->name : "";
    f.bytes = j.bytes;
    f.comm_size = j.comm.size;
    for (const auto& [k, v] : j.factors) {
      vars.insert(k);
      f.vars.emplace_back(k, to_cell(v));
    }
    jobs.push_back(std::move(f));
  }
  for (const auto& p : pending_claims_) {
    try {
      if (check_claim(p, vars, jobs)) plan_.claims.push_back(p.claim);
    } catch (const EvalError&) {
      // Reported; the next claim may have its own error.
    }
  }
}

}  // namespace metron
