// Rendering with gnuplot (see gnuplot_renderer.h).
#include "runtime/report/gnuplot_renderer.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/launcher/child_process.h"
#include "runtime/plan/diagnostics.h"
#include "runtime/report/text_format.h"

namespace metron::report {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPrelude = "set encoding utf8\n";

// Size in SVG units; the page scales it to the column width.
std::string terminal(const Plot& p) {
  return "set terminal svg size 760," + std::to_string(p.height) +
         " dynamic noenhanced font 'sans,11' background '#ffffff'\n";
}

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::stringstream ss(path ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (dir.empty()) continue;
    std::string candidate = dir + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return "";
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string plot_script(const Plot& p, const fs::path& svg) {
  return "reset\n" + terminal(p) + "set output " + gp_quote(svg.string()) + "\n" + p.data +
         p.commands + "unset output\n";
}

// Runs gnuplot on `script`; returns its stderr.
std::string run_gnuplot(const std::string& program, const fs::path& dir, const std::string& name,
                        const std::string& script) {
  fs::path gp = dir / (name + ".gp"), err = dir / (name + ".err");
  std::ofstream(gp) << kPrelude << script;
  launcher::run_child({program, gp.string()}, {}, (dir / (name + ".out")).string(), err.string());
  return read_file(err);
}

bool complete_svg(const std::string& s) {
  return s.find("</svg>") != std::string::npos;
}

// The last line of gnuplot's message, which names the problem ("line 12: undefined variable").
std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t pos = s.find(from); pos != std::string::npos;
       pos = s.find(from, pos + to.size()))
    s.replace(pos, from.size(), to);
}

}  // namespace

std::string gnuplot_program() {
  const char* env = std::getenv("METRON_GNUPLOT");
  return env && *env ? env : "gnuplot";
}

std::string inline_svg(const std::string& svg, const std::string& prefix,
                       const std::string& title) {
  std::string s = svg;
  auto start = s.find("<svg");
  if (start != std::string::npos) s.erase(0, start);
  // gnuplot names its markers and filters the same in every file (gpPt0, textbox, ...).
  replace_all(s, "id='", "id='" + prefix);
  replace_all(s, "id=\"", "id=\"" + prefix);
  replace_all(s, "href='#", "href='#" + prefix);
  replace_all(s, "href=\"#", "href=\"#" + prefix);
  replace_all(s, "url(#", "url(#" + prefix);
  auto t0 = s.find("<title>"), t1 = s.find("</title>");
  if (t0 != std::string::npos && t1 != std::string::npos && t1 > t0)
    s.replace(t0 + 7, t1 - t0 - 7, html_escape(title));
  replace_all(s, "<svg ", "<svg class=\"plot\" role=\"img\" ");
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

RenderOutcome render_plots(std::vector<Plot>& plots, const std::string& program) {
  RenderOutcome o;
  o.tool = program;
  std::string exe = find_program(program);
  o.tool_found = !exe.empty();
  if (!o.tool_found) {
    for (auto& p : plots) p.error = message_text(DiagId::report_no_program, program);
    return o;
  }
  if (plots.empty()) return o;
  std::string tmpl = (fs::temp_directory_path() / "metron-report-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) {
    for (auto& p : plots) p.error = message_text(DiagId::report_no_temp_folder);
    return o;
  }
  fs::path dir(tmpl);
  auto svg_path = [&](std::size_t i) { return dir / (std::to_string(i) + ".svg"); };
  std::string all;
  for (std::size_t i = 0; i < plots.size(); ++i) all += plot_script(plots[i], svg_path(i));
  std::string err = run_gnuplot(exe, dir, "all", all);
  for (std::size_t i = 0; i < plots.size(); ++i) {
    std::string svg = read_file(svg_path(i));
    if (!complete_svg(svg)) {
      // gnuplot stops at the first error: draw the remaining plots one at a time.
      err = run_gnuplot(exe, dir, std::to_string(i), plot_script(plots[i], svg_path(i)));
      svg = read_file(svg_path(i));
    }
    if (complete_svg(svg)) {
      plots[i].svg = svg;
      ++o.drawn;
    } else {
      plots[i].error = message_text(DiagId::report_gnuplot_failed, last_line(err));
    }
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  return o;
}

}  // namespace metron::report
