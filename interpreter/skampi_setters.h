// SKaMPI's setters of measurement settings (set_min_repetitions, choose_real_synchronization,
// set_io_atomicity, ...): each is listed in the settings table under the key it writes
// (SettingInfo::skampi), and a call means `set key = value`, checked by the key's parser. Also
// the checked application of a table value that `set` shares with them.
#pragma once

#include <vector>

#include "interpreter/builtins.h"
#include "runtime/plan/setting_table.h"

namespace metron {

// Applies v to setting `info` through its parser. A value the parser refuses is reported at
// `at` as `set` reports it (bad_setting, bad_setting_value), and EvalError is thrown.
void apply_table_setting(DiagnosticEngine& diags, const SettingInfo& info, const Value& v,
                         SourceRange at, Settings& settings);

// The `set` value that a call of `setter` with `args` stands for.
Value skampi_setter_value(const SkampiSetter& setter, const std::vector<Value>& args);

// SKaMPI's stopping rule, with the bound max_rse: a `stop when` rule set before ends (the last
// word wins), as set_max_relative_standard_error does (SkampiSetter::selects_skampi_rule).
void select_skampi_rule(Settings& settings);

// The builtin of every SKaMPI setter in the settings table: finds the entry by the call's name
// and applies the value there, at the first argument (at the call when it has none).
Value skampi_setter(BuiltinCtx& c, std::vector<Value>& args);

}  // namespace metron
