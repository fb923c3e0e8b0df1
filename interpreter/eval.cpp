// Expression evaluation: names, calls to builtins, arithmetic with units, argument binding.
#include <cmath>
#include <limits>

#include "interpreter/interp.h"
#include "runtime/plan/darray.h"
#include "runtime/plan/imb_grid.h"
#include "runtime/plan/mpi_features.h"
#include "runtime/plan/rma_constants.h"
#include "runtime/plan/simulation_support.h"

namespace metron {

namespace {

using T = Value::Type;

// Names that only mean something inside a `stop when` rule (evaluated by the runtime).
bool is_stop_term(const std::string& n) {
  return n == "reps" || n == "elapsed" || n == "rse" || n == "ci" || n == "cov_mean" ||
         n == "cov_median" || n == "quantile";
}

std::string short_display(const Value& v) {
  std::string s = to_display(v);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

}  // namespace

std::optional<Value> Interp::lookup(const std::string& name) const {
  if (auto it = locals_.find(name); it != locals_.end()) return it->second;
  if (auto it = globals_.find(name); it != globals_.end()) return it->second;
  if (auto d = datatype_by_name(name)) return Value(*d);
  if (auto o = reduce_op_by_name(name)) return Value(*o);
  if (name == "MPI_COMM_WORLD") {
    CommSpec c;
    c.kind = CommSpec::Kind::World;
    c.size = opt_.np;
    for (int i = 0; i < opt_.np; ++i) c.ranks.push_back(i);
    c.label = "MPI_COMM_WORLD";
    return Value(std::move(c));
  }
  if (name == "MPI_COMM_NULL") {
    CommSpec c;
    c.kind = CommSpec::Kind::Null;
    c.label = "MPI_COMM_NULL";
    return Value(std::move(c));
  }
  if (name == "MPI_UNDEFINED") return Value(static_cast<std::int64_t>(-32766));  // MPICH's value
  if (name == "MPI_INFO_NULL") return Value(Spec{"MPI_INFO_NULL", {}});
  if (auto c = rma::constant_by_name(name)) return Value(*c);    // MPI_MODE_*, MPI_LOCK_*
  if (auto c = darray_constant_by_name(name)) return Value(*c);  // MPI_DISTRIBUTE_*
  if (find_measure_func(name)) return Value(OpRef{name});
  return std::nullopt;
}

std::vector<std::string> Interp::visible_names() const {
  std::vector<std::string> out;
  for (auto& [k, v] : locals_) out.push_back(k);
  for (auto& [k, v] : globals_) out.push_back(k);
  out.push_back("MPI_COMM_WORLD");
  for (int i = 0; i <= static_cast<int>(Datatype::MPI_LONG_DOUBLE_INT); ++i)
    out.emplace_back(datatype_name(static_cast<Datatype>(i)));
  for (int i = 0; i <= static_cast<int>(ReduceOp::MPI_REPLACE); ++i)
    out.emplace_back(reduce_op_name(static_cast<ReduceOp>(i)));
  for (const auto& f : measure_funcs()) out.push_back(f.name);
  for (std::string& c : rma::constant_names()) out.push_back(std::move(c));
  for (std::string_view c : darray_constant_names()) out.emplace_back(c);
  return out;
}

Value Interp::eval_name(const ast::Expr& e, const std::string& name, Mode mode) {
  if (auto v = lookup(name)) {
    if (!plan_.design.factors.empty()) names_read_.insert(name);
    return *v;
  }
  if (mode == Mode::Setting) return Value(Spec{name, {}});
  if (is_stop_term(name) || name == "median" || name == "mean")
    fail(DiagId::stop_term_outside_rule, e.range, name);
  diags_.report(DiagId::unknown_variable, e.range, name);
  // `x = get_np` forgot the parentheses of a function without parameters.
  if (const Builtin* b = find_builtin(name); b && b->params.empty()) {
    diags_.note(DiagId::did_you_mean, e.range, name + "()");
    throw EvalError{};
  }
  std::string best = closest_match(name, visible_names());
  if (!best.empty()) diags_.note(DiagId::did_you_mean, e.range, best);
  throw EvalError{};
}

Value Interp::eval(const ast::Expr& e, Mode mode) {
  return std::visit(
      [&](const auto& n) -> Value {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, ast::IntLit>)
          return Value(n.value);
        else if constexpr (std::is_same_v<N, ast::DoubleLit>)
          return Value(n.value);
        else if constexpr (std::is_same_v<N, ast::TimeLit>)
          return Value(Duration{n.seconds});
        else if constexpr (std::is_same_v<N, ast::PercentLit>)
          return Value(Percent{n.fraction});
        else if constexpr (std::is_same_v<N, ast::StringLit>)
          return Value(n.value);
        else if constexpr (std::is_same_v<N, ast::NameRef>)
          return eval_name(e, n.name, mode);
        else if constexpr (std::is_same_v<N, ast::Call>)
          return eval_call(e, n, mode);
        else if constexpr (std::is_same_v<N, ast::ListLit>) {
          ValueList items;
          for (const auto& it : n.items) items.push_back(eval(*it, mode));
          return Value(std::move(items));
        } else if constexpr (std::is_same_v<N, ast::Unary>)
          return eval_unary(e, n, mode);
        else
          return eval_binary(e, n, mode);
      },
      e.node);
}

double Interp::eval_number(const ast::Expr& e, const char* what) {
  Value v = eval(e);
  if (!v.is_number()) fail(DiagId::number_expected, e.range, what, short_display(v));
  return v.as_number();
}

std::int64_t Interp::eval_int(const ast::Expr& e, const char* what) {
  Value v = eval(e);
  if (v.is(T::Double) && std::nearbyint(v.as_double()) == v.as_double() &&
      std::fabs(v.as_double()) < 9e18)
    return static_cast<std::int64_t>(v.as_double());
  if (!v.is(T::Int)) fail(DiagId::integer_expected, e.range, what, short_display(v));
  return v.as_int();
}

bool Interp::truthy(const Value& v, const ast::Expr& at) {
  if (v.is(T::Int)) return v.as_int() != 0;
  if (v.is(T::Double)) return v.as_double() != 0;
  fail(DiagId::condition_type, at.range, type_name(v.type()));
}

Value Interp::eval_unary(const ast::Expr& e, const ast::Unary& u, Mode mode) {
  Value v = eval(*u.operand, mode);
  auto bad = [&](const char* op) -> Value {
    fail(DiagId::bad_operand, e.range, op, type_name(v.type()));
  };
  switch (u.op) {
    case ast::UnOp::Neg:
      if (v.is(T::Int)) {
        if (v.as_int() == std::numeric_limits<std::int64_t>::min())
          fail(DiagId::overflow, e.range, "-");
        return Value(-v.as_int());
      }
      if (v.is(T::Double)) return Value(-v.as_double());
      if (v.is(T::Duration)) return Value(Duration{-v.as_seconds()});
      if (v.is(T::Percent)) return Value(Percent{-v.as_fraction()});
      return bad("-");
    case ast::UnOp::Plus:
      if (v.is_number() || v.is(T::Duration) || v.is(T::Percent)) return v;
      return bad("+");
    case ast::UnOp::Not:
      return Value(truthy(v, *u.operand) ? 0 : 1);
    case ast::UnOp::BitNot:
      if (v.is(T::Int)) return Value(~v.as_int());
      return bad("~");
  }
  return v;
}

namespace {

// One binary operation on its evaluated operands, by the operands' types.
class BinaryOp {
 public:
  BinaryOp(Interp& in, const ast::Expr& e, const ast::Binary& b, const char* op, Value l, Value r)
      : in_(in), e_(e), b_(b), op_(op), l_(std::move(l)), r_(std::move(r)) {}

