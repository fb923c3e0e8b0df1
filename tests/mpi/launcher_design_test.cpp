// Pure tests of the launcher (run in an MPI test binary because they link metron_mpi): launch
// expansion, seeded launch order, launcher templates, script copy layout, progress line, merge.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "runtime/analysis/csv_table.h"
#include "runtime/launcher/child_process.h"
#include "runtime/launcher/launch_command.h"
#include "runtime/launcher/launch_plan.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/progress.h"
#include "runtime/launcher/script_copy.h"
#include "runtime/launcher/trusted_launch_inputs.h"
#include "runtime/mpi_library.h"

using namespace metron;
using namespace metron::launcher;
namespace fs = std::filesystem;
static std::string csv_error;  // read_csv_table's message

namespace {

RunDesign two_factor_design() {
  RunDesign d;
  d.replicates = 3;
  d.np = 2;
  d.factors.push_back({"procs", "", {"2", "4"}, true});
  d.factors.push_back(
      {"alg", "MPIR_CVAR_BCAST_INTRA_ALGORITHM", {"binomial", "ring", "tree"}, false});
  return d;
}

// A scratch folder per rank and test (every rank runs the same pure test).
fs::path scratch(const std::string& name) {
  fs::path p =
      fs::temp_directory_path() / ("metron-launcher-test-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

std::string read(const fs::path& p) {
  std::ifstream f(p);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("launch expansion: replicates x levels, dense ids, first factor slowest") {
  auto launches = expand_launches(two_factor_design());
  REQUIRE(launches.size() == 3 * 2 * 3);
  for (std::size_t i = 0; i < launches.size(); ++i) CHECK(launches[i].id == std::int64_t(i));
  // Launch 0: replicate 0, procs=2, alg=binomial; launch 5: procs=4, alg=tree.
  CHECK(launches[0].replicate == 0);
  CHECK(launches[0].np == 2);
  CHECK(launches[0].levels_spec() == "procs=0,alg=0");
  CHECK(launches[5].np == 4);
  CHECK(launches[5].levels[1].value == "tree");
  CHECK(launches[5].levels_spec() == "procs=1,alg=2");
  CHECK(launches[6].replicate == 1);
  CHECK(launches[17].replicate == 2);
  // The environment variable is set only for env factors, to the level's value.
  REQUIRE(launches[4].env.size() == 1);
  CHECK(launches[4].env[0].first == "MPIR_CVAR_BCAST_INTRA_ALGORITHM");
  CHECK(launches[4].env[0].second == "ring");
  // Every (replicate, procs, alg) appears exactly once.
  std::set<std::string> seen;
  for (const auto& l : launches) seen.insert(std::to_string(l.replicate) + l.levels_spec());
  CHECK(seen.size() == launches.size());
}

TEST_CASE("launch expansion: no factors gives one launch per replicate on --np ranks") {
  RunDesign d;
  d.replicates = 4;
  d.np = 3;
  auto launches = expand_launches(d);
  REQUIRE(launches.size() == 4);
  for (const auto& l : launches) {
    CHECK(l.np == 3);
    CHECK(l.levels_spec().empty());
    CHECK(l.env.empty());
  }
}

TEST_CASE("launch design: JSON round trip") {
  RunDesign d = two_factor_design();
  RunDesign back = design_from_json(design_to_json(d));
  CHECK(back.replicates == 3);
  CHECK(back.np == 2);
  REQUIRE(back.factors.size() == 2);
  CHECK(back.factors[0].sets_np);
  CHECK(back.factors[1].env_var == "MPIR_CVAR_BCAST_INTRA_ALGORITHM");
  CHECK(back.factors[1].levels == d.factors[1].levels);
}

TEST_CASE("launch order: a permutation, the same for the same seed, another for another") {
  auto a = launch_order(30, 42);
  auto b = launch_order(30, 42);
  auto c = launch_order(30, 43);
  CHECK(a == b);
  CHECK(a != c);
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i) CHECK(sorted[i] == std::int64_t(i));
  // Shuffled: not the identity for 30 launches.
  bool identity = true;
  for (std::size_t i = 0; i < a.size(); ++i) identity = identity && a[i] == std::int64_t(i);
  CHECK_FALSE(identity);
  CHECK(launch_order(0, 1).empty());
  CHECK(launch_order(1, 1) == std::vector<std::int64_t>{0});
}

TEST_CASE("launch order: pinned values (a change here breaks replays of recorded runs)") {
  // Recorded from this implementation (SplitMix64 seeded by launch_seed(seed, -1), Fisher-Yates
  // from the back); a recorded seed must give the same order forever.
  CHECK(launch_order(4, 11) == std::vector<std::int64_t>{1, 3, 0, 2});
  CHECK(launch_order(20, 42) == std::vector<std::int64_t>{13, 7,  6,  12, 1, 15, 11, 17, 2,  4,
                                                          5,  18, 10, 0,  3, 16, 9,  19, 14, 8});
  CHECK(launch_order_seed(42) == 13679457532755275413ULL);
}

TEST_CASE("launcher template: placeholders inside words, values never split") {
  std::string err;
  std::map<std::string, std::string> v = {{"np", "4"},
                                          {"metron", "/opt/m etron/bin/metron"},
                                          {"script", "a;b $(rm -rf x).bench"},
                                          {"dir", "/r/launches/3"},
                                          {"launch", "3"},
                                          {"replicate", "1"},
                                          {"levels", ""},
                                          {"seed", "42"}};
  auto argv = expand_launcher(kLegacyDefaultLauncher, v, err);
  REQUIRE(err.empty());
  std::vector<std::string> expected = {"mpiexec",  "-n",
                                       "4",        "/opt/m etron/bin/metron",
                                       "exec",     "a;b $(rm -rf x).bench",
                                       "--out",    "/r/launches/3",
                                       "--launch", "3",
                                       "--levels", "",
                                       "--seed",   "42",
                                       "--quiet"};
  CHECK(argv == expected);

  argv = expand_launcher("srun --ntasks={np} --job-name='metron {launch}' {metron} exec {script}",
                         v, err);
  REQUIRE(argv.size() == 6);
  CHECK(argv[1] == "--ntasks=4");
  CHECK(argv[2] == "--job-name=metron 3");

  // {env:FLAG}: FLAG NAME per variable the launch sets (Open MPI's -x), nothing for none; {env}
  // inside a word: the names, comma-separated.
  v["env"] = "ALG,METRON_PLANNED_NP";
  argv = expand_launcher("mpirun -n {np} {env:-x} --export=ALL,{env} {metron}", v, err);
  CHECK(argv == std::vector<std::string>{"mpirun", "-n", "4", "-x", "ALG", "-x",
                                         "METRON_PLANNED_NP", "--export=ALL,ALG,METRON_PLANNED_NP",
                                         "/opt/m etron/bin/metron"});
  v["env"] = "";
  CHECK(expand_launcher("mpirun {env:-x} x", v, err) == std::vector<std::string>{"mpirun", "x"});

  CHECK(expand_launcher("mpiexec -n {nprocs} x", v, err).empty());
  CHECK(err.find("unknown placeholder '{nprocs}'") != std::string::npos);
  CHECK(expand_launcher("mpiexec 'open", v, err).empty());
  CHECK(err.find("unclosed quote") != std::string::npos);
  CHECK(expand_launcher("   ", v, err).empty());
  CHECK(expand_launcher("x {np", v, err).empty());
}

TEST_CASE("launcher template: the default starts the launcher of this build's MPI library") {
  const std::string d = default_launcher();
  CHECK(d.rfind(rt::mpi_launcher_program() + " -n {np} ", 0) == 0);
  // Open MPI's mpirun passes a variable to remote ranks only when named with -x.
  CHECK((d.find(" {env:-x} ") != std::string::npos) ==
        (rt::mpi_library_family() == MpiFamily::OpenMpi));
  // A recorded default, of any library's build, stands for this build's default.
  const std::string tail =
      " {metron} exec {script} --out {dir} --launch {launch} --levels {levels} --seed {seed} "
      "--quiet";
  CHECK(is_default_launcher(d));
  CHECK(is_default_launcher(kLegacyDefaultLauncher));
  CHECK(is_default_launcher(""));
  CHECK(is_default_launcher("/usr/bin/mpiexec.mpich -n {np}" + tail));
  CHECK(is_default_launcher("'/opt/open mpi/bin/mpirun' -n {np} {env:-x}" + tail));
  CHECK_FALSE(is_default_launcher("srun -n {np}" + tail));
  CHECK_FALSE(is_default_launcher("mpiexec -n {np} -bind-to core" + tail));
  CHECK_FALSE(is_default_launcher("sh -c 'touch x; mpiexec -n {np}" + tail + "'"));
  CHECK_FALSE(is_default_launcher("mpiexec -n {np} {metron} exec {script}"));
}

TEST_CASE("script copy: includes keep their relative positions") {
  std::vector<ScriptFile> files = {{"examples/b.bench", "x"}, {"examples/inc/c.inc", "y"}};
  CHECK(copy_layout(files) == std::vector<std::string>{"b.bench", "inc/c.inc"});
  // An include that climbs out of the main file's folder.
  files = {{"../foo/a.bench", "x"}, {"../../x.inc", "y"}};
  CHECK(copy_layout(files) == std::vector<std::string>{"_/foo/a.bench", "x.inc"});
  files = {{"a.bench", "x"}, {"../common/k.inc", "y"}};
  CHECK(copy_layout(files) == std::vector<std::string>{"_/a.bench", "common/k.inc"});
  // Absolute main: the common folder is dropped; an absolute include with a relative main stays.
  files = {{"/home/u/b/m.bench", "x"}, {"/home/u/b/i/k.inc", "y"}};
  CHECK(copy_layout(files) == std::vector<std::string>{"m.bench", "i/k.inc"});
  files = {{"m.bench", "x"}, {"/etc/k.inc", "y"}};
  CHECK(copy_layout(files) == std::vector<std::string>{"m.bench", "/etc/k.inc"});

  fs::path root = scratch("copy");
  std::string err;
  files = {{"../foo/a.bench", "main text"}, {"../../x.inc", "include text"}};
  auto main = write_script_copy(files, root.string(), err);
  REQUIRE(main);
  CHECK(*main == (root / "_/foo/a.bench").string());
  CHECK(read(root / "_/foo/a.bench") == "main text");
  // The include resolves from the copy exactly as from the original.
  fs::path inc = (fs::path(*main).parent_path() / "../../x.inc").lexically_normal();
  CHECK(read(inc) == "include text");
  fs::remove_all(root);
}

TEST_CASE("script copy: a recorded name that would leave the copy's folder is refused") {
  // An absolute main and a relative name that climbs: a manifest written by someone else.
  std::vector<ScriptFile> files = {{"/x/main.bench", "main"}, {"../../../../tmp/planted", "evil"}};
  const std::string want =
      "'script.files' holds '../../../../tmp/planted', which is not a path inside the folder: it "
      "climbs out with '..'";
  CHECK(copy_layout_problem(files) == want);
  fs::path root = scratch("outside");
  std::string err;
  CHECK_FALSE(write_script_copy(files, (root / "script").string(), err));
  CHECK(err == want);
  CHECK_FALSE(fs::exists(root / "script"));
  // A link in the copy's folder is not written through.
  fs::create_directories(root / "script");
  fs::create_directory_symlink(root, root / "script" / "sub");
  files = {{"main.bench", "main"}, {"sub/inc.bench", "inc"}};
  CHECK(copy_layout_problem(files).empty());
  CHECK_FALSE(write_script_copy(files, (root / "script").string(), err));
  CHECK(err ==
        "'script.files' holds 'sub/inc.bench', which is not a path inside the folder: 'sub' on "
        "its way is a symbolic link");
  CHECK_FALSE(fs::exists(root / "inc.bench"));
  fs::remove_all(root);
}

TEST_CASE("environment allowlist: the MPI libraries' tuning variables that take no file") {
  for (const char* ok : {"MPIR_CVAR_BCAST_INTRA_ALGORITHM", "MPICH_ASYNC_PROGRESS", "OMPI_MCA_btl",
                         "OMPI_MCA_coll_tuned_use_dynamic_rules", "UCX_TLS", "UCX_RNDV_THRESH",
                         "FI_PROVIDER", "I_MPI_FABRICS", "PSM2_MQ_EAGER_SDMA_SZ",
                         "MV2_USE_SHMEM_COLL", "HCOLL_ENABLE_MCAST_ALL", "UCC_CL_BASIC_TLS"}) {
    INFO(ok);
    CHECK(folder_env_allowed(ok));
  }
  for (const char* refused : {"LD_PRELOAD",
                              "PATH",
                              "HOME",
                              "FOO",
                              "PYTHONPATH",
                              "HYDRA_BOOTSTRAP",
                              "METRON_X",
                              "UCX_LOG_FILE",
                              "UCX_LOG_LEVEL",
                              "UCX_MODULE_DIR",
                              "UCX_HANDLE_ERRORS",
                              "UCX_ERROR_SIGNALS",
                              "UCX_STATS_DEST",
                              "UCX_PROFILE_MODE",
                              "OMPI_MCA_plm_rsh_agent",
                              "OMPI_MCA_orte_xterm",
                              "OMPI_MCA_mca_base_param_files",
                              "OMPI_MCA_orte_tmpdir_base",
                              "OMPI_MCA_orte_prefix",
                              "MPIR_CVAR_DBG_FILENAME",
                              "MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE",
                              "I_MPI_HYDRA_BOOTSTRAP_EXEC",
                              "I_MPI_ROOT",
                              "FI_PROVIDER_PATH",
                              "FI_LOG_LEVEL",
                              "MPICH_DBG_OUTPUT",
                              "UCX_",
                              "1UCX",
                              "UCX-TLS",
                              ""}) {
    INFO(refused);
    CHECK_FALSE(folder_env_allowed(refused));
  }
}

TEST_CASE("progress: durations and ETA") {
  CHECK(format_duration(0) == "0:00");
  CHECK(format_duration(65.4) == "1:05");
  CHECK(format_duration(3723) == "1:02:03");
  CHECK(format_duration(std::nan("")) == "?");
  CHECK(std::isnan(eta_seconds({}, 3)));
  CHECK(eta_seconds({1.0, 3.0}, 5) == doctest::Approx(10.0));
  Launch l;
  l.id = 7;
  l.replicate = 1;
  l.np = 2;
  l.levels.push_back({"alg", 0, "binomial"});
  CHECK(progress_line(3, 12, l, 12, 40) ==
        "launch  3/12 (id 7: replicate 1, alg=binomial, 2 ranks)  elapsed 0:12  ETA 0:40");
}

TEST_CASE("merge: launch, replicate and factor columns first; union of columns; quoting kept") {
  fs::path root = scratch("merge");
  write(root / "l0/summary.csv",
        "launch,job,block,var_i,median_s\n0,0,\"a,b\",1,0.5\n0,1,x,2,0.25\n");
  write(root / "l1/summary.csv", "launch,job,block,var_j,median_s\n1,0,y,3,0.75\n");
  std::vector<MergeSource> src = {{(root / "l0").string(), 0, 0, {{"alg", "binomial"}}},
                                  {(root / "l1").string(), 1, 2, {{"alg", "ring"}}}};
  std::string err;
  CHECK(merge_csv(src, {"alg"}, "summary.csv", root.string(), err) == 3);
  CHECK(read(root / "summary.csv") ==
        "launch,replicate,factor_alg,job,block,var_i,median_s,var_j\n"
        "0,0,binomial,0,\"a,b\",1,0.5,\n"
        "0,0,binomial,1,x,2,0.25,\n"
        "1,2,ring,0,y,,0.75,3\n");
  CHECK_FALSE(fs::exists(root / ".summary.csv.tmp"));
  CHECK(merge_csv({{(root / "missing").string(), 0, 0, {}}}, {}, "raw.csv", root.string(), err) ==
        -1);
  CHECK(err.find("cannot read") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("csv reader: quotes, embedded newlines, numbers") {
  fs::path root = scratch("csv");
  write(root / "t.csv", "a,b,c\n1,\"x,\"\"y\"\"\",\"two\nlines\"\n\n2,,3.5\n");
  auto t = analysis::read_csv_table((root / "t.csv").string(), csv_error);
  REQUIRE(t);
  REQUIRE(t->rows.size() == 2);
  CHECK(t->rows[0][1] == "x,\"y\"");
  CHECK(t->rows[0][2] == "two\nlines");
  CHECK(t->cell(1, "b").empty());
  CHECK(analysis::cell_double(t->cell(1, "c")) == 3.5);
  CHECK(std::isnan(analysis::cell_double("")));
  CHECK(std::isnan(analysis::cell_double("abc")));
  CHECK(analysis::split_csv_line("p,\"q\",") == std::vector<std::string>{"p", "q", ""});
  fs::remove_all(root);
}

TEST_CASE("child process: argv without a shell, environment for the child only, exit codes") {
  fs::path root = scratch("child");
  std::string out = (root / "out.txt").string(), err = (root / "err.txt").string();
  auto r = run_child({"sh", "-c", "echo \"$METRON_TEST_VAR\"; echo oops >&2; exit 3"},
                     {{"METRON_TEST_VAR", "a b;c"}}, out, err);
  CHECK(r.started);
  CHECK(r.exit_code == 3);
  CHECK(read(out) == "a b;c\n");
  CHECK(file_tail(err, 5, 100) == "oops");
  CHECK(getenv("METRON_TEST_VAR") == nullptr);
  r = run_child({"/nonexistent/launcher"}, {}, out, err);
  CHECK_FALSE(r.started);
  CHECK(r.spawn_error.find("cannot start") != std::string::npos);
  write(root / "tail.txt", "1\n2\n3\n4\n");
  CHECK(file_tail((root / "tail.txt").string(), 2, 100) == "3\n4");
  CHECK(file_tail((root / "tail.txt").string(), 10, 100) == "1\n2\n3\n4");
  CHECK(file_tail((root / "tail.txt").string(), 10, 3) == "4");  // bytes cap first
  fs::remove_all(root);
}
