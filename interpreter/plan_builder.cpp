// Statement execution and plan emission: blocks, loops (SKaMPI semantics), measure, design.
#include "interpreter/plan_builder.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>

#include "interpreter/interp.h"
#include "interpreter/loop_sequence.h"
#include "runtime/plan/default_settings.h"
#include "runtime/plan/imb_groups.h"
#include "runtime/plan/op_args.h"
#include "runtime/plan/op_checks.h"
#include "runtime/plan/op_usage.h"

namespace metron {

namespace {

using T = Value::Type;

// Loops bounded by '...' stop when a message no longer fits; this bounds loops whose message
// never grows (a Barrier, say) so they cannot run forever.
constexpr std::size_t kMaxLoopValues = 1'000'000;

// Mixed into the run seed before it seeds the script's generator ("metron" in ASCII).
constexpr std::uint64_t kSeedSalt = 0x6d6574726f6eULL;

// A launch factor of this name (without `as env`) is the launch's process count.
constexpr const char* kProcsFactor = "procs";

// 4194304 -> "4MiB": the unit that writes the size without a fraction.
std::string format_size(std::int64_t bytes) {
  static const std::pair<std::int64_t, const char*> units[] = {
      {std::int64_t{1} << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}};
  for (auto [size, name] : units)
    if (bytes >= size && bytes % size == 0) return std::to_string(bytes / size) + name;
  return std::to_string(bytes);
}

bool contains_measure(const ast::Block& b) {
  for (const auto& s : b) {
    bool found = std::visit(
        [](const auto& n) -> bool {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, ast::MeasureStmt> || std::is_same_v<N, ast::ExpectStmt>)
            return true;
          else if constexpr (std::is_same_v<N, ast::RangeLoop> ||
                             std::is_same_v<N, ast::ListLoop> ||
                             std::is_same_v<N, ast::Measurement> || std::is_same_v<N, ast::Include>)
            return contains_measure(n.body);
          else if constexpr (std::is_same_v<N, ast::If>)
            return contains_measure(n.then_body) || contains_measure(n.else_body);
          else
            return false;
        },
        s->node);
    if (found) return true;
  }
  return false;
}

}  // namespace

Interp::Interp(const BuildOptions& opt, DiagnosticEngine& diags)
    : opt_(opt), diags_(diags), rng_state_(opt.seed ^ kSeedSalt) {
  plan_.np = opt.np;
  plan_.design.seed = opt.seed;
  plan_.design.seed_given = opt.seed_given;
}

Plan Interp::run(const ast::Script& script, const ast::Script* settings) {
  // A .ski file starts from SKaMPI's settings, everything else from Metron's (default stop rule).
  if (script.main_file != kNoFile)
    settings_ = default_settings(dialect_of(diags_.sources().file(script.main_file).name()));
  try {
    if (settings) load_override(*settings);
    exec_block(script.body);
    if (!diags_.has_errors()) check_claims();
    if (!diags_.has_errors()) check_published();
    // A launch factor that sets no environment variable and is not the process count acts only
    // through the script; if the script never reads it, every level measures the same thing.
    if (!diags_.has_errors())
      for (const auto& f : plan_.design.factors)
        if (f.env_var.empty() && f.name != kProcsFactor && !names_read_.count(f.name))
          diags_.report(DiagId::unused_factor, f.range, f.name);
  } catch (const TooManyErrors&) {
  }
  return std::move(plan_);
}

std::shared_ptr<const Settings> Interp::snapshot() {
  // Jobs share one snapshot until a setting changes: 100 000 jobs need not hold 100 000 copies.
  if (settings_changed_ || !snapshot_) {
    snapshot_ = std::make_shared<const Settings>(settings_);
    settings_changed_ = false;
  }
  return snapshot_;
}

void Interp::assign(const std::string& name, SourceRange r, Value v) {
  if (lookup(name) && !locals_.count(name) && !globals_.count(name) && !find_measure_func(name))
    fail(DiagId::assign_to_constant, r, name);
  for (const auto& [var, val] : loop_vars_)
    if (var == name) diags_.report(DiagId::loop_var_assigned, r, name);
  // SKaMPI: inside a block, assigning a global's name creates a local (cleared at the end).
  if (in_block_)
    locals_[name] = std::move(v);
  else
    globals_[name] = std::move(v);
}

