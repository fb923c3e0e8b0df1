// metron exec (an MPI process: one launch of a plan) and the commands built on it.
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sstream>

#include "interpreter/cli/commands.h"
#include "interpreter/program.h"
#include "runtime/exec/executor.h"
#include "runtime/exec/script_bundle.h"

namespace metron {

namespace {
CLI::App* g_exec = nullptr;

std::string default_out_dir(const std::string& script) {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return "results/" + std::filesystem::path(script).stem().string() + "-" + buf;
}

// "name=level,name=level" (level indices) -> map; false on a malformed spec.
bool parse_levels(const std::string& spec, std::map<std::string, std::size_t>& out) {
  std::stringstream ss(spec);
  std::string item;
  while (std::getline(ss, item, ',')) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) return false;
    try {
      out[item.substr(0, eq)] = std::stoul(item.substr(eq + 1));
    } catch (...) {
      return false;
    }
  }
  return true;
}

int cmd_exec(CliOptions& o, int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0, np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  BuildOptions b;
  b.np = np;
  b.seed = o.seed;
  b.seed_given = o.seed != 0;
  if (!parse_levels(o.launch_spec, b.launch_levels)) {
    if (me == 0) std::fprintf(stderr, "metron: error: bad --levels '%s' (expected name=index,...)\n", o.launch_spec.c_str());
    MPI_Finalize();
    return kExitUsage;
  }
  rt::ExecOptions e;
  e.script_path = o.file;
  auto program = rt::load_program_spmd(o.file, b, MPI_COMM_WORLD, &e.files);
  if (me == 0) std::fputs(program->diags.render().c_str(), stderr);
  if (!program->loaded || program->diags.has_errors()) {
    MPI_Finalize();
    return program->loaded ? kExitScript : kExitIo;
  }
  e.out_dir = o.out.empty() ? default_out_dir(o.file) : o.out;
  e.launch = o.replicates;  // --launch reuses the integer slot
  e.seed = program->plan.design.seed;
  e.quiet = o.quiet;
  for (const auto& [k, v] : b.launch_levels) e.launch_levels[k] = std::to_string(v);
  for (int i = 0; i < argc; ++i) e.argv.emplace_back(argv[i]);
  int rc = rt::execute_plan(*program, e, MPI_COMM_WORLD);
  if (me == 0 && rc == kExitOk && !o.quiet) std::printf("results: %s\n", e.out_dir.c_str());
  MPI_Finalize();
  return rc;
}
}  // namespace

void register_runtime_commands(CLI::App& app, CliOptions& o) {
  g_exec = app.add_subcommand("exec", "measure a script: run under mpiexec, one launch");
  g_exec->add_option("file", o.file, "script")->required();
  g_exec->add_option("--out", o.out, "results folder (default results/<script>-<time>)");
  g_exec->add_option("--seed", o.seed, "run seed (shuffling, comm_rand)");
  g_exec->add_option("--launch", o.replicates, "launch id (set by metron run)");
  g_exec->add_option("--levels", o.launch_spec, "launch factor levels, name=index,... (set by metron run)");
  g_exec->add_flag("--quiet", o.quiet, "no progress lines");
}

int run_runtime_command(CLI::App&, CliOptions& o, int argc, char** argv) {
  if (g_exec && g_exec->parsed()) return cmd_exec(o, argc, argv);
  return kExitUsage;
}

}  // namespace metron
