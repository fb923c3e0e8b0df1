// Start-up times across launches (osu_init / osu_hello): the manifest's record read back, the
// median and mean with their CIs per factor combination, and the two files metron run writes.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/analysis/startup_summary.h"

using metron::analysis::startup_from_manifest;
using metron::analysis::StartupLaunch;
using metron::analysis::summarize_startup;

namespace {

StartupLaunch launch(std::int64_t id, double init_max, const std::string& level = "") {
  StartupLaunch l;
  l.launch = id;
  l.np = 2;
  l.call = "MPI_Init";
  if (!level.empty()) l.factors = {{"alg", level}};
  for (double& v : l.values) v = 1e-3;
  l.values[2] = init_max;  // mpi_init_max_s
  return l;
}

std::string read_all(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("startup: the manifest's record, min / mean / max over the ranks") {
  const auto m = nlohmann::json::parse(R"({"np": 4, "launch": {"id": 3, "replicate": 1},
    "startup": {"call": "MPI_Init_thread", "clock": "steady_clock",
      "mpi_init_s": {"min": 0.1, "mean": 0.2, "max": 0.3},
      "first_barrier_s": {"min": 0.01, "mean": 0.02, "max": 0.03}}})");
  const auto l = startup_from_manifest(m);
  REQUIRE(l);
  CHECK(l->launch == 3);
  CHECK(l->replicate == 1);
  CHECK(l->np == 4);
  CHECK(l->call == "MPI_Init_thread");
  CHECK(l->values[0] == 0.1);
  CHECK(l->values[2] == 0.3);
  CHECK(l->values[3] == 0.01);
  CHECK(l->values[5] == 0.03);
  CHECK_FALSE(startup_from_manifest(nlohmann::json::parse(R"({"np": 2, "simulated": true})")));
}

TEST_CASE("startup: median with its order-statistic CI and mean with its t CI over launches") {
  std::vector<StartupLaunch> ls;
  for (int i = 1; i <= 7; ++i) ls.push_back(launch(i, i * 0.1));
  const auto rows = summarize_startup(ls);
  REQUIRE(rows.size() == 6);
  const auto& s = rows[2];
  CHECK(s.quantity == "mpi_init_max_s");
  CHECK(s.launches == 7);
  CHECK(s.median == doctest::Approx(0.4));
  // n = 7: the exact 95% ranks are (1, 7), coverage 1 - 2^-6.
  CHECK(s.median_ci_lo == doctest::Approx(0.1));
  CHECK(s.median_ci_hi == doctest::Approx(0.7));
  CHECK(s.mean == doctest::Approx(0.4));
  // t(6, 0.975) = 2.4469119, s = 0.2160247: half width 0.1997895.
  CHECK(s.mean_ci_lo == doctest::Approx(0.4 - 0.1997895).epsilon(1e-6));
  CHECK(s.mean_ci_hi == doctest::Approx(0.4 + 0.1997895).epsilon(1e-6));
}

TEST_CASE("startup: one summary per factor level; few launches leave the CIs not assessable") {
  const std::vector<StartupLaunch> ls = {launch(0, 0.2, "a"), launch(1, 0.4, "b"),
                                         launch(2, 0.3, "a")};
  const auto rows = summarize_startup(ls);
  REQUIRE(rows.size() == 12);
  CHECK(rows[2].factors == std::vector<std::pair<std::string, std::string>>{{"alg", "a"}});
  CHECK(rows[2].launches == 2);
  CHECK(rows[2].median == doctest::Approx(0.25));
  CHECK(std::isnan(rows[2].median_ci_lo));  // 5 launches or fewer
  CHECK(std::isfinite(rows[2].mean_ci_lo));
  CHECK(rows[8].factors == std::vector<std::pair<std::string, std::string>>{{"alg", "b"}});
  CHECK(rows[8].launches == 1);
  CHECK(std::isnan(rows[8].mean_ci_hi));  // one launch
}

TEST_CASE("startup: startup.csv has a row per launch, startup_summary.csv one per quantity") {
  const auto dir = std::filesystem::temp_directory_path() / "metron_startup_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string error;
  REQUIRE(metron::analysis::write_startup_files({launch(0, 0.25, "a"), launch(1, 0.5, "b")},
                                                {"alg"}, dir.string(), error));
  CHECK(read_all(dir / "startup.csv") ==
        "launch,replicate,factor_alg,np,call,mpi_init_min_s,mpi_init_mean_s,mpi_init_max_s,"
        "first_barrier_min_s,first_barrier_mean_s,first_barrier_max_s\n"
        "0,0,a,2,MPI_Init,0.001,0.001,0.25,0.001,0.001,0.001\n"
        "1,0,b,2,MPI_Init,0.001,0.001,0.5,0.001,0.001,0.001\n");
  const std::string summary = read_all(dir / "startup_summary.csv");
  CHECK(summary.rfind("factor_alg,quantity,launches,median_s,median_ci_lo_s,median_ci_hi_s,"
                      "mean_s,mean_ci_lo_s,mean_ci_hi_s\n",
                      0) == 0);
  CHECK(summary.find("b,mpi_init_max_s,1,0.5,,,0.5,,\n") != std::string::npos);
  CHECK_FALSE(
      metron::analysis::write_startup_files({launch(0, 0.25)}, {}, "/nonexistent/dir", error));
  CHECK(error.find("/nonexistent/dir/startup.csv") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("startup: the line metron run prints per factor combination") {
  std::vector<StartupLaunch> ls;
  for (int i = 1; i <= 7; ++i) ls.push_back(launch(i, i * 0.01, "a"));
  ls.push_back(launch(8, 0.25, "b"));
  const auto lines = metron::analysis::startup_lines(summarize_startup(ls));
  REQUIRE(lines.size() == 2);
  // The median of 10 .. 70 ms is 40 ms; its CI over 7 launches is the 1st and 7th values.
  CHECK(lines[0] ==
        "startup (alg=a): MPI_Init 40 ms [10, 70], first barrier 1 ms [1, 1] (slowest rank; "
        "median of 7 launches)");
  CHECK(lines[1] ==
        "startup (alg=b): MPI_Init 250 ms, first barrier 1 ms (slowest rank; median "
        "of 1 launch)");
  CHECK(metron::analysis::startup_lines({}).empty());
}
