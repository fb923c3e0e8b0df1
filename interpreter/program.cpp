// load_program: the front-end pipeline (read, parse, stop on syntax errors, build the plan).
#include "interpreter/program.h"

#include "interpreter/large_stack.h"
#include "interpreter/parse.h"
#include "interpreter/settings_override.h"
#include "interpreter/stdlib_path.h"
#include "runtime/plan/confined_path.h"

namespace metron {

Program::~Program() {
  if (script.body.empty() && settings.body.empty()) return;
  try {
    run_with_large_stack([this] {
      script.body.clear();
      settings.body.clear();
    });
  } catch (...) {
    // Destructors of the AST do not throw; nothing to report.
  }
}

Plan Program::replan(const BuildOptions& options, DiagnosticEngine& diags) const {
  Plan plan;
  run_with_large_stack([&] {
    plan = build_plan(script, options, diags, settings_name.empty() ? nullptr : &settings);
  });
  return plan;
}

namespace {

// A recording's files, and besides them only the stdlib folder's: a relative include that the
// recording holds no file for resolves there, as it does in the launches that run the copies.
FileReader recorded_reader(FileReader recorded) {
  return [recorded = std::move(recorded)](const std::string& path, FileUse use) {
    FileRead r = recorded(path, use);
    const std::string& lib = stdlib_dir();
    std::string why;
    if (r.text || lib.empty() || !path.starts_with(lib + "/") ||
        !confined_name(std::string_view(path).substr(lib.size() + 1), why))
      return r;
    return read_file_from_disk(path, use);
  };
}

}  // namespace

std::unique_ptr<Program> load_program(const std::string& path, const BuildOptions& options,
                                      FileReader reader) {
  if (options.from_recording) reader = recorded_reader(std::move(reader));
  auto p = std::make_unique<Program>(std::move(reader));
  auto id = p->sources.load(path);
  if (!id) {
    p->diags.report(DiagId::file_not_found, SourceRange{}, path, p->sources.last_read().why);
    return p;
  }
  p->loaded = true;
  run_with_large_stack([&] {
    p->script = parse_script(p->sources, *id, p->diags, options.from_recording);
    if (!options.settings_file.empty()) {
      auto sid = p->sources.load(options.settings_file);
      const std::string why = sid ? "" : p->sources.last_read().why;
      // As an include, a relative name is looked up in the stdlib folder last, so that
      // `--settings skampi_quick.settings` works from any folder.
      if (!sid && !options.settings_file.starts_with('/') && !stdlib_dir().empty())
        sid = p->sources.load(stdlib_dir() + "/" + options.settings_file);
      if (!sid) {
        p->diags.report(DiagId::file_not_found, SourceRange{}, options.settings_file, why);
        p->loaded = false;  // an I/O error, as for the script (exit code 74)
        return;
      }
      p->settings_name = p->sources.file(*sid).name();
      p->settings_text = p->sources.file(*sid).text();
      p->settings = parse_script(p->sources, *sid, p->diags, options.from_recording);
      if (!p->diags.has_errors()) check_settings_file(p->settings, p->diags);
    }
    if (p->diags.has_errors()) return;  // do not evaluate a script that did not parse
    p->plan =
        build_plan(p->script, options, p->diags, p->settings_name.empty() ? nullptr : &p->settings);
  });
  return p;
}

std::unique_ptr<LoadedScript> load_script_for_runtime(const std::string& path,
                                                      const BuildOptions& options,
                                                      FileReader reader) {
  return load_program(path, options, std::move(reader));
}

}  // namespace metron