void Interp::exec_block(const ast::Block& b) {
  for (const auto& s : b) {
    try {
      exec_stmt(*s);
    } catch (const EvalError&) {
      // Reported already; go on with the next statement so one run shows several errors.
    }
  }
}

void Interp::exec_stmt(const ast::Stmt& s) {
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, ast::Measurement>) {
          exec_measurement(s, n);
        } else if constexpr (std::is_same_v<N, ast::Assign>) {
          assign(n.name, n.name_range, eval(*n.value));
        } else if constexpr (std::is_same_v<N, ast::CallStmt>) {
          eval(*n.call);
        } else if constexpr (std::is_same_v<N, ast::SetStmt>) {
          Value v = eval(*n.value, Mode::Setting);
          apply_setting(n.name, v, n.name_range, n.value->range);
        } else if constexpr (std::is_same_v<N, ast::StopStmt>) {
          apply_stop_rule(*n.condition);
        } else if constexpr (std::is_same_v<N, ast::ReplicateStmt> ||
                             std::is_same_v<N, ast::FactorStmt> ||
                             std::is_same_v<N, ast::ShuffleStmt>) {
          exec_design(s);
        } else if constexpr (std::is_same_v<N, ast::PrintStmt>) {
          std::string text;
          for (std::size_t i = 0; i < n.items.size(); ++i) {
            Value v = eval(*n.items[i]);
            if (i) text += " ";
            text += to_cell(v);
          }
          plan_.prints.push_back({static_cast<std::int64_t>(plan_.jobs.size()), text, n.all,
                                  in_block_ ? block_index_ : -1});
        } else if constexpr (std::is_same_v<N, ast::FlushStmt>) {
          // Output is flushed job by job anyway.
        } else if constexpr (std::is_same_v<N, ast::MeasureStmt>) {
          exec_measure(s, n);
        } else if constexpr (std::is_same_v<N, ast::ExpectStmt>) {
          exec_expect(s, n);
        } else if constexpr (std::is_same_v<N, ast::ClaimStmt>) {
          exec_claim(s, n);
        } else if constexpr (std::is_same_v<N, ast::RangeLoop>) {
          exec_range_loop(s, n);
        } else if constexpr (std::is_same_v<N, ast::ListLoop>) {
          exec_list_loop(s, n);
        } else if constexpr (std::is_same_v<N, ast::If>) {
          if (truthy(eval(*n.condition), *n.condition))
            exec_block(n.then_body);
          else
            exec_block(n.else_body);
        } else if constexpr (std::is_same_v<N, ast::Include>) {
          exec_block(n.body);
        } else if constexpr (std::is_same_v<N, ast::Published>) {
          exec_published(s, n);
        }
      },
      s.node);
}

// begin measurement "name" block end measurement
void Interp::exec_measurement(const ast::Stmt& s, const ast::Measurement& m) {
  if (in_block_) fail(DiagId::nested_block, s.range);
  if (auto it = block_ranges_.find(m.name); it != block_ranges_.end()) {
    diags_.report(DiagId::duplicate_block, s.range, m.name);
    diags_.note(DiagId::note_previous_definition, it->second);
  } else {
    block_ranges_[m.name] = s.range;
  }
  // Settings changed inside a block stay inside it (docs/language.md, "Scope of settings").
  Settings saved = settings_;
  auto saved_snapshot = snapshot_;
  const bool saved_changed = settings_changed_;  // a change not yet in a snapshot
  in_block_ = true;
  block_name_ = m.name;
  block_index_ = static_cast<int>(plan_.block_names.size());
  plan_.block_names.push_back(m.name);
  int errors_before = diags_.error_count();
  exec_block(m.body);
  // A block that failed already has its error; "measures nothing" would only add noise.
  if (diags_.error_count() == errors_before && !contains_measure(m.body))
    diags_.report(DiagId::empty_block, s.range, m.name);
  in_block_ = false;
  locals_.clear();
  settings_ = saved;
  snapshot_ = saved_snapshot;
  settings_changed_ = saved_changed;
}

