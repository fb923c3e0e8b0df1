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
#include "runtime/report/report_input.h"
#include "runtime/report/text_format.h"
#include "runtime/report/time_plots.h"

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
  // The axis names its unit and its scale, not just 'size'.
  CHECK(contains(x, "set xlabel 'message size [bytes], log2 scale'\n"));
  // Always log2, however narrow the range (a sweep is binary).
  CHECK(contains(bytes_x_axis(8, 16), "set logscale x 2\n"));
  // 0 B at a tick of its own, one octave left of the smallest size.
  CHECK(zero_size_x(1) == 0.5);
  CHECK(zero_size_x(1024) == 512);
  std::string z = bytes_x_axis(1, 4, zero_size_x(1));
  CHECK(contains(z, "set xtics ('0 B' 0.5, '1 B' 1, '2 B' 2, '4 B' 4)\n"));
  CHECK(contains(z, "set xrange [0.333333"));
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

TEST_CASE("report curves: sizes from 0 B on a size axis, 0 B at its own place") {
  // quick's default sweep starts at 0: the panel is still a size panel, not a linear axis of
  // the loop variable, which would put every size below 256 B on one vertical line.
  analysis::ResultsData d;
  for (std::int64_t b : {0, 1, 2, 1024})
    d.jobs.push_back(job("Allreduce", b, {{"size", std::to_string(b)}}, {}));
  auto p = make_panels({&d}, {"x"});
  REQUIRE(p.size() == 1);
  CHECK(p[0].x_kind == XKind::Bytes);
  CHECK(p[0].zero_x == 0.5);
  std::vector<double> xs;
  for (const auto& pt : p[0].curves[0].points) xs.push_back(pt.x);
  CHECK(xs == std::vector<double>{0.5, 1, 2, 1024});
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
  // One curve: its legend says what the line is, not "2 ranks".
  CHECK(contains(plots[0].commands, "title 'ratio B / A'"));
  CHECK_FALSE(contains(plots[0].commands, "title '2 ranks'"));
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

TEST_CASE("report: a rate plot for every operation with a rate (summary.csv mb_per_s)") {
  // Latency is no round trip, yet has a rate, as ping-pongs do. 0 B and the
  // collective have none. Latency 1 KiB at 2 us one way: 1024 B / 2 us = 512 MB/s.
  fs::path dir = scratch("rates");
  std::ofstream(dir / "summary.csv")
      << "launch,job,block,op,comm_size,count,bytes,round_trip,var_size,used_n,median_s,"
         "median_ci_lo_s,median_ci_hi_s,mb_per_s,stop_reason\n"
         "0,0,lat,Latency,2,0,0,0,0,10,1e-6,0.9e-6,1.1e-6,,rule_met\n"
         "0,1,lat,Latency,2,1024,1024,0,1024,10,2e-6,1.6e-6,2.5e-6,512,rule_met\n"
         "0,2,red,Allreduce,2,8,8,0,8,10,3e-6,2.9e-6,3.1e-6,,rule_met\n"
         "0,3,red,Allreduce,2,64,64,0,64,10,4e-6,3.9e-6,4.1e-6,,rule_met\n";
  ReportRequest r;
  r.dir = dir.string();
  std::string error;
  auto in = load_report_input(r, error);
  REQUIRE_MESSAGE(in, error);
  auto rates = rate_plots(*in);
  REQUIRE(rates.size() == 1);
  CHECK(rates[0].title == "Rate: block 'lat': Latency");
  // The point and its error bar: the time's CI [1.6, 2.5] us maps to [409.6, 640] MB/s.
  CHECK(contains(rates[0].data, "1024 512\n"));
  CHECK(contains(rates[0].data, "1024 512 409.59999999999997 640\n"));
  CHECK(contains(rates[0].commands, "set xlabel 'message size [bytes], log2 scale'"));
  // The time plots: error bars at the measured sizes, no filled band between them.
  for (const Plot& t : time_plots(*in)) {
    CHECK(contains(t.commands, "with yerrorbars"));
    CHECK_FALSE(contains(t.commands, "filledcurves"));
  }
  CHECK(contains(time_plots(*in)[0].commands, "set xtics ('0 B' 512, '1 KiB' 1024)"));
  fs::remove_all(dir);
}

TEST_CASE("report header: a quick folder replays with replay or quick, not 'exec <quick>'") {
  ReportInput in;
  in.kind = ReportKind::Exec;
  in.request.dir = "results/q";
  in.main.emplace();
  in.main->data.manifest = nlohmann::json::parse(R"({"np": 2, "seed": 7,
      "script": {"path": "<quick>"},
      "command": ["/usr/bin/metron", "quick", "Allreduce", "--sizes", "0:64KiB", "--out", "q",
                  "--seed=3"]})");
  CHECK(replay_command(in) ==
        "metron replay results/q\n# the same by hand:\nmpiexec -n 2 metron quick Allreduce "
        "--sizes 0:64KiB --seed 7 --out NEW_FOLDER");
  in.main->data.manifest["script"]["path"] = "<command-line>";
  CHECK(replay_command(in) == "metron replay results/q");
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
