// metron check | plan | ast: the front end alone.
#include <cstdio>
#include <iostream>

#include "interpreter/ast.h"
#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "runtime/mpi_library.h"
#include "runtime/plan/plan_dump.h"

namespace metron {

BuildOptions build_options(const CliOptions& o, int np) {
  BuildOptions b;
  b.np = np;
  b.seed = o.seed;
  b.seed_given = o.seed_given;
  b.skip_unsupported = o.skip_unsupported;
  b.simulated = o.simulated;
  b.settings_file = o.settings_file;
  rt::plan_for_this_library(b);
  return b;
}

namespace {
// nullptr after a usage or read error (its code in rc).
std::unique_ptr<Program> load(const CliOptions& o, int& rc) {
  auto script = script_input(o, true, rc);
  if (!script) return nullptr;
  return load_program(script->name, build_options(o, o.np), script_reader(*script));
}
int report(const Program& p) {
  std::string text = p.diags.render();
  std::fputs(text.c_str(), stderr);
  if (!p.loaded) return kExitIo;
  return p.diags.has_errors() ? kExitScript : kExitOk;
}
}  // namespace

int cmd_check(const CliOptions& o) {
  int rc = kExitOk;
  auto p = load(o, rc);
  return p ? report(*p) : rc;
}

int cmd_plan(const CliOptions& o) {
  int rc = kExitOk;
  auto p = load(o, rc);
  if (!p) return rc;
  rc = report(*p);
  if (rc != kExitOk) return rc;
  if (o.json) {
    write_plan_json(std::cout, p->plan);
    std::cout << "\n";
  } else {
    std::cout << plan_table(p->plan);
  }
  return kExitOk;
}

int cmd_ast(const CliOptions& o) {
  int rc = kExitOk;
  auto p = load(o, rc);
  if (!p) return rc;
  rc = report(*p);
  std::cout << ast::dump(p->script);
  return rc;
}

}  // namespace metron