bool Interp::body_iteration(const ast::Block& body, const std::string& var, Value v) {
  // Loop variables are locals inside a block, globals outside one.
  auto& scope = in_block_ ? locals_ : globals_;
  scope[var] = v;
  loop_vars_.emplace_back(var, std::move(v));
  int errors_before = diags_.error_count();
  try {
    exec_block(body);
  } catch (...) {
    loop_vars_.pop_back();
    throw;
  }
  loop_vars_.pop_back();
  // One error per statement: an error in the body would come back in every iteration. A message
  // that no longer fits ends the loops up to the innermost '...' loop, which consumes the flag.
  return diags_.error_count() == errors_before && !ellipsis_overflow_ && !bounded_overflow_;
}

// forHead v = a to (b | ...) [step [*]s [multipleof j]] do block od
void Interp::exec_range_loop(const ast::Stmt& s, const ast::RangeLoop& l) {
  if (l.autorefine && autorefine_depth_ > 0) fail(DiagId::nested_autorefine, s.range);
  const LoopSequence::Spec spec = range_loop_spec(s, l);
  int saved_group = refine_group_;
  std::string saved_var = refine_var_;
  if (l.autorefine) {
    ++autorefine_depth_;
    refine_group_ = next_refine_group_++;
    refine_var_ = l.var;
    refine_mult_ = l.multiplicative;
    refine_int_ = spec.from.is_int;
    refine_multof_ = spec.multiple_of.value_or(0);
  }
  bool ellipsis = !l.to;
  ++(ellipsis ? ellipsis_depth_ : bounded_depth_);
  struct Restore {
    Interp& in;
    bool autoref, ellipsis;
    int group;
    std::string var;
    ~Restore() {
      if (autoref) --in.autorefine_depth_;
      --(ellipsis ? in.ellipsis_depth_ : in.bounded_depth_);
      in.refine_group_ = group;
      in.refine_var_ = var;
    }
  } restore{*this, l.autorefine, ellipsis, saved_group, saved_var};
  run_range_loop(s, l, spec);
}

LoopSequence::Spec Interp::range_loop_spec(const ast::Stmt& s, const ast::RangeLoop& l) {
  auto number = [&](const ast::Expr& e, const char* what) {
    Value v = eval(e);
    if (v.is(T::Int)) return LoopNumber::of_int(v.as_int());
    if (v.is(T::Double)) return LoopNumber::of_double(v.as_double());
    fail(DiagId::number_expected, e.range, what, to_display(v));
  };
  LoopSequence::Spec spec;
  spec.from = number(*l.from, "for");
  if (l.to) spec.to = number(*l.to, "to");
  if (l.step) spec.step = number(*l.step, "step");
  spec.multiplicative = l.multiplicative;
  if (l.multiple_of) {
    std::int64_t j = eval_int(*l.multiple_of, "multipleof");
    if (j < 1) fail(DiagId::multipleof_not_positive, l.multiple_of->range, j);
    spec.multiple_of = j;
  }
  if (!LoopSequence::check(spec).empty()) {
    SourceRange at = l.step ? l.step->range : s.range;
    std::string step = l.step ? (l.multiplicative ? "*" : "") + dump(*l.step) : "1";
    fail(DiagId::step_no_progress, at, step, dump(*l.from),
         l.to ? dump(*l.to) : std::string("..."));
  }
  if (!l.to && !contains_measure(l.body)) fail(DiagId::ellipsis_no_measure, l.to_range);
  return spec;
}

