// The tree-walking evaluator behind build_plan: environment, expressions (eval.cpp), statements
// and plan emission (plan_builder.cpp), settings (set_settings.cpp). Internal to the front end.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "interpreter/ast.h"
#include "interpreter/builtins.h"
#include "interpreter/loop_sequence.h"
#include "interpreter/plan_builder.h"
#include "runtime/adapt/stop_rule.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/plan.h"

namespace metron {

class Interp {
 public:
  Interp(const BuildOptions& opt, DiagnosticEngine& diags);
  // `settings`: a checked settings override file, or null.
  Plan run(const ast::Script& script, const ast::Script* settings = nullptr);

  // --- expressions (eval.cpp) ---
  enum class Mode { Normal, Setting };  // Setting: unknown names and calls become option specs
  Value eval(const ast::Expr& e, Mode mode = Mode::Normal);
  double eval_number(const ast::Expr& e, const char* what);
  std::int64_t eval_int(const ast::Expr& e, const char* what);
  bool truthy(const Value& v, const ast::Expr& at);
  // Binds call arguments to params (positional, named, defaults); reports and throws on error.
  // sig is called only to print the signature in a note: building it for every call would
  // cost more than the binding itself on large plans.
  std::vector<Value> bind_args(const std::string& fname, const std::vector<Param>& params,
                               const ast::Call& call, std::vector<SourceRange>& ranges,
                               const std::function<std::string()>& sig, Mode mode = Mode::Normal);
  // The bound arguments in parameter order, each missing one its default; a missing one without
  // a default is an error (too_few_args, with the signature as a note).
  std::vector<Value> with_defaults(const std::string& fname, const std::vector<Param>& params,
                                   const ast::Call& call, std::vector<std::optional<Value>>& bound,
                                   const std::function<void()>& note_sig);
  [[noreturn]] void fail(DiagId id, SourceRange r, auto&&... args) {
    diags_.report(id, r, args...);
    throw EvalError{};
  }

  // --- settings (set_settings.cpp) ---
  void apply_setting(const std::string& key, const Value& v, SourceRange key_range,
                     SourceRange value_range);
  void apply_stop_rule(const ast::Expr& cond);
  void install_stop_rule(std::shared_ptr<const adapt::StopRule> rule, std::string text);
  // The settings override (--settings): load_override applies the file once, reporting its
  // errors at their place in it, and records what each statement did; reapply_override repeats
  // that after every change of a setting by the script, so the file's values win wherever the
  // script sets the same settings (global, in blocks, in includes).
  void load_override(const ast::Script& file);
  void reapply_override();
  // stop_rule_compile.cpp
  adapt::StopRule compile_stop_rule(const ast::Expr& e);
  std::optional<adapt::Term> stop_term(const ast::Expr& e);
  adapt::StopRule compile_within(const ast::Binary& b);
  adapt::StopRule compile_comparison(const ast::Expr& e, const ast::Binary& b);

 private:
  Value eval_name(const ast::Expr& e, const std::string& name, Mode mode);
  Value eval_call(const ast::Expr& e, const ast::Call& c, Mode mode);
  Value eval_binary(const ast::Expr& e, const ast::Binary& b, Mode mode);
  Value eval_unary(const ast::Expr& e, const ast::Unary& u, Mode mode);
  std::optional<Value> lookup(const std::string& name) const;
  std::vector<std::string> visible_names() const;

  // --- statements (plan_builder.cpp) ---
  void exec_block(const ast::Block& b);
  void exec_stmt(const ast::Stmt& s);
  void exec_measurement(const ast::Stmt& s, const ast::Measurement& m);
  void exec_range_loop(const ast::Stmt& s, const ast::RangeLoop& l);
  // The loop's values as LoopSequence takes them, checked (a step that makes progress, a '...'
  // loop with a measure in it).
  LoopSequence::Spec range_loop_spec(const ast::Stmt& s, const ast::RangeLoop& l);
  // Runs the body for each value: the refiner's points in a refinement round of an autorefine
  // loop, else the sequence's, until it ends or a message no longer fits.
  void run_range_loop(const ast::Stmt& s, const ast::RangeLoop& l, const LoopSequence::Spec& spec);
  void exec_list_loop(const ast::Stmt& s, const ast::ListLoop& l);
  void exec_measure(const ast::Stmt& s, const ast::MeasureStmt& m);
  void exec_expect(const ast::Stmt& s, const ast::ExpectStmt& e);
  // claim_statement.cpp: claims are resolved where they stand and checked against the plan at
  // the end, when every block and job is known.
  struct PendingClaim {
    Claim claim;
    const ast::Stmt* stmt;
    const ast::ClaimStmt* node;
  };
  void exec_claim(const ast::Stmt& s, const ast::ClaimStmt& n);
  ClaimSide claim_side(const ast::ClaimTerm& t, bool& is_value, Value& value);
  ClaimFilter claim_filter(const ast::ClaimFilter& f);
  void claim_reference(Claim& c, const ast::ClaimTerm& t, const Value& v);
  void claim_margins(Claim& c, const ast::ClaimStmt& n);
  void check_claims();
  bool check_claim(const PendingClaim& p, const std::set<std::string>& vars,
                   const std::vector<JobFields>& jobs);
  void check_claim_filter(const ClaimFilter& f, const ast::ClaimFilter& at,
                          const std::set<std::string>& vars);
  std::vector<PendingClaim> pending_claims_;
  // published_statement.cpp: a paper's values, resolved where the statement stands and checked
  // against the plan at the end, as claims are.
  struct PendingPublished {
    PublishedValue value;
    const ast::ClaimTerm* selection;
    SourceRange id_range;
  };
  void exec_published(const ast::Stmt& s, const ast::Published& n);
  PublishedValue published_value(const ast::Published& n, const ast::PublishedRow& row);
  void published_unit(PublishedValue& v, const ast::PublishedCell& value,
                      const ast::PublishedCell& unit);
  void check_published();
  std::vector<PendingPublished> pending_published_;
  std::map<std::string, SourceRange> published_ids_;  // where each id is first listed
  // The job of `call` on `comm` (checked), or nullopt when it is not measured: MPI_COMM_NULL, a
  // message that ends a '...' loop, a refinement rebuild of another group.
  std::optional<Job> make_job(const ast::Stmt& s, const ast::Expr& comm_expr, const Value& comm,
                              const ast::Expr& call_expr);
  void check_launch_count(SourceRange at);
  // Notes after a message that does not fit the buffer: the buffer that would hold it, and that
  // buffer cycling doubles the need when it is on.
  void note_buffer_fix(SourceRange at, std::int64_t need);
  // The fit rule the runtime applies too: false when the job is not made because an enclosing
  // loop ends here (SKaMPI's rule); throws EvalError for a size that does not fit outside one.
  bool buffer_fits(const ast::Stmt& s, const MeasureFunc& f, const BufferUse& use);
  Job job_here(const ast::Stmt& s, OpCall op, const CommSpec& cs, const BufferUse& use);
  void exec_implicit_block_measure(const ast::Stmt& s, const ast::MeasureStmt& m);
  void exec_design(const ast::Stmt& s);
  void exec_factor(const ast::Stmt& s, const ast::FactorStmt& f);
  void assign(const std::string& name, SourceRange r, Value v);
  std::shared_ptr<const Settings> snapshot();
  // Runs one loop iteration; false when the loop must stop (an error, or a message that does
  // not fit inside a '...' loop).
  bool body_iteration(const ast::Block& body, const std::string& var, Value v);

