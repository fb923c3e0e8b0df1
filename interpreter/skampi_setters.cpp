// SKaMPI's setters through the settings table (see skampi_setters.h).
#include "interpreter/skampi_setters.h"

namespace metron {

void apply_table_setting(DiagnosticEngine& diags, const SettingInfo& info, const Value& v,
                         SourceRange at, Settings& settings) {
  try {
    info.parse(info.key, v, settings);
  } catch (const SettingError& e) {
    if (e.id == DiagId::bad_setting) {
      diags.report(DiagId::bad_setting, at, info.key, info.values, to_display(v));
    } else {
      std::vector<std::string> args{std::string(info.key)};
      args.insert(args.end(), e.args.begin(), e.args.end());
      diags.report_args(e.id, at, std::move(args));
    }
    throw EvalError{};
  }
}

Value skampi_setter_value(const SkampiSetter& setter, const std::vector<Value>& args) {
  return setter.value ? setter.value(args) : args.at(0);
}

void select_skampi_rule(Settings& settings) {
  settings.stop.reset();
  settings.stop_rule_text.clear();
}

Value skampi_setter(BuiltinCtx& c, std::vector<Value>& args) {
  const SkampiSetting found = find_skampi_setter(c.name);
  const SourceRange at = c.arg_ranges.empty() ? c.call_range : c.arg_ranges[0];
  apply_table_setting(c.diags, *found.setting, skampi_setter_value(*found.setter, args), at,
                      c.settings);
  if (found.setter->selects_skampi_rule) select_skampi_rule(c.settings);
  c.settings_changed = true;
  return Value();
}

}  // namespace metron