void Interp::run_range_loop(const ast::Stmt& s, const ast::RangeLoop& l,
                            const LoopSequence::Spec& spec) {
  const bool ellipsis = !l.to;
  if (l.autorefine) {
    if (auto it = opt_.refine_values.find(refine_group_); it != opt_.refine_values.end()) {
      // A refinement round: the points the refiner chose, in its order.
      for (double x : it->second) {
        Value visible =
            spec.from.is_int ? Value(static_cast<std::int64_t>(std::llround(x))) : Value(x);
        if (!body_iteration(l.body, l.var, std::move(visible))) {
          if (!ellipsis) bounded_overflow_ = false;  // this loop is the one that ends
          return;
        }
      }
      return;
    }
  }
  LoopSequence seq(spec);
  std::size_t n = 0;
  while (auto v = seq.next()) {
    if (++n > kMaxLoopValues) fail(DiagId::loop_too_long, s.range, kMaxLoopValues);
    Value visible = v->is_int ? Value(v->i) : Value(v->d);
    if (body_iteration(l.body, l.var, std::move(visible))) continue;
    if (ellipsis && ellipsis_overflow_) {
      // SKaMPI's rule: the '...' loop ends with the first message that does not fit.
      ellipsis_overflow_ = false;
      if (n == 1) diags_.report(DiagId::ellipsis_never_fits, l.to_range);
    }
    if (!ellipsis) bounded_overflow_ = false;
    return;
  }
  if (seq.end() == LoopSequence::End::TooManySteps)
    fail(DiagId::loop_too_long, s.range, LoopSequence::kMaxSteps);
}

// for v in expr do block od
void Interp::exec_list_loop(const ast::Stmt&, const ast::ListLoop& l) {
  Value items = eval(*l.items);
  if (!items.is(T::List)) fail(DiagId::list_loop_type, l.items->range, type_name(items.type()));
  for (const Value& v : items.as_list())
    if (!body_iteration(l.body, l.var, v)) break;
}

// A measure outside any block is measured in an implicit block named after its measurement
// function, so that a one-liner (metron exec -e '...') needs no begin/end. Every top-level
// measure of the same function shares that block.
void Interp::exec_implicit_block_measure(const ast::Stmt& s, const ast::MeasureStmt& m) {
  const auto& call = std::get<ast::Call>(m.call->node);
  std::string name = call.callee;
  if (auto v = lookup(call.callee); v && v->is(T::Op)) name = v->as_op().name;
  auto it = implicit_blocks_.find(name);
  if (it == implicit_blocks_.end()) {
    if (auto prev = block_ranges_.find(name); prev != block_ranges_.end()) {
      diags_.report(DiagId::duplicate_block, s.range, name);
      diags_.note(DiagId::note_previous_definition, prev->second);
    } else {
      block_ranges_[name] = s.range;
    }
    it = implicit_blocks_.emplace(name, static_cast<int>(plan_.block_names.size())).first;
    plan_.block_names.push_back(name);
  }
  struct Restore {
    Interp& in;
    ~Restore() {
      in.in_block_ = false;
      in.locals_.clear();
    }
  } restore{*this};
  in_block_ = true;
  block_name_ = name;
  block_index_ = it->second;
  exec_measure(s, m);
}

// measure comm : call
void Interp::exec_measure(const ast::Stmt& s, const ast::MeasureStmt& m) {
  if (!in_block_) return exec_implicit_block_measure(s, m);
  Value comm = eval(*m.comm);
  if (comm.is(T::None) && opt_.skip_unsupported && !unsupported_result_of_.empty())
    return skip_measure(s.range, unsupported_result_of_);  // a topology helper's communicator
  if (!comm.is(T::Comm)) fail(DiagId::not_a_comm, m.comm->range, "measure", type_name(comm.type()));
  std::optional<Job> job = make_job(s, *m.comm, comm, *m.call);
  if (!job) return;
  if (plan_.jobs.size() >= opt_.max_jobs) {
    diags_.report(DiagId::too_many_jobs, s.range, opt_.max_jobs);
    throw TooManyErrors{};
  }
  job->id = static_cast<std::int64_t>(plan_.jobs.size());
  plan_.jobs.push_back(std::move(*job));
}

