// metron exec (an MPI process: one launch of a plan) and the commands built on it: run, analyze,
// compare, replay (not MPI processes: they start launches or read results folders).
#include "runtime/ops/mpi_handles.h"  // <mpi.h>, after the front end's MPI names

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "interpreter/cli/commands.h"
#include "interpreter/cli/option_checks.h"
#include "interpreter/cli/simulate_run.h"
#include "interpreter/program.h"
#include "interpreter/stdlib_path.h"
#include "runtime/analysis/analyze_folder.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/comparison_report.h"
#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/results_data.h"
#include "runtime/analysis/simulated_folder.h"
#include "runtime/exec/die_with_parent.h"
#include "runtime/exec/executor.h"
#include "runtime/exec/finalize_grace.h"
#include "runtime/exec/launch_size.h"
#include "runtime/exec/launch_watchdog.h"
#include "runtime/exec/script_bundle.h"
#include "runtime/exec/test_hang.h"
#include "runtime/launcher/auto_replicates.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launcher.h"
#include "runtime/launcher/replay.h"
#include "runtime/mpi_library.h"
#include "runtime/ops/thread_level.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/plan/measure_funcs.h"
#include "runtime/plan/plan_threads.h"
#include "runtime/stats/p_adjust.h"

namespace metron {

namespace {
CLI::App* g_exec = nullptr;
CLI::App* g_run = nullptr;
CLI::App* g_analyze = nullptr;
CLI::App* g_compare = nullptr;
CLI::App* g_replay = nullptr;
// The values of exec's, run's, analyze's, compare's and replay's options, as CLI11 parses them
// into variables that outlive the parse.
struct RuntimeCommandOptions {
  std::string factor;                   // compare --factor
  std::string csv;                      // compare --csv
  bool table = false;                   // compare --table: the wide table instead of sentences
  double exec_timeout = 0;              // exec --timeout
  double launch_timeout = -1;           // run --launch-timeout (negative: from the plan)
  double startup_timeout = -1;          // run --startup-timeout (negative: default or recorded)
  int retries = -1;                     // run --retries (negative: default or recorded)
  bool allow_modified = false;          // replay --allow-modified
  bool trust_launcher = false;          // replay, run --resume: --trust-launcher
  std::string lead = "auto";            // replay --lead
  std::string fit;                      // analyze --fit
  double peak_bandwidth = 0;            // analyze --peak-bandwidth (MB/s)
  double peak_latency = 0;              // analyze --peak-latency (us)
  bool strict = false;                  // run, analyze, compare, replay --strict
  std::vector<std::string> pairs;       // compare --pair A=B
  std::string margin = "5%";            // compare, replay, run --replicates auto
  std::string guideline_margin = "5%";  // run, analyze, replay: minimum slowdown of a violation
  std::string adjust = "holm";          // compare, replay, run --replicates auto
  std::string run_replicates;           // run --replicates: a count or "auto"
  std::int64_t budget = 30;             // run --replicates auto: most launches per combination
  bool report = false;                  // run, exec, replay --report
  bool allow_simulated = false;         // compare, replay --allow-simulated (docs/simulation.md)
  std::string report_file;              // compare --report FILE
  SimulateOptions simulate;             // run --simulate, --hostfile, --smpi-metron
  std::string history;                  // run --history URL: add the finished run there
};
RuntimeCommandOptions g_opt;
constexpr const char* kTrustLauncherHelp =
    "run the launcher template and launch-factor environment names that the results folder "
    "records (default: only the default launcher and harmless names; docs/cli.md)";
constexpr const char* kStrictHelp =
    "verdicts computed on launches with noise flags (summary.csv column noise) are inconclusive";

// A time limit in seconds: a finite number above 0 (CLI11's PositiveNumber prints DBL_MAX).
CLI::Validator positive_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          std::size_t end = 0;
          double v = std::stod(text, &end);
          if (end == text.size() && v > 0 && v < 1e9) return "";
        } catch (...) {
        }
        return message_text(DiagId::cli_bad_seconds, text);
      },
      "SECONDS");
}

// exec, run, replay --finalize-grace.
void add_finalize_grace_option(CLI::App* command, CliOptions& o) {
  command
      ->add_option("--finalize-grace", o.finalize_grace,
                   "seconds MPI_Finalize may take, per level of the rank tree (ceil(log2 np)), "
                   "once the launch's data are complete; then the launch ends and keeps its "
                   "data (default 5)")
      ->check(positive_seconds());
}

// --guideline-margin; false after printing the error.
bool guideline_margin_option(double& margin) {
  auto m = analysis::parse_margin(g_opt.guideline_margin);
  if (!m) {
    print_message(DiagId::cli_bad_guideline_margin, g_opt.guideline_margin);
    return false;
  }
  margin = *m;
  return true;
}