  const BuildOptions& opt_;
  DiagnosticEngine& diags_;
  Plan plan_;
  std::map<std::string, Value> globals_;
  std::map<std::string, Value> locals_;
  bool in_block_ = false;
  int autorefine_depth_ = 0;
  int refine_group_ = -1;
  std::string refine_var_;
  bool refine_mult_ = false;
  bool refine_int_ = true;
  std::int64_t refine_multof_ = 0;
  int next_refine_group_ = 0;
  std::vector<std::pair<std::string, Value>> loop_vars_;  // outermost first
  Settings settings_;
  // One statement of the settings override, evaluated once: `set key = value` (a SKaMPI
  // setter as the `set` it stands for) or `stop when` (the compiled rule).
  struct OverrideStep {
    SourceRange at;
    std::string key;
    Value value;
    bool skampi_rule = false;  // set_max_relative_standard_error: SKaMPI's rule too
    std::shared_ptr<const adapt::StopRule> rule;
    std::string rule_text;
  };
  std::vector<OverrideStep> override_;
  bool applying_override_ = false;
  OverrideStep setter_step(const ast::CallStmt& cs);
  std::shared_ptr<const Settings> snapshot_;
  bool settings_changed_ = true;
  std::uint64_t rng_state_;
  // '...' loops: set by a measure whose message does not fit, read by the innermost such loop.
  int ellipsis_depth_ = 0;
  bool ellipsis_overflow_ = false;
  // Outside any '...' loop, a message that does not fit ends the innermost loop with a bound
  // (SKaMPI's rule), with a warning once per measure statement.
  int bounded_depth_ = 0;
  bool bounded_overflow_ = false;
  std::set<std::pair<FileId, std::uint32_t>> fit_warned_;
  std::string block_name_;
  int block_index_ = -1;
  int measures_in_block_ = 0;
  std::map<std::string, SourceRange> block_ranges_;
  std::map<std::string, int> implicit_blocks_;  // block index of each top-level measure's block
  std::set<std::string> names_read_;            // launch factors read by the script (unused_factor)
  // --skip-unsupported: the last unsupported helper whose result (nothing) was returned, the
  // call sites already warned about, and the measure statements left out (Plan::skipped).
  std::string unsupported_result_of_;
  std::set<std::pair<FileId, std::uint32_t>> warned_unsupported_;
  std::map<std::pair<FileId, std::uint32_t>, std::size_t> skipped_index_;
  // Reports an unsupported name: an error (with a note on --skip-unsupported), or under
  // --skip-unsupported a warning once per call site.
  void report_unsupported(DiagId error, DiagId warning, SourceRange at, const std::string& name);
  // Whether `at` lies in a .ski file (SKaMPI's meaning of a name both define).
  bool written_in_ski(SourceRange at) const;
  const MeasureFunc* measure_func_of(const ast::Stmt& s, const ast::Call& call);
  // Records that the measure statement at `stmt` was left out because of `name`.
  void skip_measure(SourceRange stmt, const std::string& name);
  // A plan for the simulated build (BuildOptions::simulated): false after reporting what SMPI
  // cannot run at this call (an error, or a warning and a skipped measurement under
  // --skip-unsupported); throws EvalError after an error.
  bool simulation_runs(const MeasureFunc& f, SourceRange stmt, SourceRange callee);
  // The same for a call family the plan's MPI library lacks (BuildOptions::mpi_lacks).
  bool library_runs(const MeasureFunc& f, SourceRange stmt, SourceRange callee);
  // False (with a warning, once per statement) for IMB-P2P's stencils on a communicator of a
  // size IMB's grid rule refuses: the measurement is skipped, as IMB skips it.
  bool imb_grid_fits(const MeasureFunc& f, int comm_size, SourceRange callee);
  // The statements already told that rdtscp cannot be simulated.
  std::set<std::pair<FileId, std::uint32_t>> warned_timer_;
  friend struct BuiltinCtx;
};

}  // namespace metron