  Value apply() {
    if (l_.is(T::Int) && r_.is(T::Int)) return on_ints(l_.as_int(), r_.as_int());
    if (l_.is_number() && r_.is_number()) return on_numbers(l_.as_number(), r_.as_number());
    if (l_.is(T::Duration) || r_.is(T::Duration)) return on_durations();
    if (l_.is(T::Percent) || r_.is(T::Percent)) return on_percents();
    if (l_.is(T::String) && r_.is(T::String)) return on_strings();
    if (l_.type() == r_.type() && (b_.op == Op::Eq || b_.op == Op::Ne)) {
      bool eq = l_ == r_;
      return Value((b_.op == Op::Eq) == eq ? 1 : 0);
    }
    return bad();
  }

 private:
  using Op = ast::BinOp;

  [[noreturn]] Value bad() {
    in_.fail(DiagId::bad_operands, b_.op_range, op_, type_name(l_.type()), type_name(r_.type()));
  }
  void divisor_not_zero(double y) {
    if (y == 0) in_.fail(DiagId::division_by_zero, b_.rhs->range);
  }
  Value checked(double d) {
    if (!std::isfinite(d)) in_.fail(DiagId::not_a_number, e_.range, op_);
    return Value(d);
  }
  Value duration(double s) {
    if (!std::isfinite(s)) in_.fail(DiagId::not_a_number, e_.range, op_);
    return Value(Duration{s});
  }
  // The comparisons, 0 or 1; any other operator is an error.
  template <class N>
  Value compare(N x, N y) {
    switch (b_.op) {
      case Op::Lt:
        return Value(x < y ? 1 : 0);
      case Op::Le:
        return Value(x <= y ? 1 : 0);
      case Op::Gt:
        return Value(x > y ? 1 : 0);
      case Op::Ge:
        return Value(x >= y ? 1 : 0);
      case Op::Eq:
        return Value(x == y ? 1 : 0);
      case Op::Ne:
        return Value(x != y ? 1 : 0);
      default:
        return bad();
    }
  }

