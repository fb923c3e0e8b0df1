// The script argument shared by check, plan, ast and exec: FILE, '-' or -e TEXT.
#include <cstdio>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"

namespace metron {

void add_script_options(CLI::App* command, CliOptions& o) {
  command->add_option("file", o.file, "script file; '-' reads the script from standard input");
  command->add_option("-e,--expression", o.expression,
                      "the script itself, instead of a FILE (e.g. -e 'measure comm(2) : "
                      "Bcast(8, MPI_CHAR, 0)')");
}

std::optional<ScriptInput> script_input(const CliOptions& o, bool root, int& rc) {
  bool has_expr = !o.expression.empty();
  if (has_expr == !o.file.empty()) {
    if (root)
      std::fprintf(stderr, "metron: error: %s\n",
                   has_expr ? "give either a script FILE or -e TEXT, not both"
                            : "no script: give a FILE, '-' for standard input, or -e TEXT");
    rc = kExitUsage;
    return std::nullopt;
  }
  if (has_expr) return script_from_text(kCommandLineName, o.expression, "expression");
  if (o.file != "-") return script_from_file(o.file);
  std::string text;
  if (root) {
    auto in = read_standard_input();
    if (!in) {
      std::fprintf(stderr,
                   "metron: error: cannot read the script from standard input (longer than 64 "
                   "MiB, or a read error)\n");
      rc = kExitIo;
      return std::nullopt;
    }
    text = std::move(*in);
  }
  return script_from_text(kStdinName, std::move(text), "stdin");
}

}  // namespace metron