// --margin and --adjust, shared by compare, replay and run; false after printing the error.
bool verdict_options(double& margin, stats::PAdjust& adjust) {
  auto m = analysis::parse_margin(g_opt.margin);
  if (!m) {
    print_message(DiagId::cli_bad_margin, g_opt.margin);
    return false;
  }
  auto a = stats::parse_p_adjust(g_opt.adjust);
  if (!a) {
    print_message(DiagId::cli_bad_adjust, g_opt.adjust);
    return false;
  }
  margin = *m;
  adjust = *a;
  return true;
}

std::string default_out_dir_for_stem(const std::string& stem) {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return "results/" + stem + "-" + buf;
}
std::string default_out_dir(const std::string& script) {
  return default_out_dir_for_stem(std::filesystem::path(script).stem().string());
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

int cmd_exec(CliOptions& o, int argc, char** argv) {
  rt::die_with_parent();  // before anything can hang: a rank must not outlive its launcher
  // first: a hang in MPI_Init counts too. A simulation is one process whose ranks SMPI runs in
  // turn: a watchdog thread would end it from outside the simulator.
  rt::start_launch_watchdog(rt::kSimulated ? 0 : g_opt.exec_timeout);
  rt::test_hang_before_init();
  // Only rank 0 reads standard input (mpiexec forwards it to rank 0): exec_script() broadcasts
  // the text with the rest of the script's files.
  int rc = kExitOk;
  const std::string bad_level = rt::init_mpi(&argc, &argv);
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (!bad_level.empty()) {
    if (me == 0) print_message(DiagId::exec_thread_level_unknown, bad_level);
    MPI_Finalize();
    return kExitUsage;
  }
  if (rt::kSimulated && g_opt.exec_timeout > 0 && me == 0)
    print_message(DiagId::simulated_timeout_ignored);
  auto script = script_input(o, me == 0, rc);
  if (!script) {
    // Every rank finds the same usage error; a failed read of standard input only rank 0 sees.
    int bad = 1;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
  }
  int bad = 0;
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (bad) {
    MPI_Finalize();
    return kExitIo;
  }
  return exec_script(*script, o, argc, argv);
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
}  // namespace

int exec_script(const ScriptInput& script, CliOptions& o, int argc, char** argv,
                const std::function<void(const std::string&)>& on_results) {
  rt::init_mpi(&argc, &argv);  // a no-op after cmd_exec's; `metron quick` starts MPI here
  int me = 0, np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  // A launch with another size than `metron run` planned (a bare srun's singletons) must not
  // write results: each singleton would be rank 0 of its own run in the same folder.
  int planned = 0;
  if (const char* p = std::getenv(rt::kPlannedNpEnv)) planned = std::atoi(p);
  // The launcher must belong to this binary's library: another's starts singletons.
  const rt::BinaryLibrary library{rt::mpi_library_family(), rt::mpi_library_name(),
                                  rt::mpi_launcher_program()};
  const rt::LaunchSizeCheck size_check = rt::check_launch_size(
      planned, np, [](const char* name) { return std::getenv(name); }, library);
  if (!size_check.error.empty()) {
    if (me == 0 && size_check.print) print_error(size_check.error);
    MPI_Finalize();
    return kExitUsage;
  }
  if (!size_check.warning.empty() && me == 0 && size_check.print) print_warning(size_check.warning);
  BuildOptions b = build_options(o, np);
  if (!parse_levels(o.launch_spec, b.launch_levels)) {
    if (me == 0) print_message(DiagId::cli_bad_levels, o.launch_spec);
    MPI_Finalize();
    return kExitUsage;
  }
  rt::ExecOptions e;
  e.script_path = script.name;
  auto program = rt::load_program_spmd(load_script_for_runtime, script.name, b, MPI_COMM_WORLD,
                                       &e.files, script_reader(script));
  if (me == 0) std::fputs(program->diags.render().c_str(), stderr);
  if (!program->loaded || program->diags.has_errors()) {
    MPI_Finalize();
    return program->loaded ? kExitScript : kExitIo;
  }
  if (rt::kSimulated && me == 0 && !o.quiet) {
    const std::string platform = rt::simulation_platform(rt::process_cmdline());
    print_message(DiagId::simulated_launch, platform.empty() ? "?" : platform);
  }
  // The settings file is recorded on its own (manifest "settings_override"), not as a script file.
  if (!program->settings_name.empty()) e.files.erase(program->settings_name);
  // Threads need MPI_THREAD_MULTIPLE, which only MPI_Init_thread can ask for: refuse the plan
  // before any job rather than fail at the first threaded one.
  if (const Job* j = first_threaded_job(program->plan);
      j && rt::provided_thread_level() < MPI_THREAD_MULTIPLE) {
    if (me == 0)
      print_message(DiagId::job_needs_thread_multiple, j->op.func->name, job_threads(*j),
                    rt::thread_level_name(rt::provided_thread_level()));
    MPI_Finalize();
    return kExitUsage;
  }
  if (std::string why = bad_launch_level(program->plan.design, b.launch_levels); !why.empty()) {
    if (me == 0) print_error(why);
    MPI_Finalize();
    return kExitUsage;
  }
  if (me == 0 && planned == 0 && o.launch_spec.empty())
    note_unhonoured_design(program->plan.design, script, np);
  e.out_dir = o.out.empty() ? default_out_dir_for_stem(script.stem) : o.out;
  e.launch = o.replicates;  // --launch reuses the integer slot
  e.seed = program->plan.design.seed;
  e.quiet = o.quiet;
  e.force = o.force;
  for (const auto& [k, v] : b.launch_levels) e.launch_levels[k] = std::to_string(v);
  for (int i = 0; i < argc; ++i) e.argv.emplace_back(argv[i]);
  e.build = b;
  int rc = rt::execute_plan(*program, e, MPI_COMM_WORLD);
  if (me == 0 && rc == kExitOk && on_results) on_results(e.out_dir);
  if (me == 0 && rc == kExitOk && !o.quiet) std::printf("results: %s\n", e.out_dir.c_str());
  std::fflush(stdout);
  // The data are complete and acknowledged: a rank that does not return from MPI_Finalize must
  // not hold the launch (a simulation's ranks share one process, and SMPI ends them itself).
  if (!rt::kSimulated) rt::arm_finalize_grace(rt::finalize_grace_s(o.finalize_grace, np), me, rc);
  MPI_Finalize();
  rt::finalize_returned();
  // After MPI_Finalize: the report starts gnuplot as a child process.
  if (me == 0 && rc == kExitOk && g_opt.report) {
    std::fflush(stdout);
    int report_rc = write_report_for(e.out_dir, "", "", "", "");
    if (report_rc != kExitOk) return report_rc;
  }
  return rc;
}

namespace {
std::vector<std::string> args(int argc, char** argv) {
  return {argv, argv + argc};
}

// --simulate starts a fresh run through its own launcher; --hostfile and --smpi-metron need it.
int check_simulate_options(const CliOptions& o, bool automatic) {
  const char* clash = !o.resume.empty()     ? "--resume"
                      : !o.launcher.empty() ? "--launcher"
                      : automatic           ? "--replicates auto"
                                            : nullptr;
  if (clash) {
    print_message(DiagId::cli_simulate_with, clash);
    return kExitUsage;
  }
  return kExitOk;
}

int cmd_run(CliOptions& o, int argc, char** argv) {
  launcher::RunOptions r;
  r.load = load_script_for_runtime;
  if (!o.resume.empty()) {
    if (!o.file.empty() || !o.out.empty() || !o.settings_file.empty()) {
      print_message(DiagId::cli_resume_with_file);
      return kExitUsage;
    }
    r.resume = true;
    r.out_dir = o.resume;
  } else {
    if (o.file.empty()) {
      print_message(DiagId::cli_run_needs_script);
      return kExitUsage;
    }
    r.script = resolve_script_path(o.file);  // a stdlib suite by its name, from any folder
    r.out_dir = o.out.empty() ? default_out_dir(o.file) : o.out;
  }
  r.np = o.np;
  if (!g_opt.history.empty() && !history_url_ok(g_opt.history)) return kExitUsage;
  bool automatic = g_opt.run_replicates == "auto";
  if (!g_opt.run_replicates.empty() && !automatic) {
    try {
      std::size_t used = 0;
      long long n = std::stoll(g_opt.run_replicates, &used);
      if (used != g_opt.run_replicates.size() || n < 1) throw std::invalid_argument("");
      r.replicates = n;
    } catch (...) {
      print_message(DiagId::cli_bad_replicates, g_opt.run_replicates);
      return kExitUsage;
    }
  }
  if (automatic && r.resume) {
    print_message(DiagId::cli_auto_with_resume);
    return kExitUsage;
  }
  r.seed = o.seed;
  r.seed_given = o.seed_given;
  r.launcher = o.launcher;
  r.argv = args(argc, argv);
  r.quiet = o.quiet;
  r.skip_unsupported = o.skip_unsupported;
  r.settings_file = o.settings_file;
  r.trust_launcher = g_opt.trust_launcher;
  r.launch_timeout_s = g_opt.launch_timeout;
  r.startup_timeout_s = g_opt.startup_timeout;
  r.retries = g_opt.retries;
  r.finalize_grace_s = g_run->count("--finalize-grace") > 0 ? o.finalize_grace : -1;
  r.strict = g_opt.strict;
  if (!guideline_margin_option(r.guideline_margin)) return kExitUsage;
  const bool simulated = !g_opt.simulate.platform.empty();
  if (!simulated && !(g_opt.simulate.hostfile.empty() && g_opt.simulate.smpi_metron.empty())) {
    print_message(DiagId::cli_simulate_needed,
                  g_opt.simulate.hostfile.empty() ? "--smpi-metron" : "--hostfile");
    return kExitUsage;
  }
  if (simulated) {
    if (int refused = check_simulate_options(o, automatic); refused != kExitOk) return refused;
    if (int rc = prepare_simulated_run(g_opt.simulate, r); rc != kExitOk) return rc;
  }
  launcher::RunOutcome outcome;
  int rc;
  if (automatic) {
    launcher::AutoReplicates a;
    a.budget = g_opt.budget;
    a.alpha = o.alpha;
    if (!verdict_options(a.margin, a.adjust)) return kExitUsage;
    rc = launcher::run_auto_replicates(r, a, outcome);
  } else {
    rc = launcher::run_experiment(r, outcome);
  }
  if (simulated && (rc == kExitOk || rc == kExitRuntime)) {
    std::fflush(stdout);
    if (int written = write_simulated_preview(outcome.dir, o.quiet); written != kExitOk)
      rc = written;
  }
  if ((rc == kExitOk || rc == kExitRuntime) && !o.quiet)
    for (const std::string& line : analysis::startup_lines(outcome.startup))
      std::printf("%s\n", line.c_str());
  if (rc == kExitOk || rc == kExitRuntime) std::printf("results: %s\n", outcome.dir.c_str());
  if ((rc == kExitOk || rc == kExitRuntime) && g_opt.report) {
    std::fflush(stdout);
    int report_rc = write_report_for(outcome.dir, "", "", "", "");
    if (report_rc != kExitOk && rc == kExitOk) return report_rc;
  }
  if ((rc == kExitOk || rc == kExitRuntime) && !g_opt.history.empty()) {
    std::fflush(stdout);
    int history_rc = add_run_to_history(outcome.dir, g_opt.history);
    if (history_rc != kExitOk && rc == kExitOk) return history_rc;
  }
  return rc;
}

int cmd_analyze(const CliOptions& o) {
  analysis::AnalyzeOptions a;
  a.alpha = o.alpha;
  a.strict = g_opt.strict;
  if (!verdict_options(a.margin, a.adjust)) return kExitUsage;
  if (!guideline_margin_option(a.guideline_margin)) return kExitUsage;
  if (!g_opt.fit.empty() && g_opt.fit != "hockney" && g_opt.fit != "loggp") {
    print_message(DiagId::cli_bad_fit, g_opt.fit);
    return kExitUsage;
  }
  if ((g_opt.peak_bandwidth > 0 || g_opt.peak_latency > 0) && g_opt.fit.empty()) {
    print_message(DiagId::cli_peak_without_fit);
    return kExitUsage;
  }
  a.fit = g_opt.fit;
  a.peak.bandwidth_mb_s = g_opt.peak_bandwidth;
  a.peak.latency_s = g_opt.peak_latency * 1e-6;
  std::string err;
  int rc = analysis::analyze_folder(o.dirs.front(), a, err);
  if (rc != 0) print_error(err);
  return rc == 0 ? kExitOk : kExitIo;
}

// The commands that would decide the inconclusive jobs of a comparison, "{n}" where the launches
// per side go: replay each folder (a run or one exec launch alike) with that many launches and
// compare the replays the same way.
std::string decide_command(const std::vector<std::string>& dirs, const std::string& how) {
  auto word = [](const std::string& d) {
    std::string out;  // braces doubled: the text is a format string for {n}
    for (char c : d) out += c == '{' ? "{{" : c == '}' ? "}}" : std::string(1, c);
    return out;
  };
  std::string replays, compare = "metron compare";
  for (const auto& d : dirs) {
    replays += "metron replay " + word(d) + " --replicates {n} --out " + word(d) + "-{n} && ";
    compare += " " + word(d) + "-{n}";
  }
  return replays + compare + how;
}

// Two folders of which one is simulated: refused unless --allow-simulated, then a warning.
bool simulation_mix_allowed(const std::string& a, const std::string& b) {
  const bool sim_a = analysis::folder_simulated(a);
  if (sim_a == analysis::folder_simulated(b)) return true;
  const std::string& simulated = sim_a ? a : b;
  const std::string& measured = sim_a ? b : a;
  if (!g_opt.allow_simulated) {
    print_message(DiagId::compare_mixes_simulated, simulated, measured);
    return false;
  }
  print_message(DiagId::compare_simulated_allowed, simulated, measured);
  return true;
}

// compare's options into `co`; false (a usage error printed) on a bad one.
bool compare_options(const CliOptions& o, analysis::CompareOptions& co) {
  auto alt = analysis::parse_alternative(o.alternative);
  if (!alt) {
    print_message(DiagId::cli_bad_alternative, o.alternative);
    return false;
  }
  co.alternative = *alt;
  co.alpha = o.alpha;
  co.strict = g_opt.strict;
  if (!verdict_options(co.margin, co.adjust)) return false;
  for (const auto& p : g_opt.pairs) {
    auto pr = analysis::parse_pair(p);
    if (!pr) {
      print_message(DiagId::cli_bad_pair, p);
      return false;
    }
    co.pairs.push_back(*pr);
  }
  const bool one_dir = o.dirs.size() == 1;
  if ((one_dir && g_opt.factor.empty() && g_opt.pairs.empty()) ||
      (!one_dir && !g_opt.factor.empty()) || (!g_opt.factor.empty() && !g_opt.pairs.empty())) {
    print_message(DiagId::cli_compare_operands);
    return false;
  }
  return true;
}

// What compare compares: levels of a factor, paired operations in one folder, or two folders.
struct CompareSides {
  std::vector<analysis::Comparison> cs;
  std::string name_a, name_b;
  std::size_t unmatched = 0;
};

std::optional<CompareSides> comparisons(const CliOptions& o,
                                        const std::vector<analysis::ResultsData>& data,
                                        const analysis::CompareOptions& co) {
  CompareSides out;
  out.name_a = o.dirs[0];
  out.name_b = o.dirs.size() > 1 ? o.dirs[1] : "";
  std::string err;
  if (!g_opt.factor.empty()) {
    out.cs = analysis::compare_levels(data[0], g_opt.factor, co, err);
    if (!out.cs.empty()) {
      out.name_a = o.dirs[0] + ", " + g_opt.factor + "=" + out.cs.front().level_a;
      out.name_b = o.dirs[0] + ", " + g_opt.factor + "=" + out.cs.front().level_b;
      if (out.cs.back().level_b != out.cs.front().level_b)
        out.name_b += " (and each further level)";
    }
  } else if (o.dirs.size() == 1) {
    out.cs = analysis::compare_paired_ops(data[0], co, err);
    out.name_a = o.dirs[0] + ", op " + co.pairs.front().first;
    out.name_b = o.dirs[0] + ", op " + co.pairs.front().second;
  } else {
    out.cs = analysis::compare_results(data[0], data[1], co, &out.unmatched);
    // Environment and MPI differences between the two folders, as replay reports them.
    for (const auto& d : analysis::environment_differences(
             analysis::folder_system(o.dirs[0]), analysis::folder_system(o.dirs[1]), "A", "B"))
      print_message(DiagId::environments_differ, d);
  }
  if (out.cs.empty() && !err.empty()) {
    print_error(err);
    return std::nullopt;
  }
  return out;
}

// --report FILE: the report reads the comparison as the CSV file (--csv, else a temporary one).
int compare_report(const CliOptions& o, const CompareSides& sides,
                   const analysis::CompareOptions& co) {
  std::string err;
  std::string csv = g_opt.csv;
  if (csv.empty()) {
    csv = (std::filesystem::temp_directory_path() /
           ("metron-compare-" + std::to_string(::getpid()) + ".csv"))
              .string();
    if (!analysis::write_comparison_csv(csv, sides.cs, co, err)) {
      print_error(err);
      return kExitIo;
    }
  }
  std::ostringstream alpha;
  alpha << co.alpha;  // 0.05, not std::to_string's 0.050000
  // Said in full: the report stands alone, without the terminal table beside it.
  const bool paired = !sides.cs.empty() && sides.cs.front().paired;
  std::string what = std::string("per-launch medians compared job by job (Wilcoxon ") +
                     (paired ? "signed-rank test on the per-launch differences" : "rank-sum test") +
                     ", Hodges-Lehmann ratio B/A with its CI), alternative " +
                     std::string(analysis::alternative_name(co.alternative)) + ", alpha " +
                     alpha.str() + ", margin " + g_opt.margin +
                     ", p-values adjusted: " + g_opt.adjust + "; A = " + sides.name_a +
                     ", B = " + sides.name_b;
  std::fflush(stdout);
  int rc = write_report_for(o.dirs[0], o.dirs.size() == 1 ? "" : o.dirs[1], csv, what,
                            g_opt.report_file);
  if (g_opt.csv.empty()) {
    std::error_code ec;
    std::filesystem::remove(csv, ec);
  }
  return rc;
}

int cmd_compare(const CliOptions& o) {
  analysis::CompareOptions co;
  if (!compare_options(o, co)) return kExitUsage;
  std::string err;
  std::vector<analysis::ResultsData> data;
  for (const auto& d : o.dirs) {
    auto loaded = analysis::load_results(d, err);
    if (!loaded) {
      print_error(err);
      return kExitIo;
    }
    for (const std::string& w : loaded->warnings) print_warning(w);
    data.push_back(std::move(*loaded));
  }
  if (o.dirs.size() > 1 && !simulation_mix_allowed(o.dirs[0], o.dirs[1])) return kExitUsage;
  const auto sides = comparisons(o, data, co);
  if (!sides) return kExitUsage;
  if (g_opt.table) {
    std::fputs(analysis::comparison_table(sides->cs, co, sides->name_a, sides->name_b).c_str(),
               stdout);
  } else {
    std::string how = !g_opt.factor.empty() ? " --factor " + g_opt.factor : "";
    for (const auto& p : g_opt.pairs) how += " --pair " + p;
    std::fputs(analysis::comparison_sentences(sides->cs, co, sides->name_a, sides->name_b,
                                              decide_command(o.dirs, how))
                   .c_str(),
               stdout);
  }
  if (sides->unmatched > 0)
    std::printf("%zu job(s) found in only one of the two folders\n", sides->unmatched);
  if (!g_opt.csv.empty() && !analysis::write_comparison_csv(g_opt.csv, sides->cs, co, err)) {
    print_error(err);
    return kExitIo;
  }
  return g_opt.report_file.empty() ? kExitOk : compare_report(o, *sides, co);
}

int cmd_replay(const CliOptions& o, int argc, char** argv) {
  launcher::ReplayOptions r;
  r.load = load_script_for_runtime;
  r.recorded_dir = o.dirs.front();
  r.out_dir = o.out;  // empty: next to the recording (a bundle's: the folder it unpacks to)
  if (g_opt.lead == "findings")
    r.lead = launcher::ReplayLead::Findings;
  else if (g_opt.lead == "jobs")
    r.lead = launcher::ReplayLead::Jobs;
  else if (g_opt.lead != "auto") {
    print_message(DiagId::cli_bad_lead, g_opt.lead);
    return kExitUsage;
  }
  r.replicates = o.replicates;
  r.launcher = o.launcher;
  r.alpha = o.alpha;
  if (!verdict_options(r.margin, r.adjust)) return kExitUsage;
  if (!guideline_margin_option(r.guideline_margin)) return kExitUsage;
  r.argv = args(argc, argv);
  r.quiet = o.quiet;
  r.allow_modified = g_opt.allow_modified;
  r.trust_launcher = g_opt.trust_launcher;
  r.allow_simulated = g_opt.allow_simulated;
  r.skip_unsupported = o.skip_unsupported;
  r.launch_timeout_s = g_opt.launch_timeout;
  r.finalize_grace_s = o.finalize_grace;
  r.strict = g_opt.strict;
  std::string out_dir;
  int rc = launcher::replay_experiment(r, &out_dir);
  // A replay that measured: its verdicts' codes (docs/cli.md, Exit codes), or a failed launch.
  const bool measured = rc == kExitOk || rc == kExitReplayDiffers ||
                        rc == kExitReplayUndecided || rc == kExitRuntime;
  if (measured && g_opt.report && !out_dir.empty() &&
      std::filesystem::exists(std::filesystem::path(out_dir) / "summary.csv")) {
    std::fflush(stdout);
    int report_rc = write_report_for(out_dir, "", "", "", "");
    if (report_rc != kExitOk && rc != kExitRuntime) return report_rc;
  }
  return rc;
}
void register_exec_command(CLI::App& app, CliOptions& o) {
  g_exec = app.add_subcommand("exec", "measure a script: run under mpiexec, one launch");
  add_script_options(g_exec, o);
  g_exec->add_option("--out", o.out, "results folder (default results/<script>-<time>)")
      ->check(non_empty_check());
  g_exec->add_option("--seed", o.seed, "run seed (shuffling, comm_rand)")
      ->check(seed_check())
      ->each([&o](const std::string&) { o.seed_given = true; });
  g_exec->add_option("--launch", o.replicates, "launch id (set by metron run)")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 20));
  // Without launch factors the value is empty, and smpirun (run --simulate) drops an empty
  // argument: --levels may then stand alone.
  g_exec
      ->add_option("--levels", o.launch_spec,
                   "launch factor levels, name=index,... (set by metron run)")
      ->expected(0, 1);
  g_exec->add_flag("--quiet", o.quiet, "no progress lines");
  g_exec->add_flag("--skip-unsupported", o.skip_unsupported, kSkipUnsupportedHelp);
  add_settings_option(g_exec, o);
  g_exec
      ->add_option("--timeout", g_opt.exec_timeout,
                   "end the launch after this many seconds (status 'timeout' in the manifest, "
                   "exit 70)")
      ->check(positive_seconds());
  add_finalize_grace_option(g_exec, o);
  g_exec->add_flag("--force", o.force,
                   "replace the results already in --out (default: refuse such a folder)");
  g_exec->add_flag("--report", g_opt.report, "also write DIR/report.html (docs/report.md)");
}