  // Integers: overflow is an error, division and remainder have C semantics (as SKaMPI).
  Value on_ints(std::int64_t x, std::int64_t y) {
    std::int64_t z = 0;
    switch (b_.op) {
      case Op::Add:
        if (__builtin_add_overflow(x, y, &z)) in_.fail(DiagId::overflow, b_.op_range, op_);
        return Value(z);
      case Op::Sub:
        if (__builtin_sub_overflow(x, y, &z)) in_.fail(DiagId::overflow, b_.op_range, op_);
        return Value(z);
      case Op::Mul:
        if (__builtin_mul_overflow(x, y, &z)) in_.fail(DiagId::overflow, b_.op_range, op_);
        return Value(z);
      case Op::Div:
      case Op::Mod:
        if (y == 0) in_.fail(DiagId::division_by_zero, b_.rhs->range);
        if (x == std::numeric_limits<std::int64_t>::min() && y == -1)
          in_.fail(DiagId::overflow, b_.op_range, op_);
        return Value(b_.op == Op::Div ? x / y : x % y);
      case Op::BitAnd:
        return Value(x & y);
      case Op::BitOr:
        return Value(x | y);
      default:
        return compare(x, y);
    }
  }

  Value on_numbers(double x, double y) {
    switch (b_.op) {
      case Op::Add:
        return checked(x + y);
      case Op::Sub:
        return checked(x - y);
      case Op::Mul:
        return checked(x * y);
      case Op::Div:
        divisor_not_zero(y);
        return checked(x / y);
      default:
        return compare(x, y);
    }
  }

  // Times: time +- time, time * number, number * time, time / number, time / time.
  Value on_durations() {
    if (l_.is(T::Duration) && r_.is(T::Duration)) {
      double x = l_.as_seconds(), y = r_.as_seconds();
      if (b_.op == Op::Add) return duration(x + y);
      if (b_.op == Op::Sub) return duration(x - y);
      if (b_.op == Op::Div) {
        divisor_not_zero(y);
        return checked(x / y);
      }
      return compare(x, y);
    }
    if (l_.is(T::Duration) && r_.is_number()) {
      if (b_.op == Op::Mul) return duration(l_.as_seconds() * r_.as_number());
      if (b_.op == Op::Div) {
        divisor_not_zero(r_.as_number());
        return duration(l_.as_seconds() / r_.as_number());
      }
    }
    if (l_.is_number() && r_.is(T::Duration) && b_.op == Op::Mul)
      return duration(l_.as_number() * r_.as_seconds());
    return bad();
  }