// expect ["id"] comm : lhs <= [k *] rhs: both sides become ordinary jobs, next to each other in
// the plan and tagged so that the analysis can pair them launch by launch.
void Interp::exec_expect(const ast::Stmt& s, const ast::ExpectStmt& e) {
  if (!in_block_) fail(DiagId::expect_outside_block, s.range);
  double k = 1;
  if (e.factor) {
    Value v = eval(*e.factor);
    if (v.is(T::Int))
      k = static_cast<double>(v.as_int());
    else if (v.is(T::Double))
      k = v.as_double();
    else
      fail(DiagId::expect_factor, e.factor->range, to_display(v));
    if (!(k > 0) || !std::isfinite(k)) fail(DiagId::expect_factor, e.factor->range, to_display(v));
  }
  Value comm = eval(*e.comm);
  if (!comm.is(T::Comm)) fail(DiagId::not_a_comm, e.comm->range, "expect", type_name(comm.type()));
  std::optional<Job> lhs = make_job(s, *e.comm, comm, *e.lhs);
  std::optional<Job> rhs = make_job(s, *e.comm, comm, *e.rhs);
  if (!lhs || !rhs) return;  // a side that is not measured leaves nothing to compare
  if (plan_.jobs.size() + 1 >= opt_.max_jobs) {
    diags_.report(DiagId::too_many_jobs, s.range, opt_.max_jobs);
    throw TooManyErrors{};
  }
  std::string id = e.id;
  if (id.empty()) {
    std::string factor = e.factor ? dump(*e.factor) + " * " : "";
    id = lhs->op.func->name + " <= " + factor + rhs->op.func->name;
  }
  lhs->id = static_cast<std::int64_t>(plan_.jobs.size());
  rhs->id = lhs->id + 1;
  for (Job* j : {&*lhs, &*rhs}) {
    j->guideline = id;
    j->guideline_check = lhs->id;
  }
  lhs->guideline_side = "lhs";
  rhs->guideline_side = "rhs";
  rhs->guideline_factor = k;
  plan_.jobs.push_back(std::move(*lhs));
  plan_.jobs.push_back(std::move(*rhs));
}

bool Interp::written_in_ski(SourceRange at) const {
  if (!at.begin.valid()) return false;
  const std::string& name = diags_.sources().file(at.begin.file).name();
  return name.size() >= 4 && name.compare(name.size() - 4, 4, ".ski") == 0;
}

// The measurement function a `measure` statement calls; nullptr when SKaMPI's unsupported one is
// skipped. Unknown names are errors, with the closest known name.
const MeasureFunc* Interp::measure_func_of(const ast::Stmt& s, const ast::Call& call) {
  // The callee is a measurement function's name or a variable holding one (for op in [...]).
  const MeasureFunc* f = nullptr;
  if (auto v = lookup(call.callee); v && v->is(T::Op)) f = find_measure_func(v->as_op().name);
  if (!f) {
    if (find_builtin(call.callee) || lookup(call.callee))
      fail(DiagId::not_a_measurement, call.callee_range, call.callee);
    if (is_unsupported_skampi_measure(call.callee)) {
      report_unsupported(DiagId::unsupported_measurement, DiagId::skipped_unsupported_measurement,
                         call.callee_range, call.callee);
      skip_measure(s.range, call.callee);
      return nullptr;
    }
    diags_.report(DiagId::unknown_function, call.callee_range, call.callee);
    std::vector<std::string> names;
    for (const auto& mf : measure_funcs()) names.push_back(mf.name);
    std::string best = closest_match(call.callee, names);
    if (!best.empty()) diags_.note(DiagId::did_you_mean, call.callee_range, best);
    throw EvalError{};
  }
  return f;
}

