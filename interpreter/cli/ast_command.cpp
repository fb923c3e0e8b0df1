// metron ast: the parsed script, for debugging the front end.
#include <iostream>

#include "interpreter/ast.h"
#include "interpreter/cli/commands.h"
#include "interpreter/program.h"

namespace metron {

namespace {

void add_ast_options(CLI::App& command, ScriptOptions& o) {
  add_script_options(command, o);
}

int run_ast(ScriptOptions& o, const CommandLine&) {
  int rc = kExitOk;
  auto p = load_and_report(o, rc);
  if (p) std::cout << ast::dump(p->script);
  return rc;
}

}  // namespace

CommandEntry ast_command() {
  return make_command("ast", "print the parsed script (for debugging the front end)",
                      add_ast_options, run_ast);
}

}  // namespace metron
