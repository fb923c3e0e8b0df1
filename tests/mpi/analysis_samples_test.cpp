// `metron analyze` on the launches' samples: raw.csv read back per job and launch (invalid and
// truncated rows left out), Shapiro-Wilk per launch and Kruskal-Wallis across launches, against
// R (tools/refvalues/analysis_samples.R). Pure, run in an MPI test binary because the analysis
// lives in metron_mpi.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "runtime/analysis/analysis.h"
#include "runtime/analysis/analyze_folder.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/launch_samples.h"
#include "runtime/analysis/results_data.h"
#include "tests/unit/stats/ref_vectors.h"

using namespace metron;
using namespace metron::analysis;
namespace fs = std::filesystem;
namespace ref = metron::stats::testing;

namespace {

fs::path scratch(const std::string& name) {
  fs::path p =
      fs::temp_directory_path() / ("metron-samples-test-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

struct RawRow {
  int launch, job;
  double time_s;
  int valid;
};

// Three launches of job 0 (Bcast 8 B; samples base12, ties10, skew200), job 1 (Bcast 16 B; two
// observations per launch) and job 2 (failed in launch 0, its rows must not count). Launch 0 of
// job 0 has 2 truncated leading valid rows and invalid rows among its observations.
void write_folder(const fs::path& dir) {
  std::ofstream s(dir / "summary.csv");
  s << "launch,replicate,job,order,block,op,comm_size,count,bytes,n,used_n,mean_s,median_s,"
       "truncated,stop_reason\n";
  // n counts the raw rows of each job and launch (the reader checks it); job 2's n in launch 1
  // is left empty (unknown), so that its missing rows are no damage.
  const int n0[3] = {16, 10, 200}, used0[3] = {12, 10, 200};
  for (int l = 0; l < 3; ++l) {
    s << l << "," << l << ",0,0,b,Bcast,2,8,8," << n0[l] << "," << used0[l] << ",5,5,"
      << (l == 0 ? 2 : 0) << ",fixed_reps\n";
    s << l << "," << l << ",1,1,b,Bcast,2,16,16,2,2,1.5,1.5,0,fixed_reps\n";
    if (l == 0)
      s << "0,0,2,2,b,Bcast,2,32,32,0,0,,,0,error\n";
    else
      s << l << "," << l << ",2,2,b,Bcast,2,32,32," << (l == 1 ? "" : "1")
        << ",1,9,9,0,fixed_reps\n";
  }
  std::vector<RawRow> rows;
  rows.push_back({0, 2, 123.0, 1});  // the failed job's row
  rows.push_back({0, 0, 100.0, 1});  // truncated
  rows.push_back({0, 0, 500.0, 0});  // invalid
  rows.push_back({0, 0, 90.0, 1});   // truncated
  for (std::size_t i = 0; i < ref::kBase12.size(); ++i) {
    rows.push_back({0, 0, ref::kBase12[i], 1});
    if (i == 4) rows.push_back({0, 0, 1000.0, 0});  // invalid, not truncated (not valid)
  }
  rows.push_back({0, 1, 1.0, 1});
  rows.push_back({0, 1, 2.0, 1});
  // Launch 1 writes job 1 first (a shuffled order): rows are matched by launch and job id.
  rows.push_back({1, 1, 3.0, 1});
  rows.push_back({1, 1, 4.0, 1});
  for (double v : ref::kTies10) rows.push_back({1, 0, v, 1});
  for (double v : ref::skew200()) rows.push_back({2, 0, v, 1});
  rows.push_back({2, 1, 5.0, 1});
  rows.push_back({2, 1, 6.0, 1});
  rows.push_back({2, 2, 9.0, 1});
  std::ofstream r(dir / "raw.csv");
  r << "launch,job,order,block,op,comm_size,count,bytes,rep,time_s,valid\n";
  for (const RawRow& x : rows)
    r << x.launch << "," << x.job << ",0,b,Bcast,2,8,8,0," << fmt::format("{}", x.time_s) << ","
      << x.valid << "\n";
}

}  // namespace

TEST_CASE("launch samples: raw.csv rows per job and launch, without invalid and truncated rows") {
  const fs::path dir = scratch("load");
  write_folder(dir);
  std::string error;
  auto d = load_results(dir.string(), error);
  REQUIRE(d);
  auto s = load_launch_samples(dir.string(), *d, error);
  REQUIRE(s);
  REQUIRE(s->size() == 3);
  CHECK((*s)[0][0] == ref::kBase12);
  CHECK((*s)[0][1] == ref::kTies10);
  CHECK((*s)[0][2] == ref::skew200());
  CHECK((*s)[1][1] == std::vector<double>{3.0, 4.0});
  REQUIRE((*s)[2].size() == 2);  // launches 1 and 2: launch 0 failed
  CHECK((*s)[2][0].empty());     // no raw rows for it in launch 1
  fs::remove_all(dir);
}

TEST_CASE("analysis: Shapiro-Wilk per launch and Kruskal-Wallis across launches match R") {
  const fs::path dir = scratch("analyze");
  write_folder(dir);
  std::string error;
  AnalyzeOptions o;
  o.print = false;
  REQUIRE(analyze_folder(dir.string(), o, error) == 0);
  auto t = read_csv_table((dir / "analysis.csv").string(), error);
  REQUIRE(t);
  REQUIRE(t->rows.size() == 3);
  // tools/refvalues/analysis_samples.R. Tolerances as in tests/unit/stats: Royston's
  // approximation of the p-value (1e-6 relative) and the chi-square tail (1e-10 relative).
  CHECK(cell_double(t->cell(0, "shapiro_p")) ==
        doctest::Approx(0.10044432667008139).epsilon(1e-6));  // median of the three launches
  CHECK(t->cell(0, "shapiro_launches") == "3");
  CHECK(t->cell(0, "normal_launches") == "2");  // skew200: p = 8.3e-14
  CHECK(cell_double(t->cell(0, "kruskal_p")) ==
        doctest::Approx(3.539630460437694e-06).epsilon(1e-10));
  // Two observations per launch: too few for Shapiro-Wilk, enough for Kruskal-Wallis.
  CHECK(t->cell(1, "shapiro_p").empty());
  CHECK(t->cell(1, "shapiro_launches") == "0");
  CHECK(cell_double(t->cell(1, "kruskal_p")) ==
        doctest::Approx(0.10170139230422676).epsilon(1e-10));
  // One launch with a sample (of the two with a median): nothing to compare.
  CHECK(t->cell(2, "kruskal_p").empty());
  fs::remove_all(dir);
}

TEST_CASE("analysis: the table's notes count normal jobs and jobs whose launches differ") {
  const fs::path dir = scratch("table");
  write_folder(dir);
  std::string error;
  auto d = load_results(dir.string(), error);
  REQUIRE(d);
  auto s = load_launch_samples(dir.string(), *d, error);
  REQUIRE(s);
  const std::string table = analysis_table(*d, analyze(*d, &*s));
  CHECK(table.find("normality: 0 of 1 job normal in every launch (Shapiro-Wilk p >= 0.05; "
                   "medians need no normality)\n") != std::string::npos);
  CHECK(table.find("launches differ: 1 of 2 jobs (Kruskal-Wallis across launches, p < 0.05; "
                   "columns kruskal_p, rel_spread)\n") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("launch samples: no raw.csv is no error; a damaged one names its line") {
  const fs::path dir = scratch("damaged");
  write_folder(dir);
  std::string error;
  auto d = load_results(dir.string(), error);
  REQUIRE(d);
  fs::rename(dir / "raw.csv", dir / "raw.keep");
  auto none = load_launch_samples(dir.string(), *d, error);
  REQUIRE(none);
  CHECK((*none)[0][0].empty());
  {
    std::ifstream in(dir / "raw.keep");
    std::ofstream out(dir / "raw.csv");
    std::string line;
    for (int i = 1; std::getline(in, line); ++i)
      out << (i == 4 ? "0,0,0,b,Bcast,2,8,8,0,abc,1" : line) << "\n";
  }
  CHECK(!load_launch_samples(dir.string(), *d, error));
  CHECK(error == (dir / "raw.csv").string() + ":4: 'time_s' is 'abc', not a finite number");
  std::ofstream(dir / "raw.csv") << "launch,job,rep\n0,0,0\n";
  CHECK(!load_launch_samples(dir.string(), *d, error));
  CHECK(error == (dir / "raw.csv").string() + ": no 'time_s' column");
  fs::remove_all(dir);
}