void register_run_command(CLI::App& app, CliOptions& o) {
  std::string placeholders;
  for (const auto& p : launcher::launcher_placeholders()) placeholders += " {" + p + "}";
  g_run = app.add_subcommand(
      "run",
      "run an experiment: every launch (replicates x launch factors) in a seeded random "
      "order, each through the launcher; then merge and analyze (not under mpiexec)");
  g_run->add_option("file", o.file, "script");
  g_run->add_option("--np", o.np, "ranks per launch (a `procs` factor overrides)")
      ->check(CLI::Range(1, 1 << 20));
  g_run->add_option("--replicates", g_opt.run_replicates,
                    "launches per factor combination (default: the script's `replicate`, else "
                    "1), or auto: add launches until the verdicts are decided (within --budget)");
  g_run->add_option("--budget", g_opt.budget, "--replicates auto: most launches per combination")
      ->check(CLI::Range(1, 1 << 20));
  g_run->add_option("--margin", g_opt.margin,
                    "--replicates auto: equivalence margin the launches must resolve "
                    "(default 5%)");
  g_run->add_option("--adjust", g_opt.adjust, "--replicates auto: holm | bh | none");
  g_run->add_option("--alpha", o.alpha, "--replicates auto: significance level")
      ->check(alpha_check());
  g_run
      ->add_option("--seed", o.seed,
                   "run seed (launch order, job order; default: the script's "
                   "`shuffle seed`, else random, recorded)")
      ->check(seed_check())
      ->each([&o](const std::string&) { o.seed_given = true; });
  g_run->add_option("--out", o.out, "results folder (default results/<script>-<time>)")
      ->check(non_empty_check());
  g_run
      ->add_option("--launcher", o.launcher,
                   std::string("command template of one launch; placeholders") + placeholders +
                       " (default \"" + launcher::default_launcher() + "\")")
      ->check(non_empty_check());
  g_run->add_option("--resume", o.resume, "continue the interrupted run in this folder");
  g_run->add_flag("--trust-launcher", g_opt.trust_launcher, kTrustLauncherHelp);
  g_run->add_flag("--quiet", o.quiet, "no progress line and no analysis table");
  g_run->add_flag("--skip-unsupported", o.skip_unsupported,
                  std::string(kSkipUnsupportedHelp) + "; appended to each launch's command");
  g_run->add_option("--settings", o.settings_file,
                    "settings file: its settings replace the script's own assignments of them; "
                    "copied into DIR/settings/ and given to each launch");
  g_run
      ->add_option("--launch-timeout", g_opt.launch_timeout,
                   "seconds a launch may run before it is killed and retried (default: its "
                   "deadline from the plan, recorded in the manifest)")
      ->check(positive_seconds());
  add_finalize_grace_option(g_run, o);
  g_run
      ->add_option("--startup-timeout", g_opt.startup_timeout,
                   "seconds a launch may take to reach its first job (default 60)")
      ->check(positive_seconds());
  g_run
      ->add_option("--retries", g_opt.retries,
                   "times a launch killed at a time limit is run again before it counts as "
                   "failed (default 1)")
      ->check(CLI::Range(0, 1000));
  g_run->add_flag("--report", g_opt.report, "also write DIR/report.html (docs/report.md)");
  g_run
      ->add_option("--history", g_opt.history,
                   "add the finished run to this history database: a file, sqlite:FILE or "
                   "postgresql://... (docs/history.md)")
      ->check(non_empty_check());
  g_run->add_option("--guideline-margin", g_opt.guideline_margin,
                    "`expect` checks: a violation is slower by more than this (default 5%)");
  g_run->add_flag("--strict", g_opt.strict, kStrictHelp);
  g_run
      ->add_option("--simulate", g_opt.simulate.platform,
                   "preview the campaign on this SimGrid platform file (or a shipped one by "
                   "name, e.g. cluster_64.xml): launches under smpirun, a report of simulated "
                   "times, deadlines and what would fail (docs/simulation.md)")
      ->check(non_empty_check());
  g_run
      ->add_option("--hostfile", g_opt.simulate.hostfile,
                   "--simulate: smpirun's host file (which host each rank runs on)")
      ->check(non_empty_check());
  g_run
      ->add_option("--smpi-metron", g_opt.simulate.smpi_metron,
                   "--simulate: the SMPI build of metron (default: smpi/metron beside this one)")
      ->check(non_empty_check());
}

