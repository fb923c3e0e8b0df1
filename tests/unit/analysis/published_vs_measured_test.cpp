// Published against measured on in-memory results: the measured value per statistic and kind,
// the ratio to a value and to a range, entries that select nothing, the CSV and the table.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "runtime/analysis/claim_tests.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/published_vs_measured.h"

using namespace metron;
using namespace metron::analysis;

namespace {

// Per-launch medians of a ping-pong at 1000 B (us); six launches.
const std::vector<double> kMedians = {10.0, 10.4, 9.8, 10.2, 10.6, 10.1};

// One ping-pong job (with a rate: 2000 bytes per reported time) and one Bcast job without one.
CsvTable summary() {
  CsvTable t;
  t.header = {"launch",   "block",  "op",   "bytes", "comm_size",
              "median_s", "mean_s", "sd_s", "noise", "mb_per_s"};
  for (int l = 0; l < 6; ++l) {
    const double m = kMedians[l] * 1e-6;
    t.rows.push_back({std::to_string(l), "pp", "Pingpong_Send_Recv", "1000", "2",
                      fmt::format("{}", m), fmt::format("{}", 1.2 * m), fmt::format("{}", 0.1 * m),
                      "", fmt::format("{}", 2000 / m / 1e6)});
    t.rows.push_back({std::to_string(l), "b", "Bcast", "8", "2", fmt::format("{}", m),
                      fmt::format("{}", m), fmt::format("{}", 0.1 * m), "", ""});
  }
  return t;
}

ResultsData data(const CsvTable& t) {
  std::string error;
  auto d = results_from_summary(t, error);
  REQUIRE(d);
  return *d;
}

PublishedValue value(const std::string& unit, double lo, double hi,
                     ClaimStatistic stat = ClaimStatistic::Median,
                     const std::string& op = "Pingpong_Send_Recv") {
  PublishedValue v;
  v.id = "v";
  v.source = "Fig. 1";
  v.selection = op;
  v.side.op = op;
  v.side.statistic = stat;
  const PublishedUnit* u = find_published_unit(unit);
  REQUIRE(u);
  v.unit = unit;
  v.kind = u->kind;
  v.lo = lo * u->scale;
  v.hi = hi * u->scale;
  return v;
}

PublishedComparison one(const PublishedValue& v) {
  const CsvTable t = summary();
  auto rows = compare_published(data(t), {v}, &t);
  REQUIRE(rows.size() == 1);
  return rows[0];
}

}  // namespace

TEST_CASE("published_vs_measured: median of the per-launch medians, its CI and the ratio") {
  PublishedComparison c = one(value("us", 20, 20));
  CHECK(c.job == "Pingpong_Send_Recv 1000 B, 2 ranks");
  CHECK(c.launches == 6);
  CHECK(c.measured == doctest::Approx(10.15e-6));  // median of six: (10.1 + 10.2) / 2
  CHECK(c.ci_lo == doctest::Approx(9.8e-6));       // n = 6: the exact 95% CI is [x(1), x(6)]
  CHECK(c.ci_hi == doctest::Approx(10.6e-6));
  CHECK(c.ratio == doctest::Approx(10.15 / 20));
}

TEST_CASE("published_vs_measured: a range gives 1 inside and the ratio to the nearer end") {
  CHECK(one(value("us", 9, 11)).ratio == doctest::Approx(1.0));
  CHECK(one(value("us", 12, 20)).ratio == doctest::Approx(10.15 / 12));
  CHECK(one(value("us", 2, 5)).ratio == doctest::Approx(10.15 / 5));
}

TEST_CASE("published_vs_measured: mean, bandwidth and spreads") {
  CHECK(one(value("us", 12, 12, ClaimStatistic::Mean)).measured == doctest::Approx(1.2 * 10.15e-6));
  // 2000 bytes per time; the median of the per-launch rates.
  CHECK(one(value("MB/s", 200, 200)).measured == doctest::Approx(2000 / 10.15e-6).epsilon(1e-3));
  CHECK(std::isnan(one(value("MB/s", 200, 200, ClaimStatistic::Median, "Bcast")).measured));
  CHECK(one(value("%", 10, 10, ClaimStatistic::WithinSpread)).measured ==
        doctest::Approx(0.1 / 1.2));  // sd / mean of each launch
  PublishedComparison s = one(value("%", 2, 2, ClaimStatistic::LaunchSpread));
  std::vector<double> m;
  for (double x : kMedians) m.push_back(x * 1e-6);
  CHECK(s.measured == doctest::Approx(sd_of_logs(m)));
  CHECK(s.ci_lo <= s.measured);
  CHECK(s.ci_hi >= s.measured);
}

TEST_CASE("published_vs_measured: no number and no matching job") {
  PublishedValue v = value("us", 1, 1);
  v.lo.reset();
  v.hi.reset();
  PublishedComparison c = one(v);
  CHECK(c.measured == doctest::Approx(10.15e-6));
  CHECK(std::isnan(c.ratio));
  PublishedValue gone = value("us", 1, 1);
  gone.side.filters = {{"bytes", ClaimField::Bytes, FilterOp::Eq, "4096"}};
  PublishedComparison g = one(gone);
  CHECK(g.job.empty());
  CHECK(std::isnan(g.measured));
}

TEST_CASE("published_vs_measured: the CSV and the table name both machines") {
  const CsvTable t = summary();
  PublishedValue v = value("us", 9, 11);
  v.machine = "TUWien";
  v.mpi = "NEC MPI 1.2.8";
  v.procs = "16x1";
  auto rows = compare_published(data(t), {v}, &t);
  MeasuredMachine m;
  m.name = "Test CPU (2 cores), MPICH 4, 2 ranks";
  m.cpu_model = "Test CPU";
  m.mpi_library = "MPICH 4";
  m.np = 2;
  const std::string path =
      (std::filesystem::temp_directory_path() / "metron_published_test.csv").string();
  std::string error;
  REQUIRE(write_published_csv(path, rows, m, error));
  auto back = read_csv_table(path, error);
  std::filesystem::remove(path);
  REQUIRE(back);
  REQUIRE(back->rows.size() == 1);
  CHECK(back->cell(0, "published") == "9");
  CHECK(back->cell(0, "published_hi") == "11");
  CHECK(back->cell(0, "measured") == "10.15");
  CHECK(back->cell(0, "paper_machine") == "TUWien");
  CHECK(back->cell(0, "machine_cpu") == "Test CPU");
  CHECK(back->cell(0, "ratio") == "1");
  const std::string table = published_table(rows, m);
  CHECK(table.find("this machine: Test CPU (2 cores), MPICH 4, 2 ranks") != std::string::npos);
  CHECK(table.find("published 9..11 us (TUWien; NEC MPI 1.2.8; 16x1 processes)") !=
        std::string::npos);
}

TEST_CASE("published_vs_measured: the process count reads as people write it") {
  const CsvTable t = summary();
  PublishedValue v = value("us", 9, 11);
  MeasuredMachine m;
  v.procs = "2 (on two nodes)";  // papers/scientific-benchmarking: the remark after the count
  CHECK(published_table(compare_published(data(t), {v}, &t), m)
            .find("(2 processes (on two nodes))") != std::string::npos);
  v.procs = "1";
  CHECK(published_table(compare_published(data(t), {v}, &t), m).find("(1 process)") !=
        std::string::npos);
}
