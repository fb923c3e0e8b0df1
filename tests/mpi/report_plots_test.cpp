// The report's pure parts: text helpers, axis choices, panels and curves, ratio verdicts, SVG
// inlining, the replay command's quoting, and a whole report of a hand-made folder with and
// without gnuplot. Pure, run in an MPI test binary because the report lives in metron_mpi.
#include "runtime/ops/mpi_handles.h"  // first: the front end's MPI names before <mpi.h>

#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/analysis/csv_table.h"
#include "runtime/report/axes.h"
#include "runtime/report/curves.h"
#include "runtime/report/gnuplot_renderer.h"
#include "runtime/report/ratio_plots.h"
#include "runtime/report/report.h"
#include "runtime/report/report_header.h"
#include "runtime/report/text_format.h"

using namespace metron;
using namespace metron::report;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  fs::path p =
      fs::temp_directory_path() / ("metron-report-test-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

bool contains(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

analysis::JobSeries job(const std::string& op, std::int64_t bytes,
                        std::vector<std::pair<std::string, std::string>> vars,
                        std::vector<std::pair<std::string, std::string>> factors) {
  analysis::JobSeries s;
  s.key.block = "b";
  s.key.op = op;
  s.key.bytes = bytes;
  s.key.comm_size = 2;
  s.key.vars = std::move(vars);
  s.key.factors = std::move(factors);
  return s;
}

analysis::CsvTable table(const std::string& csv) {
  analysis::CsvTable t;
  std::stringstream ss(csv);
  std::string line;
  std::getline(ss, line);
  t.header = analysis::split_csv_line(line);
  while (std::getline(ss, line)) t.rows.push_back(analysis::split_csv_line(line));
  return t;
}

std::string read(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("report text: escaping, gnuplot strings and numbers, binary sizes") {
  CHECK(html_escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  CHECK(gp_quote("it's\nfine") == "'it''s fine'");
  CHECK(gp_number(0.5) == "0.5");
  CHECK(gp_number(1e-7) == "1e-07");
  CHECK(gp_number(std::nan("")) == "NaN");
  CHECK(gp_number(INFINITY) == "NaN");
  CHECK(size_label(1) == "1 B");
  CHECK(size_label(1023) == "1023 B");
  CHECK(size_label(1024) == "1 KiB");
  CHECK(size_label(1536) == "1.5 KiB");
  CHECK(size_label(65536) == "64 KiB");
  CHECK(size_label(16777216) == "16 MiB");
  CHECK(shell_word("dir/x.bench") == "dir/x.bench");
  CHECK(shell_word("a b") == "'a b'");
  CHECK(shell_word("it's") == "'it'\\''s'");
  CHECK(shell_word("") == "''");
}

TEST_CASE("report axes: log2 sizes with binary ticks, value axes log or from 0") {
  std::string x = bytes_x_axis(1, 4096);
  CHECK(contains(x, "set logscale x 2\n"));
  // 13 powers of two from 1 to 4096, thinned to every second one: 1, 4, ..., 4096.
  CHECK(contains(x,
                 "set xtics ('1 B' 1, '4 B' 4, '16 B' 16, '64 B' 64, '256 B' 256, '1 KiB' "
                 "1024, '4 KiB' 4096)\n"));
  CHECK(contains(x, "message size (log scale)"));
  CHECK_FALSE(contains(bytes_x_axis(8, 16), "logscale"));
  CHECK(contains(numeric_x_axis("t", 1, 1000), "set logscale x 10"));
  CHECK_FALSE(contains(numeric_x_axis("t", 1, 10), "logscale"));
  std::string ylog = value_y_axis("time [us]", {1, 100, NAN});
  CHECK(contains(ylog, "set logscale y 10\n"));
  CHECK(contains(ylog, "'time [us], log scale'"));
  std::string ylin = value_y_axis("time [us]", {1, 2});
  CHECK(contains(ylin, "set yrange [0:*]\n"));
  CHECK(contains(ylin, "'time [us], axis from 0'"));
}

TEST_CASE("report curves: sizes on x, loop variables that follow the size left out") {
  analysis::ResultsData d;
  for (const char* alg : {"binomial", "ring"})
    for (std::int64_t b : {64, 1, 8})
      d.jobs.push_back(job("Bcast", b, {{"count", std::to_string(b)}}, {{"alg", alg}}));
  auto panels = make_panels({&d}, {"x"});
  REQUIRE(panels.size() == 1);
  CHECK(panels[0].x_kind == XKind::Bytes);
  CHECK(panel_title(panels[0]) == "block 'b': Bcast");
  REQUIRE(panels[0].curves.size() == 2);
  CHECK(panels[0].curves[0].label == "alg=binomial");
  CHECK(panels[0].curves[1].label == "alg=ring");
  std::vector<double> xs;
  for (const auto& p : panels[0].curves[0].points) xs.push_back(p.x);
  CHECK(xs == std::vector<double>{1, 8, 64});
  CHECK(panels[0].curves[0].points[0].job == 1);

  SUBCASE("two views: the view's label starts each curve") {
    analysis::ResultsData e = d;
    auto two = make_panels({&d, &e}, {"A: r", "B: s"});
    REQUIRE(two.size() == 1);
    REQUIRE(two[0].curves.size() == 4);
    CHECK(two[0].curves[2].label == "B: s, alg=binomial");
  }
  SUBCASE("more curves than allowed: parts") {
    auto parts = make_panels({&d}, {"x"}, 1);
    REQUIRE(parts.size() == 2);
    CHECK(panel_title(parts[1]) == "block 'b': Bcast (2/2)");
  }
}

TEST_CASE("report curves: a numeric loop variable, else categories") {
  analysis::ResultsData d;
  for (const char* t : {"1", "2", "4"}) d.jobs.push_back(job("Synthetic", 0, {{"t", t}}, {}));
  auto p = make_panels({&d}, {"x"});
  REQUIRE(p.size() == 1);
  CHECK(p[0].x_kind == XKind::Variable);
  CHECK(p[0].x_var == "t");
  REQUIRE(p[0].curves.size() == 1);
  CHECK(p[0].curves[0].label.empty());

  analysis::ResultsData c;
  for (const char* name : {"a", "b"}) c.jobs.push_back(job("Synthetic", 0, {{"name", name}}, {}));
  auto q = make_panels({&c}, {"x"});
  REQUIRE(q.size() == 1);
  CHECK(q[0].x_kind == XKind::Category);
  CHECK(q[0].categories == std::vector<std::string>{"0 B, name=a", "0 B, name=b"});
}

TEST_CASE("report ratio: verdicts from the verdict column, else from the test") {
  auto t = table(
      "block,op,bytes,comm_size,vars,factors,level_a,level_b,ratio,p_value,significant\n"
      "b,Bcast,1,2,,,,,1.5,0.01,1\n"
      "b,Bcast,8,2,,,,,1.0,0.6,0\n"
      "b,Bcast,64,2,,,,,1.1,,0\n");
  CHECK(row_verdict(t, 0) == "differs");
  CHECK(row_verdict(t, 1) == "no difference found");
  CHECK(row_verdict(t, 2) == "untested");
  auto plots = ratio_plots(t, "B / A");
  REQUIRE(plots.size() == 1);
  CHECK(plots[0].title == "Ratio B / A: block 'b': Bcast");
  CHECK(contains(plots[0].caption, "No confidence interval of the ratio is recorded"));
  CHECK(contains(plots[0].caption, "No equivalence margin is recorded"));
  CHECK_FALSE(contains(plots[0].commands, "yerrorbars"));
  CHECK(contains(plots[0].commands, "title 'verdict: differs'"));

  auto v = table(
      "block,op,bytes,comm_size,vars,factors,level_a,level_b,ratio,ratio_ci_lo,ratio_ci_hi,margin,"
      "verdict\n"
      "b,Bcast,1,2,,,,,1.02,0.99,1.04,0.05,equivalent\n"
      "b,Bcast,8,2,,,,,1.3,1.2,1.4,0.05,differs\n");
  CHECK(row_verdict(v, 0) == "equivalent");
  auto vp = ratio_plots(v, "replay / recorded");
  REQUIRE(vp.size() == 1);
  CHECK(contains(vp[0].commands, "with yerrorbars"));
  // The margin band: ratio from 1 - 0.05 to 1 + 0.05.
  CHECK(contains(vp[0].commands,
                 "set object 1 rectangle from graph 0, first 0.95 to graph 1, "
                 "first 1.05 behind"));
  CHECK(contains(vp[0].caption, "(ratio_ci_lo, ratio_ci_hi)"));
  CHECK(contains(vp[0].commands, "title 'verdict: equivalent'"));
}

TEST_CASE("report ratio: the Hodges-Lehmann ratio and its CI as compare --csv writes them") {
  auto t = table(
      "block,op,bytes,comm_size,vars,factors,level_a,level_b,ratio,p_value,significant,ratio_hl,"
      "ratio_lo,ratio_hi,margin,verdict\n"
      "b,Bcast,1,2,,,,,1.1,0.5,0,1.03,1.01,1.05,0.05,differs within margin\n"
      "b,Bcast,8,2,,,,,0.9,0.5,0,,,,0.05,inconclusive\n");
  auto p = ratio_plots(t, "B / A");
  REQUIRE(p.size() == 1);
  // x, the point (ratio_hl, else ratio), the CI (the point where none).
  CHECK(contains(p[0].data, "$r0 << EOD\n1 1.03 1.01 1.05\n8 0.9 0.9 0.9\nEOD\n"));
  CHECK(contains(p[0].caption, "Hodges-Lehmann estimate"));
  CHECK(contains(p[0].commands, "title 'verdict: differs within margin'"));
  CHECK(contains(p[0].commands, "title 'verdict: inconclusive or untested'"));
}

TEST_CASE("report svg: prolog dropped, ids and references prefixed, title set") {
  std::string svg =
      "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n<svg \n viewBox=\"0 0 "
      "10 10\">\n<title>Gnuplot</title>\n<g id=\"gnuplot_canvas\"><circle id='gpDot'/>"
      "<use xlink:href='#gpDot'/><g filter='url(#textbox)'/></g>\n</svg>\n\n";
  CHECK(inline_svg(svg, "fig2-", "a<b") ==
        "<svg class=\"plot\" role=\"img\" \n viewBox=\"0 0 10 10\">\n<title>a&lt;b</title>\n"
        "<g id=\"fig2-gnuplot_canvas\"><circle id='fig2-gpDot'/><use xlink:href='#fig2-gpDot'/>"
        "<g filter='url(#fig2-textbox)'/></g>\n</svg>");
}

TEST_CASE("report: a hand-made exec folder, with and without gnuplot") {
  fs::path dir = scratch("exec");
  std::ofstream(dir / "summary.csv")
      << "launch,job,block,op,comm_size,count,bytes,round_trip,var_count,used_n,median_s,"
         "median_ci_lo_s,median_ci_hi_s,p5_s,p25_s,p75_s,p95_s,stop_reason\n"
         "0,0,b,Pingpong_Send_Recv,2,1,1,1,1,10,2e-6,1.9e-6,2.1e-6,1.5e-6,1.8e-6,2.2e-6,3e-6,"
         "fixed_reps\n"
         "0,1,b,Pingpong_Send_Recv,2,1024,1024,1,1024,10,4e-6,3.9e-6,4.2e-6,3e-6,3.8e-6,4.4e-6,"
         "5e-6,fixed_reps\n";
  std::ofstream(dir / "raw.csv") << "launch,job,rep,time_s,valid\n0,0,0,2e-6,1\n0,0,1,2.1e-6,0\n"
                                    "0,1,0,4e-6,1\n0,1,1,4.1e-6,1\n";
  ReportOptions o;
  o.request.dir = dir.string();
  o.gnuplot = "/nonexistent/gnuplot";
  ReportOutcome out;
  std::string error, warning;
  REQUIRE(write_report(o, out, error, warning) == 0);
  CHECK(out.path == (dir / "report.html").string());
  CHECK_FALSE(out.tool_found);
  // Time, rate, spread, and the series of both jobs.
  CHECK(out.plots == 5);
  CHECK(out.drawn == 0);
  CHECK(warning ==
        "'/nonexistent/gnuplot' was not found: the report has no plots (install gnuplot-nox)");
  std::string page = read(out.path);
  CHECK(contains(page, "id=\"no-plots\""));
  CHECK(contains(page,
                 "plot not drawn: &#39;/nonexistent/gnuplot&#39; was not found; the data "
                 "are in summary.csv and analysis.csv"));
  CHECK_FALSE(contains(page, "<svg"));

  if (!fs::exists("/usr/bin/gnuplot")) return;  // the rest needs gnuplot (README set-up)
  o.gnuplot = "/usr/bin/gnuplot";
  o.out = (dir / "with.html").string();
  REQUIRE(write_report(o, out, error, warning) == 0);
  CHECK(out.tool_found);
  CHECK(out.plots == 5);
  CHECK(out.drawn == 5);
  page = read(out.path);
  CHECK_FALSE(contains(page, "plot not drawn"));
  CHECK(contains(page, "<figure class=\"plot\" id=\"fig2\" data-kind=\"rate\">"));
  CHECK(contains(page, "id=\"fig2-gnuplot_plot_1\""));
  fs::remove_all(dir);
}

TEST_CASE("report: not a results folder") {
  fs::path dir = scratch("empty");
  ReportOptions o;
  o.request.dir = dir.string();
  ReportOutcome out;
  std::string error, warning;
  CHECK(write_report(o, out, error, warning) == 74);
  CHECK(error == "'" + dir.string() +
                     "' is not a results folder (no summary.csv and no "
                     "clock-check CSV)");
  o.request.dir = (dir / "missing").string();
  CHECK(write_report(o, out, error, warning) == 74);
  CHECK(error == "'" + (dir / "missing").string() + "' is not a folder");
  fs::remove_all(dir);
}
