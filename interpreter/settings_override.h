// The settings override file (`--settings FILE`, docs/language.md "Settings files"): which
// statements it may hold, and which settings each of them fixes. Its values replace every
// assignment of the same settings in the script (plan_builder.cpp applies them).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/ast.h"
#include "runtime/plan/diagnostics.h"

namespace metron {

// The SKaMPI setters a settings file may call, with the setting keys each one fixes (the keys
// of `set`, runtime/plan/setting_table.cpp); "stop" is the stop rule. Derived from the settings
// table (SettingInfo::skampi).
struct OverrideSetter {
  const char* name;
  std::vector<const char*> keys;
};
const std::vector<OverrideSetter>& override_setters();
const OverrideSetter* find_override_setter(std::string_view name);

// Reports every statement of a settings file that is not a setting: only `set NAME = value`,
// `stop when RULE` and calls of override_setters() are allowed. Returns false if it reported.
bool check_settings_file(const ast::Script& file, DiagnosticEngine& diags);

// The keys one statement of a (checked) settings file fixes, in order.
std::vector<std::string> override_keys(const ast::Stmt& stmt);

}  // namespace metron
