// metron check | plan | ast: the front end alone.
#include <cstdio>
#include <iostream>

#include "interpreter/ast.h"
#include "interpreter/cli/commands.h"
#include "interpreter/plan_dump.h"
#include "interpreter/program.h"

namespace metron {

namespace {
std::unique_ptr<Program> load(const CliOptions& o) {
  BuildOptions b;
  b.np = o.np;
  b.seed = o.seed;
  b.seed_given = o.seed_given;
  return load_program(o.file, b);
}
int report(const Program& p) {
  std::string text = p.diags.render();
  std::fputs(text.c_str(), stderr);
  if (!p.loaded) return kExitIo;
  return p.diags.has_errors() ? kExitScript : kExitOk;
}
}  // namespace

int cmd_check(const CliOptions& o) {
  auto p = load(o);
  return report(*p);
}

int cmd_plan(const CliOptions& o) {
  auto p = load(o);
  int rc = report(*p);
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
  auto p = load(o);
  int rc = report(*p);
  std::cout << ast::dump(p->script);
  return rc;
}

}  // namespace metron