  // Percent +- percent, comparisons, percent * number (5% * 200 = 10) and number * percent.
  Value on_percents() {
    if (l_.is(T::Percent) && r_.is(T::Percent)) {
      double x = l_.as_fraction(), y = r_.as_fraction();
      if (b_.op == Op::Add) return Value(Percent{x + y});
      if (b_.op == Op::Sub) return Value(Percent{x - y});
      return compare(x, y);
    }
    if (!l_.is_number() && !r_.is_number()) return bad();
    double f = l_.is(T::Percent) ? l_.as_fraction() : r_.as_fraction();
    double x = l_.is(T::Percent) ? r_.as_number() : l_.as_number();
    if (b_.op == Op::Mul) return checked(f * x);
    return bad();
  }

  Value on_strings() {
    if (b_.op == Op::Add) {
      // A string doubled in a loop would grow until memory runs out: bounded, with a location.
      const std::size_t n = l_.as_string().size() + r_.as_string().size();
      if (n > kMaxStringBytes)
        in_.fail(DiagId::string_too_long, e_.range, op_, n, kMaxStringBytes >> 20);
      return Value(l_.as_string() + r_.as_string());
    }
    if (b_.op == Op::Eq) return Value(l_.as_string() == r_.as_string() ? 1 : 0);
    if (b_.op == Op::Ne) return Value(l_.as_string() != r_.as_string() ? 1 : 0);
    return bad();
  }

  Interp& in_;
  const ast::Expr& e_;
  const ast::Binary& b_;
  const char* op_;
  Value l_, r_;
};

}  // namespace

Value Interp::eval_binary(const ast::Expr& e, const ast::Binary& b, Mode mode) {
  using Op = ast::BinOp;
  static const char* const spelling[] = {"+",  "-",  "*",  "/", "%", "<",   "<=", ">",
                                         ">=", "==", "!=", "&", "|", "and", "or", "within"};
  const char* op = spelling[static_cast<int>(b.op)];
  if (b.op == Op::Within) fail(DiagId::stop_term_outside_rule, b.op_range, "within");
  // Short-circuit logic, SKaMPI style: numbers, result 0 or 1.
  if (b.op == Op::And || b.op == Op::Or) {
    bool l = truthy(eval(*b.lhs, mode), *b.lhs);
    if (b.op == Op::And && !l) return Value(0);
    if (b.op == Op::Or && l) return Value(1);
    return Value(truthy(eval(*b.rhs, mode), *b.rhs) ? 1 : 0);
  }
  Value l = eval(*b.lhs, mode);
  Value r = eval(*b.rhs, mode);
  return BinaryOp(*this, e, b, op, std::move(l), std::move(r)).apply();
}

std::vector<Value> Interp::bind_args(const std::string& fname, const std::vector<Param>& params,
                                     const ast::Call& call, std::vector<SourceRange>& ranges,
                                     const std::function<std::string()>& sig, Mode mode) {
  std::vector<std::optional<Value>> bound(params.size());
  ranges.assign(params.size(), call.callee_range);
  bool seen_named = false;
  std::size_t positional = 0;
  auto note_sig = [&] { diags_.note(DiagId::note_signature, call.callee_range, fname, sig()); };
  for (const auto& a : call.args) {
    std::size_t idx;
    if (a.name.empty()) {
      if (seen_named) fail(DiagId::positional_after_named, a.value->range);
      idx = positional++;
      if (idx >= params.size()) {
        diags_.report(DiagId::too_many_args, a.value->range, fname, params.size(),
                      call.args.size());
        note_sig();
        throw EvalError{};
      }
    } else {
      seen_named = true;
      idx = params.size();
      for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].name == a.name) idx = i;
      if (idx == params.size()) {
        diags_.report(DiagId::unknown_named_arg, a.name_range, fname, a.name);
        note_sig();
        throw EvalError{};
      }
      if (bound[idx]) fail(DiagId::duplicate_arg, a.name_range, a.name, fname);
    }
    Value v = eval(*a.value, mode);
    const Param& p = params[idx];
    // An integral double is accepted where an integer is expected (SKaMPI casts silently).
    if ((p.type & kInt) && !(p.type & kDouble) && v.is(T::Double) &&
        std::nearbyint(v.as_double()) == v.as_double() && std::fabs(v.as_double()) < 9e18)
      v = Value(static_cast<std::int64_t>(v.as_double()));
    if (!value_matches(v, p.type)) {
      if (v.is(T::None) && opt_.skip_unsupported && !unsupported_result_of_.empty() &&
          find_measure_func(fname))
        throw SkipUnsupported{unsupported_result_of_};
      diags_.report(DiagId::bad_argument, a.value->range, idx + 1, fname, param_type_name(p.type),
                    short_display(v));
      note_sig();
      throw EvalError{};
    }
    if (v.is(T::Int) && !(p.type & kInt)) v = Value(static_cast<double>(v.as_int()));
    bound[idx] = std::move(v);
    ranges[idx] = a.value->range;
  }
  return with_defaults(fname, params, call, bound, note_sig);
}

