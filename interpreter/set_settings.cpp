// `set NAME = value` and `stop when ...`: validation and application of settings; the keys and
// their parsers are the settings table (runtime/plan/setting_table.h). Also the settings
// override file, whose values are applied again after every change the script makes.
#include <algorithm>
#include <cmath>

#include "interpreter/interp.h"
#include "interpreter/settings_override.h"
#include "interpreter/skampi_setters.h"
#include "runtime/plan/setting_table.h"

namespace metron {

void Interp::apply_setting(const std::string& key, const Value& v, SourceRange key_range,
                           SourceRange at) {
  const SettingInfo* info = find_setting(key);
  if (!info) {
    diags_.report(DiagId::unknown_setting, key_range, key);
    std::vector<std::string> keys;
    for (const auto& s : setting_table()) keys.push_back(s.key);
    std::string best = closest_match(key, keys);
    if (!best.empty()) diags_.note(DiagId::did_you_mean, key_range, best);
    throw EvalError{};
  }
  // The parser of the setting's kind (runtime/plan/setting_table.cpp).
  apply_table_setting(diags_, *info, v, at, settings_);
  settings_changed_ = true;
  reapply_override();
}

// stop when <expr>: compiled now (constants evaluated) and evaluated by the runtime over each
// job's sample (stop_rule_compile.cpp).
void Interp::apply_stop_rule(const ast::Expr& cond) {
  adapt::StopRule rule = compile_stop_rule(cond);
  if (adapt::validate(rule) != adapt::StopRuleError::None)
    fail(DiagId::stop_rule_malformed, cond.range);
  install_stop_rule(std::make_shared<const adapt::StopRule>(std::move(rule)), dump(cond));
  reapply_override();
}

void Interp::install_stop_rule(std::shared_ptr<const adapt::StopRule> rule, std::string text) {
  settings_.stop = std::move(rule);
  // The rule decides: SKaMPI's repetition bounds (8..33) no longer apply; the time budget does.
  // A later `set min_reps` / `set max_reps` narrows this again (docs/language.md, stop rules).
  settings_.reps.reset();
  settings_.min_reps = 1;
  settings_.max_reps = 1'000'000;
  settings_.stop_rule_text = std::move(text);
  settings_changed_ = true;
}

// A SKaMPI setter's call in the settings file: run once here (its checks and warnings at its
// place in the file), and kept as the `set` it stands for, which reapply_override repeats.
Interp::OverrideStep Interp::setter_step(const ast::CallStmt& cs) {
  // check_settings_file let through only calls of the setters it knows: the table's.
  const auto& call = std::get<ast::Call>(cs.call->node);
  const Builtin* b = find_builtin(call.callee);
  std::vector<SourceRange> ranges;
  std::vector<Value> args =
      bind_args(call.callee, b->params, call, ranges, [b] { return signature(*b); });
  const SkampiSetting found = find_skampi_setter(call.callee);
  OverrideStep step;
  step.at = cs.call->range;
  step.key = found.setting->key;
  step.value = skampi_setter_value(*found.setter, args);
  step.skampi_rule = found.setter->selects_skampi_rule;
  BuiltinCtx ctx{diags_,  opt_.np, settings_,         rng_state_,
                 step.at, ranges,  settings_changed_, b->name};
  b->impl(ctx, args);
  return step;
}

void Interp::load_override(const ast::Script& file) {
  applying_override_ = true;
  bool failed = false;
  std::vector<OverrideStep> steps;
  for (const auto& s : file.body) {
    try {
      OverrideStep step;
      step.at = s->range;
      if (const auto* set = std::get_if<ast::SetStmt>(&s->node)) {
        step.value = eval(*set->value, Mode::Setting);
        apply_setting(set->name, step.value, set->name_range, set->value->range);
        step.key = set->name;
      } else if (const auto* stop = std::get_if<ast::StopStmt>(&s->node)) {
        apply_stop_rule(*stop->condition);
        step.rule = settings_.stop;
        step.rule_text = settings_.stop_rule_text;
      } else if (const auto* cs = std::get_if<ast::CallStmt>(&s->node)) {
        step = setter_step(*cs);
      }
      steps.push_back(std::move(step));
    } catch (const EvalError&) {
      failed = true;  // reported at its place in the file; the next statement is checked too
    }
  }
  applying_override_ = false;
  if (failed) return;  // the plan has errors; the script is still checked, without the file
  override_ = std::move(steps);
  // What the plan shows: each setting the file fixes, with its value after the file.
  SettingsOverride& shown = plan_.settings_override;
  shown.file = diags_.sources().file(file.main_file).name();
  for (const auto& s : file.body)
    for (const std::string& key : override_keys(*s)) {
      std::string value = key != "stop"                      ? setting_value_text(settings_, key)
                          : settings_.stop_rule_text.empty() ? "skampi rse"
                                                             : "when " + settings_.stop_rule_text;
      auto it = std::find_if(shown.values.begin(), shown.values.end(),
                             [&](const auto& kv) { return kv.first == key; });
      if (it == shown.values.end())
        shown.values.emplace_back(key, std::move(value));
      else
        it->second = std::move(value);
    }
}

void Interp::reapply_override() {
  if (override_.empty() || applying_override_) return;
  applying_override_ = true;
  for (const OverrideStep& step : override_) {
    // Each value was accepted when the file was loaded, and parsers and setters check their
    // own value only; were one to refuse it now, the setting keeps the script's value.
    try {
      if (!step.key.empty()) {
        find_setting(step.key)->parse(step.key, step.value, settings_);
        if (step.skampi_rule) select_skampi_rule(settings_);
      } else if (step.rule) {
        install_stop_rule(step.rule, step.rule_text);
      }
    } catch (const SettingError&) {
    }
  }
  settings_changed_ = true;
  applying_override_ = false;
}

}  // namespace metron