void register_analyze_command(CLI::App& app, CliOptions& o) {
  g_analyze = app.add_subcommand("analyze",
                                 "analyze a results folder across launches "
                                 "(writes analysis.csv; no MPI)");
  g_analyze->add_option("dir", o.dirs, "results folder")->required()->expected(1);
  g_analyze->add_option("--alpha", o.alpha, "significance level of level comparisons")
      ->check(alpha_check());
  g_analyze->add_option("--margin", g_opt.margin,
                        "equivalence margin of their verdicts (default 5%)");
  g_analyze->add_option("--adjust", g_opt.adjust, "p-value adjustment: holm (default) | bh | none");
  g_analyze->add_option("--guideline-margin", g_opt.guideline_margin,
                        "`expect` checks: a violation is slower by more than this (default 5%)");
  g_analyze->add_option("--fit", g_opt.fit,
                        "fit each size sweep: hockney (alpha + beta m) or loggp (G, L + 2o); "
                        "writes fits.csv and fit_points.csv");
  g_analyze
      ->add_option("--peak-bandwidth", g_opt.peak_bandwidth,
                   "with --fit: the link's peak bandwidth in MB/s (10^6 bytes/s)")
      ->check(positive_finite_check());
  g_analyze
      ->add_option("--peak-latency", g_opt.peak_latency, "with --fit: the link's latency in us")
      ->check(positive_finite_check());
  g_analyze->add_flag("--strict", g_opt.strict, kStrictHelp);
}