std::vector<Value> Interp::with_defaults(const std::string& fname, const std::vector<Param>& params,
                                         const ast::Call& call,
                                         std::vector<std::optional<Value>>& bound,
                                         const std::function<void()>& note_sig) {
  std::vector<Value> out;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (bound[i]) {
      out.push_back(std::move(*bound[i]));
    } else if (params[i].default_value) {
      out.push_back(*params[i].default_value);
    } else {
      std::size_t required = 0;
      for (const auto& p : params) required += p.default_value ? 0 : 1;
      diags_.report(DiagId::too_few_args, call.callee_range, fname, required, call.args.size());
      note_sig();
      throw EvalError{};
    }
  }
  return out;
}

Value Interp::eval_call(const ast::Expr& e, const ast::Call& c, Mode mode) {
  if (const Builtin* b = find_builtin(c.callee)) {
    std::vector<SourceRange> ranges;
    std::vector<Value> args = bind_args(
        c.callee, b->params, c, ranges, [b] { return signature(*b); }, mode);
    BuiltinCtx ctx{diags_,  opt_.np, settings_,         rng_state_,
                   e.range, ranges,  settings_changed_, c.callee};
    Value r = b->impl(ctx, args);
    // A setter changed a setting: the settings override file's values win again.
    if (settings_changed_) reapply_override();
    // SKaMPI's handles: info_set(i, key, value) changes the variable i names.
    if (b->updates_first_arg && !c.args.empty()) {
      if (const auto* n = std::get_if<ast::NameRef>(&c.args[0].value->node)) {
        if (locals_.count(n->name))
          locals_[n->name] = r;
        else if (globals_.count(n->name))
          globals_[n->name] = r;
      }
      return Value();
    }
    return r;
  }
  if (find_measure_func(c.callee) || lookup(c.callee).value_or(Value()).is(T::Op))
    fail(DiagId::measurement_in_expression, c.callee_range, c.callee);
  if (mode == Mode::Setting) {
    Spec s{c.callee, {}};
    for (const auto& a : c.args) s.args.emplace_back(a.name, eval(*a.value, mode));
    return Value(std::move(s));
  }
  if (is_stop_term(c.callee)) fail(DiagId::stop_term_outside_rule, c.callee_range, c.callee);
  if (is_unsupported_skampi_measure(c.callee)) {
    report_unsupported(DiagId::unsupported_measurement, DiagId::skipped_unsupported_function,
                       c.callee_range, c.callee);
    unsupported_result_of_ = c.callee;
    return Value();
  }
  if (auto v = lookup(c.callee)) fail(DiagId::not_callable, c.callee_range, c.callee);
  diags_.report(DiagId::unknown_function, c.callee_range, c.callee);
  std::vector<std::string> names;
  for (const auto& b : builtins()) names.push_back(b.name);
  std::string best = closest_match(c.callee, names);
  if (!best.empty()) diags_.note(DiagId::did_you_mean, c.callee_range, best);
  throw EvalError{};
}

