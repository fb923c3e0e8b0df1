// load_program: the front-end pipeline (read, parse, stop on syntax errors, build the plan).
#include "interpreter/program.h"

#include "interpreter/parse.h"

namespace metron {

Program::~Program() {
  if (script.body.empty()) return;
  try {
    run_with_large_stack([this] { script.body.clear(); });
  } catch (...) {
    // Destructors of the AST do not throw; nothing to report.
  }
}

Plan Program::replan(const BuildOptions& options, DiagnosticEngine& diags) const {
  Plan plan;
  run_with_large_stack([&] { plan = build_plan(script, options, diags); });
  return plan;
}

std::unique_ptr<Program> load_program(const std::string& path, const BuildOptions& options,
                                      FileReader reader) {
  auto p = std::make_unique<Program>(std::move(reader));
  auto id = p->sources.load(path);
  if (!id) {
    p->diags.report(DiagId::file_not_found, SourceRange{}, path, read_failure_reason(path));
    return p;
  }
  p->loaded = true;
  run_with_large_stack([&] {
    p->script = parse_script(p->sources, *id, p->diags);
    if (p->diags.has_errors()) return;  // do not evaluate a script that did not parse
    p->plan = build_plan(p->script, options, p->diags);
  });
  return p;
}

std::unique_ptr<LoadedScript> load_script_for_runtime(const std::string& path,
                                                      const BuildOptions& options,
                                                      FileReader reader) {
  return load_program(path, options, std::move(reader));
}

}  // namespace metron
