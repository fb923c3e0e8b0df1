// AST + run size + seed -> Plan. Evaluates the script: variables, loops, settings, launch design.
#pragma once

#include "interpreter/ast.h"
#include "runtime/plan/build_options.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/plan.h"

namespace metron {

// Builds the plan. Errors go to diags; the plan is meaningful only if diags has no errors.
// `settings` is a checked settings override file (settings_override.h): its values replace
// the script's own assignments of the same settings, wherever the script makes them.
Plan build_plan(const ast::Script& script, const BuildOptions& options, DiagnosticEngine& diags,
                const ast::Script* settings = nullptr);

}  // namespace metron