std::optional<Job> Interp::make_job(const ast::Stmt& s, const ast::Expr& comm_expr,
                                    const Value& comm, const ast::Expr& call_expr) {
  const auto& call = std::get<ast::Call>(call_expr.node);
  const MeasureFunc* f = measure_func_of(s, call);
  if (!f) return std::nullopt;
  // Before the arguments: what the simulated build cannot run is refused by name, whatever else.
  if (!simulation_runs(*f, s.range, call.callee_range)) return std::nullopt;
  if (!library_runs(*f, s.range, call.callee_range)) return std::nullopt;
  if (f->name == "Exchange" && written_in_ski(call.callee_range)) {
    report_unsupported(DiagId::skampi_exchange, DiagId::skipped_skampi_exchange, call.callee_range,
                       f->name);
    skip_measure(s.range, f->name);
    return std::nullopt;
  }
  std::vector<SourceRange> ranges;
  std::vector<Value> args;
  try {
    args = bind_args(f->name, f->params, call, ranges, [f] { return signature(*f); });
  } catch (const SkipUnsupported& u) {
    skip_measure(s.range, u.name);
    return std::nullopt;
  }
  fill_derived(*f, args);

  const CommSpec& cs = comm.as_comm();
  if (cs.kind == CommSpec::Kind::Null) return std::nullopt;  // SKaMPI: skipped on MPI_COMM_NULL
  if (!imb_grid_fits(*f, cs.size, call.callee_range)) return std::nullopt;
  // IMB's -multi forms its groups from consecutive ranks of the world (or of IMB's map).
  if (settings_.multi && !multi_accepts(cs)) {
    diags_.report(DiagId::multi_comm, comm_expr.range, cs.label);
    throw EvalError{};
  }
  // Checks that need the communicator (ranks, counts, roots, reductions): the runtime's too.
  if (auto p = check_op_call(*f, args, cs.size)) {
    diags_.report_args(p->id,
                       p->param < 0 ? comm_expr.range : ranges[static_cast<std::size_t>(p->param)],
                       p->args);
    throw EvalError{};
  }
  BufferUse use = buffer_use(*f, args, cs.size);
  if (!buffer_fits(s, *f, use)) return std::nullopt;
  // Refinement rebuilds emit only the refined groups' jobs (the fit checks above still end
  // '...' loops as in the first build).
  if (opt_.only_refined && !opt_.refine_values.count(refine_group_)) return std::nullopt;
  return job_here(s, OpCall{f, std::move(args)}, cs, use);
}

// A job of the call at this point of the walk: its block, loop values, settings and refinement.
Job Interp::job_here(const ast::Stmt& s, OpCall op, const CommSpec& cs, const BufferUse& use) {
  Job job;
  job.block = block_name_;
  job.block_index = block_index_;
  job.factors = loop_vars_;
  job.op = std::move(op);
  job.comm = cs;
  job.count = use.count;
  job.bytes = use.reported_bytes;
  job.send_bytes = use.send_bytes;
  job.recv_bytes = use.recv_bytes;
  job.settings = snapshot();
  job.range = s.range;
  job.refine_group = refine_group_;
  job.refine_var = refine_var_;
  job.refine_multiplicative = refine_mult_;
  job.refine_integer = refine_int_;
  job.refine_multiple_of = refine_multof_;
  return job;
}

// The fit rule of runtime/ops/arena.h (fits_buffer): with buffer cycling a message needs twice
// its send and receive size, as in SKaMPI's is_buffer_too_small().
bool Interp::buffer_fits(const ast::Stmt& s, const MeasureFunc& f, const BufferUse& use) {
  std::int64_t need = 0;
  if (__builtin_add_overflow(use.send_bytes, use.recv_bytes, &need) ||
      __builtin_mul_overflow(need, settings_.buffer_cycling ? 2 : 1, &need))
    need = std::numeric_limits<std::int64_t>::max();
  if (need <= settings_.buffer_bytes) return true;
  if (ellipsis_depth_ > 0) {
    ellipsis_overflow_ = true;  // the enclosing '...' loop ends here (SKaMPI's rule)
    return false;
  }
  if (bounded_depth_ > 0) {
    bounded_overflow_ = true;  // the innermost loop ends here (SKaMPI's rule)
    if (fit_warned_.insert({s.range.begin.file, s.range.begin.offset}).second) {
      diags_.report(DiagId::size_ends_loop, s.range, f.name, need, settings_.buffer_bytes);
      note_buffer_fix(s.range, need);  // a cut loop says how to measure the rest
    }
    return false;
  }
  diags_.report(DiagId::size_too_large, s.range, f.name, need, settings_.buffer_bytes);
  note_buffer_fix(s.range, need);
  throw EvalError{};
}

void Interp::note_buffer_fix(SourceRange at, std::int64_t need) {
  std::int64_t suggest = 1024;
  while (suggest < need && suggest < (std::int64_t{1} << 40)) suggest *= 2;
  std::string sz = format_size(suggest);
  diags_.note(DiagId::note_buffer_hint, at, sz, sz);
  if (settings_.buffer_cycling) diags_.note(DiagId::note_cycling_doubles, at);
}