void Interp::report_unsupported(DiagId error, DiagId warning, SourceRange at,
                                const std::string& name) {
  if (!opt_.skip_unsupported) {
    diags_.report(error, at, name);
    diags_.note(DiagId::note_skip_unsupported, at);
    throw EvalError{};
  }
  if (warned_unsupported_.insert({at.begin.file, at.begin.offset}).second)
    diags_.report(warning, at, name);
}

bool Interp::simulation_runs(const MeasureFunc& f, SourceRange stmt, SourceRange callee) {
  if (!opt_.simulated) return true;
  if (const SimulationGap* g = simulation_gap(f)) {
    if (!opt_.skip_unsupported) {
      diags_.report(DiagId::simulation_lacks_operation, callee, f.name, kSmpiVersion, g->reason);
      diags_.note(DiagId::note_skip_unsupported, callee);
      throw EvalError{};
    }
    if (warned_unsupported_.insert({callee.begin.file, callee.begin.offset}).second)
      diags_.report(DiagId::skipped_simulation_lacks_operation, callee, f.name, kSmpiVersion,
                    g->reason);
    skip_measure(stmt, f.name);
    return false;
  }
  if (settings_.timer == TimerKind::Rdtscp) {
    if (warned_timer_.insert({stmt.begin.file, stmt.begin.offset}).second)
      diags_.report(DiagId::simulation_timer, stmt, "rdtscp", kSimulatedTimerReason);
    throw EvalError{};
  }
  return true;
}

bool Interp::library_runs(const MeasureFunc& f, SourceRange stmt, SourceRange callee) {
  const std::optional<MpiFeature> needs = mpi_feature_needed(f);
  const auto& lacks = opt_.mpi_lacks;
  if (!needs || std::find(lacks.begin(), lacks.end(), *needs) == lacks.end()) return true;
  const std::string_view what = mpi_feature_info(*needs).description;
  if (!opt_.skip_unsupported) {
    diags_.report(DiagId::mpi_library_lacks_operation, callee, f.name, what, opt_.mpi_library);
    diags_.note(DiagId::note_skip_unsupported, callee);
    throw EvalError{};
  }
  if (warned_unsupported_.insert({callee.begin.file, callee.begin.offset}).second)
    diags_.report(DiagId::skipped_mpi_library_lacks_operation, callee, f.name, what,
                  opt_.mpi_library);
  skip_measure(stmt, f.name);
  return false;
}

// Not recorded with --skip-unsupported's skipped measurements: nothing is unsupported here, the
// function does not exist for this many ranks (IMB prints it invalid and goes on).
bool Interp::imb_grid_fits(const MeasureFunc& f, int comm_size, SourceRange callee) {
  const int ndims = f.name == "Stencil2D" ? 2 : f.name == "Stencil3D" ? 3 : 0;
  if (ndims == 0 || imb_stencil_grid(ndims, comm_size)) return true;
  if (warned_unsupported_.insert({callee.begin.file, callee.begin.offset}).second)
    diags_.report(DiagId::skipped_imb_stencil_grid, callee, f.name, comm_size);
  return false;
}

void Interp::skip_measure(SourceRange stmt, const std::string& name) {
  const auto key = std::make_pair(stmt.begin.file, stmt.begin.offset);
  auto it = skipped_index_.find(key);
  if (it == skipped_index_.end()) {
    const LineCol lc = diags_.sources().line_col(stmt.begin);
    it = skipped_index_.emplace(key, plan_.skipped.size()).first;
    plan_.skipped.push_back(SkippedMeasure{name, block_name_,
                                           diags_.sources().file(stmt.begin.file).name() + ":" +
                                               std::to_string(lc.line) + ":" +
                                               std::to_string(lc.col),
                                           0});
  }
  ++plan_.skipped[it->second].times;
}

}  // namespace metron
