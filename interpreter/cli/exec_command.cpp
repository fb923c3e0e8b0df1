// metron exec: one launch of a plan, as an MPI process (under mpiexec, or as one launch of
// `metron run`); exec_script() is also metron quick's launch.
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sstream>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/shared_options.h"
#include "interpreter/program.h"
#include "runtime/exec/die_with_parent.h"
#include "runtime/exec/executor.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/exec/launch_size.h"
#include "runtime/exec/launch_watchdog.h"
#include "runtime/exec/script_bundle.h"
#include "runtime/exec/test_hang.h"
#include "runtime/mpi_library.h"
#include "runtime/ops/thread_level.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/plan_threads.h"

namespace metron {

namespace {

std::string exec_default_out_dir(const std::string& stem) {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return "results/" + stem + "-" + buf;
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

// The launch design that one exec cannot honour, as the script states it ("replicate 10, factor
// 'alg' as env MPIR_CVAR_BCAST_INTRA_ALGORITHM"); empty when the design is one launch.
std::string unhonoured_design(const LaunchDesign& d) {
  std::string out;
  if (d.replicates > 1) out = fmt::format("replicate {}", d.replicates);
  for (const LaunchFactor& f : d.factors) {
    if (f.levels.size() < 2) continue;
    out += (out.empty() ? "" : ", ") + fmt::format("factor '{}'", f.name);
    if (!f.env_var.empty()) out += " as env " + f.env_var;
  }
  return out;
}

// --levels is written by `metron run`; typed by hand it must name the script's factors. The
// message for the first level that does not, or "".
std::string bad_launch_level(const LaunchDesign& design,
                             const std::map<std::string, std::size_t>& levels) {
  for (const auto& [name, index] : levels) {
    const auto& fs = design.factors;
    auto f =
        std::find_if(fs.begin(), fs.end(), [&](const LaunchFactor& x) { return x.name == name; });
    if (f == fs.end()) {
      std::string names;
      for (const auto& x : fs) names += (names.empty() ? "" : ", ") + x.name;
      return names.empty() ? message_text(DiagId::cli_levels_no_factors, name)
                           : message_text(DiagId::cli_levels_unknown_factor, name, names);
    }
    if (index >= f->levels.size())
      return message_text(DiagId::cli_levels_bad_index, name, index, f->levels.size(),
                          f->levels.size() == 1 ? "" : "s", f->levels.size() - 1);
  }
  return "";
}

// By hand (not a launch of `metron run`), exec measures one launch as the environment is: say
// so once when the script designs more, with the command that runs the design.
void note_unhonoured_design(const LaunchDesign& design, const ScriptInput& script, int np) {
  if (std::string text = unhonoured_design(design); !text.empty()) {
    const bool file = script.name.empty() || script.name[0] != '<';
    const std::string command =
        "metron run " + (file ? script.name : std::string("FILE")) + " --np " + std::to_string(np);
    print_message(DiagId::exec_ignores_design, text, command);
  }
}

// A launch with another size than `metron run` planned (a bare srun's singletons) must not
// write results: each singleton would be rank 0 of its own run in the same folder. The exit code
// when it must not; `planned` is the size `metron run` planned (0: not a launch of a run).
std::optional<int> launch_size_refused(int me, int np, int& planned) {
  planned = 0;
  if (const char* p = std::getenv(rt::kPlannedNpEnv)) planned = std::atoi(p);
  // The launcher must belong to this binary's library: another's starts singletons.
  const rt::BinaryLibrary library{rt::mpi_library_family(), rt::mpi_library_name(),
                                  rt::mpi_launcher_program()};
  const rt::LaunchSizeCheck size_check = rt::check_launch_size(
      planned, np, [](const char* name) { return std::getenv(name); }, library);
  if (!size_check.error.empty()) {
    if (me == 0 && size_check.print) print_error(size_check.error);
    return kExitUsage;
  }
  if (!size_check.warning.empty() && me == 0 && size_check.print) print_warning(size_check.warning);
  return std::nullopt;
}

// What the loaded plan asks that this launch cannot give: the exit code, after the message.
std::optional<int> plan_refused(const LoadedScript& program, const BuildOptions& b, int me) {
  // Threads need MPI_THREAD_MULTIPLE, which only MPI_Init_thread can ask for: refuse the plan
  // before any job rather than fail at the first threaded one.
  if (const Job* j = first_threaded_job(program.plan);
      j && rt::provided_thread_level() < MPI_THREAD_MULTIPLE) {
    if (me == 0)
      print_message(DiagId::job_needs_thread_multiple, j->op.func->name, job_threads(*j),
                    rt::thread_level_name(rt::provided_thread_level()));
    return kExitUsage;
  }
  if (std::string why = bad_launch_level(program.plan.design, b.launch_levels); !why.empty()) {
    if (me == 0) print_error(why);
    return kExitUsage;
  }
  return std::nullopt;
}

// The plan executed, MPI finalized, and the report written with --report.
int execute_launch(const LoadedScript& program, rt::ExecOptions& e, const LaunchOptions& o, int np,
                   int me, const std::function<void(const std::string&)>& on_results) {
  int rc = rt::execute_plan(program, e, MPI_COMM_WORLD);
  if (me == 0 && rc == kExitOk && on_results) on_results(e.out_dir);
  if (me == 0 && rc == kExitOk && !e.quiet) std::printf("results: %s\n", e.out_dir.c_str());
  std::fflush(stdout);
  // The data are complete and acknowledged: a rank that does not return from MPI_Finalize must
  // not hold the launch (a simulation's ranks share one process, and SMPI ends them itself).
  if (!rt::kSimulated) rt::arm_finalize_grace(rt::finalize_grace_s(o.finalize_grace, np), me, rc);
  MPI_Finalize();
  rt::finalize_returned();
  // After MPI_Finalize: the report starts gnuplot as a child process.
  if (me == 0 && rc == kExitOk && o.report) {
    std::fflush(stdout);
    int report_rc = write_report_for(e.out_dir, "", "", "", "");
    if (report_rc != kExitOk) return report_rc;
  }
  return rc;
}

int run_exec(LaunchOptions& o, const CommandLine& line) {
  rt::die_with_parent();  // before anything can hang: a rank must not outlive its launcher
  // first: a hang in MPI_Init counts too. A simulation is one process whose ranks SMPI runs in
  // turn: a watchdog thread would end it from outside the simulator.
  rt::start_launch_watchdog(rt::kSimulated ? 0 : o.timeout);
  rt::test_hang_before_init();
  // Only rank 0 reads standard input (mpiexec forwards it to rank 0): exec_script() broadcasts
  // the text with the rest of the script's files.
  int rc = kExitOk;
  int argc = line.argc;
  char** argv = line.argv;
  const std::string bad_level = rt::init_mpi(&argc, &argv);
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (!bad_level.empty()) {
    if (me == 0) print_message(DiagId::exec_thread_level_unknown, bad_level);
    MPI_Finalize();
    return kExitUsage;
  }
  if (rt::kSimulated && o.timeout > 0 && me == 0) print_message(DiagId::simulated_timeout_ignored);
  auto script = script_input(o.script, me == 0, rc);
  // Every rank finds the same usage error; a failed read of standard input only rank 0 sees.
  int bad = script ? 0 : 1;
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (!script || bad) {
    MPI_Finalize();
    return script ? kExitIo : rc;
  }
  return exec_script(*script, o, CommandLine{argc, argv});
}

void add_exec_options(CLI::App& command, LaunchOptions& o) {
  add_script_options(command, o.script);
  command.add_option("--out", o.exec.out_dir, "results folder (default results/<script>-<time>)")
      ->check(non_empty_check());
  add_seed_option(command, o.script, "run seed (shuffling, comm_rand)");
  command.add_option("--launch", o.exec.launch, "launch id (set by metron run)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 20));
  // Without launch factors the value is empty, and smpirun (run --simulate) drops an empty
  // argument: --levels may then stand alone.
  command
      .add_option("--levels", o.levels, "launch factor levels, name=index,... (set by metron run)")
      ->expected(0, 1);
  command.add_flag("--quiet", o.exec.quiet, "no progress lines");
  command.add_flag("--skip-unsupported", o.script.build.skip_unsupported, kSkipUnsupportedHelp);
  add_settings_option(command, o.script);
  command
      .add_option("--timeout", o.timeout,
                  "end the launch after this many seconds (status 'timeout' in the manifest, "
                  "exit 70)")
      ->check(positive_seconds());
  add_finalize_grace_option(command, o.finalize_grace);
  command.add_flag("--force", o.exec.force,
                   "replace the results already in --out (default: refuse such a folder)");
  command.add_flag("--report", o.report, "also write DIR/report.html (docs/report.md)");
}

}  // namespace

int exec_script(const ScriptInput& script, LaunchOptions& o, const CommandLine& line,
                const std::function<void(const std::string&)>& on_results) {
  int argc = line.argc;
  char** argv = line.argv;
  rt::init_mpi(&argc, &argv);  // a no-op after run_exec's; `metron quick` starts MPI here
  int me = 0, np = 1, planned = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  BuildOptions b = build_options(o.script, np);
  std::optional<int> refused = launch_size_refused(me, np, planned);
  if (!refused && !parse_levels(o.levels, b.launch_levels)) {
    if (me == 0) print_message(DiagId::cli_bad_levels, o.levels);
    refused = kExitUsage;
  }
  if (refused) {
    MPI_Finalize();
    return *refused;
  }
  rt::ExecOptions e = o.exec;
  e.script_path = script.name;
  auto program = rt::load_program_spmd(load_script_for_runtime, script.name, b, MPI_COMM_WORLD,
                                       &e.files, script_reader(script));
  if (me == 0) std::fputs(program->diags.render().c_str(), stderr);
  if (!program->loaded || program->diags.has_errors()) {
    MPI_Finalize();
    return program->loaded ? kExitScript : kExitIo;
  }
  if (rt::kSimulated && me == 0 && !e.quiet) {
    const std::string platform = rt::simulation_platform(rt::process_cmdline());
    print_message(DiagId::simulated_launch, platform.empty() ? "?" : platform);
  }
  // The settings file is recorded on its own (manifest "settings_override"), not as a script file.
  if (!program->settings_name.empty()) e.files.erase(program->settings_name);
  if (auto rc = plan_refused(*program, b, me)) {
    MPI_Finalize();
    return *rc;
  }
  if (me == 0 && planned == 0 && o.levels.empty())
    note_unhonoured_design(program->plan.design, script, np);
  if (e.out_dir.empty()) e.out_dir = exec_default_out_dir(script.stem);
  e.seed = program->plan.design.seed;
  for (const auto& [k, v] : b.launch_levels) e.launch_levels[k] = std::to_string(v);
  for (int i = 0; i < argc; ++i) e.argv.emplace_back(argv[i]);
  e.build = b;
  return execute_launch(*program, e, o, np, me, on_results);
}

CommandEntry exec_command() {
  return make_command("exec", "measure a script: run under mpiexec, one launch", add_exec_options,
                      run_exec);
}

}  // namespace metron
