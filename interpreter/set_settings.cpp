// `set NAME = value` and `stop when ...`: validation and application of settings; the keys and
// their parsers are the settings table (runtime/plan/setting_table.h).
#include <cmath>

#include "interpreter/interp.h"
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
  try {
    info->parse(key, v, settings_);
  } catch (const SettingError& e) {
    if (e.why.empty()) fail(DiagId::bad_setting, at, key, info->values, to_display(v));
    fail(DiagId::bad_setting_value, at, key, e.why);
  }
  settings_changed_ = true;
}

// stop when <expr>: compiled now (constants evaluated) and evaluated by the runtime over each
// job's sample (stop_rule_compile.cpp).
void Interp::apply_stop_rule(const ast::Expr& cond) {
  adapt::StopRule rule = compile_stop_rule(cond);
  if (adapt::validate(rule) != adapt::StopRuleError::None)
    fail(DiagId::bad_stop_rule, cond.range, "the rule is not well formed");
  settings_.stop = std::make_shared<const adapt::StopRule>(std::move(rule));
  // The rule decides: SKaMPI's repetition bounds (8..33) no longer apply; the time budget does.
  // A later `set min_reps` / `set max_reps` narrows this again (docs/language.md, stop rules).
  settings_.reps.reset();
  settings_.min_reps = 1;
  settings_.max_reps = 1'000'000;
  settings_.stop_rule_text = dump(cond);
  settings_changed_ = true;
}

}  // namespace metron