// replicate N | factor NAME in [levels] [as env "VAR" | as np] | shuffle [seed N]
void Interp::exec_design(const ast::Stmt& s) {
  LaunchDesign& d = plan_.design;
  if (in_block_) {
    const char* what = std::holds_alternative<ast::ReplicateStmt>(s.node) ? "replicate"
                       : std::holds_alternative<ast::FactorStmt>(s.node)  ? "factor"
                                                                          : "shuffle";
    fail(DiagId::design_inside_block, s.range, what);
  }
  if (auto* r = std::get_if<ast::ReplicateStmt>(&s.node)) {
    Value v = eval(*r->count);
    if (!v.is(T::Int) || v.as_int() < 1)
      fail(DiagId::replicate_positive, r->count->range, to_display(v));
    d.replicates = v.as_int();
    d.replicates_given = true;
    check_launch_count(r->count->range);
    return;
  }
  if (auto* sh = std::get_if<ast::ShuffleStmt>(&s.node)) {
    d.shuffle = true;
    if (sh->seed && !opt_.seed_given) {
      std::int64_t seed = eval_int(*sh->seed, "seed");
      d.seed = static_cast<std::uint64_t>(seed);
      d.seed_given = true;
      // The script's seed is the run seed: comm_rand and get_random_int after this draw from it.
      rng_state_ = d.seed ^ kSeedSalt;
    }
    return;
  }
  exec_factor(s, std::get<ast::FactorStmt>(s.node));
}

// factor NAME in [levels] [as env "VAR"]; `procs` without env: the launch's rank count.
void Interp::exec_factor(const ast::Stmt& s, const ast::FactorStmt& f) {
  LaunchDesign& d = plan_.design;
  for (const auto& existing : d.factors)
    if (existing.name == f.name) fail(DiagId::duplicate_factor, f.name_range, f.name);
  Value levels = eval(*f.levels);
  if (!levels.is(T::List)) fail(DiagId::list_loop_type, f.levels->range, type_name(levels.type()));
  if (levels.as_list().empty()) fail(DiagId::empty_factor, f.levels->range, f.name);
  if (f.env_var) {
    // The name goes into the launch's environment as NAME=value: 'A=B' or '' would set
    // something else than the user meant (POSIX names: letters, digits, '_', not first a digit).
    const std::string& v = *f.env_var;
    bool ok = !v.empty() && !std::isdigit(static_cast<unsigned char>(v[0])) &&
              std::all_of(v.begin(), v.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
              });
    if (!ok) fail(DiagId::bad_env_name, s.range, v);
  }
  LaunchFactor lf{f.name, levels.as_list(), f.env_var.value_or(""), s.range};
  bool procs = f.name == kProcsFactor && !f.env_var;
  if (procs)
    for (const Value& v : lf.levels)
      if (!v.is(T::Int) || v.as_int() < 1)
        fail(DiagId::procs_levels, f.levels->range, to_display(v));
  std::size_t level = 0;
  if (auto it = opt_.launch_levels.find(f.name); it != opt_.launch_levels.end()) {
    level = it->second;
  } else if (procs) {
    // `metron plan --np N` shows the launch that runs on N ranks, if the factor has that level.
    for (std::size_t i = 0; i < lf.levels.size(); ++i)
      if (lf.levels[i].as_int() == opt_.np) level = i;
  }
  if (level >= lf.levels.size()) level = 0;
  globals_[f.name] = lf.levels[level];
  d.factors.push_back(std::move(lf));
  check_launch_count(f.levels->range);
}

// Checked as the design grows, before anything is expanded: `replicate 10^18` must be an error,
// not a stall in `metron run`.
void Interp::check_launch_count(SourceRange at) {
  const LaunchDesign& d = plan_.design;
  std::int64_t launches = d.replicates;
  for (const auto& f : d.factors) {
    std::int64_t n = static_cast<std::int64_t>(f.levels.size());
    if (launches > kMaxLaunches / n) {
      launches = kMaxLaunches + 1;
      break;
    }
    launches *= n;
  }
  if (launches > kMaxLaunches) fail(DiagId::too_many_launches, at, kMaxLaunches);
}

Plan build_plan(const ast::Script& script, const BuildOptions& options, DiagnosticEngine& diags,
                const ast::Script* settings) {
  Interp in(options, diags);
  return in.run(script, settings);
}

}  // namespace metron