void register_compare_command(CLI::App& app, CliOptions& o) {
  g_compare =
      app.add_subcommand("compare",
                         "compare two results folders job by job (Wilcoxon rank-sum on per-launch "
                         "medians), or the levels of a launch factor in one folder");
  g_compare->add_option("dirs", o.dirs, "DIR_A DIR_B, or DIR with --factor")
      ->required()
      ->expected(1, 2);
  g_compare->add_flag("--allow-simulated", g_opt.allow_simulated,
                      "compare simulated results with measured ones (docs/simulation.md)");
  g_compare->add_option("--alternative", o.alternative,
                        "the test's alternative: two-sided (default), less (A faster than B) "
                        "or greater (A slower than B)");
  g_compare->add_option("--alpha", o.alpha, "significance level")->check(alpha_check());
  g_compare->add_option("--factor", g_opt.factor,
                        "compare the levels of this launch factor in DIR");
  g_compare
      ->add_option("--pair", g_opt.pairs,
                   "compare op A with op B size by size (repeatable; in one DIR: paired by "
                   "launch, signed-rank test)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);  // one value each, never a DIR
  g_compare->add_option("--margin", g_opt.margin,
                        "equivalence margin of the verdicts (default 5%)");
  g_compare->add_option("--adjust", g_opt.adjust,
                        "p-value adjustment across the jobs: holm (default) | bh | none");
  g_compare->add_option("--csv", g_opt.csv, "also write the comparison to this CSV file")
      ->check(non_empty_check());
  g_compare->add_flag("--table", g_opt.table,
                      "print the wide table (medians, p-values, effect CIs) instead of one "
                      "sentence per job");
  g_compare->add_option("--report", g_opt.report_file,
                        "also write an HTML report of the comparison to this file");
  g_compare->add_flag("--strict", g_opt.strict, kStrictHelp);
}

void register_replay_command(CLI::App& app, CliOptions& o) {
  g_replay = app.add_subcommand(
      "replay", "rerun a recorded run (script, seed, design) into a new folder and compare");
  g_replay->add_option("dir", o.dirs, "recorded results folder, or a bundle written by metron pack")
      ->required()
      ->expected(1);
  g_replay->add_option("--lead", g_opt.lead,
                       "what the verdicts lead with: auto (findings when the environment "
                       "differs from the recording, else jobs) | findings | jobs");
  g_replay->add_option("--out", o.out, "new results folder (default <dir>-replay)")
      ->check(non_empty_check());
  g_replay
      ->add_option("--replicates", o.replicates,
                   "launches per combination (default: as "
                   "recorded)")
      ->check(CLI::Range(1, 1 << 20));
  g_replay->add_option("--launcher", o.launcher, "launcher template (default: as recorded)")
      ->check(non_empty_check());
  g_replay->add_option("--alpha", o.alpha, "significance level of the verdicts")
      ->check(alpha_check());
  g_replay->add_option("--margin", g_opt.margin, "equivalence margin of the verdicts (default 5%)");
  g_replay->add_option("--adjust", g_opt.adjust,
                       "p-value adjustment across the jobs: holm (default) | bh | none");
  g_replay->add_flag("--quiet", o.quiet, "no progress line");
  g_replay
      ->add_option("--launch-timeout", g_opt.launch_timeout,
                   "seconds a launch may run before it is killed and retried (default: its "
                   "deadline from the plan)")
      ->check(positive_seconds());
  add_finalize_grace_option(g_replay, o);
  g_replay->add_option("--guideline-margin", g_opt.guideline_margin,
                       "`expect` checks: a violation is slower by more than this (default 5%)");
  g_replay->add_flag("--allow-simulated", g_opt.allow_simulated,
                     "replay a simulated recording (docs/simulation.md)");
  g_replay->add_flag("--strict", g_opt.strict, kStrictHelp);
  g_replay->add_flag("--allow-modified", g_opt.allow_modified,
                     "replay a recording whose script does not match its recorded sha256");
  g_replay->add_flag("--trust-launcher", g_opt.trust_launcher, kTrustLauncherHelp);
  g_replay->add_flag("--report", g_opt.report, "also write NEW/report.html (docs/report.md)");
  g_replay->add_flag("--skip-unsupported", o.skip_unsupported,
                     std::string(kSkipUnsupportedHelp) + " (default: as recorded)");
}

}  // namespace

void register_runtime_commands(CLI::App& app, CliOptions& o) {
  register_exec_command(app, o);
  register_run_command(app, o);
  register_analyze_command(app, o);
  register_compare_command(app, o);
  register_replay_command(app, o);
  register_quick_command(app, o);
  register_clock_check_command(app);
  register_report_command(app);
  register_pack_command(app);
}

int run_runtime_command(CLI::App&, CliOptions& o, int argc, char** argv) {
  if (g_exec && g_exec->parsed()) return cmd_exec(o, argc, argv);
  if (g_run && g_run->parsed()) return cmd_run(o, argc, argv);
  if (g_analyze && g_analyze->parsed()) return cmd_analyze(o);
  if (g_compare && g_compare->parsed()) return cmd_compare(o);
  if (g_replay && g_replay->parsed()) return cmd_replay(o, argc, argv);
  if (quick_command_parsed()) return cmd_quick(o, argc, argv);
  if (clock_check_command_parsed()) return cmd_clock_check(argc, argv);
  if (report_command_parsed()) return cmd_report();
  if (pack_command_parsed()) return cmd_pack();
  return kExitUsage;
}

}  // namespace metron
