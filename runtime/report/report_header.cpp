// Report header (see report_header.h).
#include "runtime/report/report_header.h"

#include <set>

#include "runtime/analysis/simulated_folder.h"
#include "runtime/report/text_format.h"

namespace metron::report {

using nlohmann::json;

namespace {

std::string text_of(const json& j, const char* key) {
  if (!j.is_object() || !j.contains(key) || j[key].is_null()) return "";
  return j[key].is_string() ? j[key].get<std::string>() : j[key].dump();
}

std::string first_lines(const std::string& s, int n) {
  std::string out;
  std::size_t pos = 0;
  for (int i = 0; i < n && pos < s.size(); ++i) {
    auto nl = s.find('\n', pos);
    std::string line = s.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    out += (out.empty() ? "" : "; ") + line;
    if (nl == std::string::npos) break;
    pos = nl + 1;
  }
  for (auto& c : out)
    if (c == '\t') c = ' ';
  return out;
}

std::string row(const std::string& name, const std::string& html_value) {
  return "<tr><th>" + html_escape(name) + "</th><td>" + html_value + "</td></tr>\n";
}

std::string code(const std::string& s) {
  return "<code>" + html_escape(s) + "</code>";
}

std::string script_html(const json& manifest) {
  if (!manifest.is_object() || !manifest.contains("script")) return "(not recorded)";
  const json& s = manifest["script"];
  std::string h = code(text_of(s, "path")) + " sha256 " + code(text_of(s, "sha256"));
  if (s.contains("files") && s["files"].is_array())
    for (const auto& f : s["files"]) {
      h += "<details><summary>" + html_escape(text_of(f, "name")) + " (sha256 " +
           html_escape(text_of(f, "sha256").substr(0, 12)) + "...)</summary><pre>" +
           html_escape(text_of(f, "text")) + "</pre></details>";
    }
  return h;
}

std::string machine_html(const json& sys) {
  if (!sys.is_object()) return "(not recorded)";
  std::string h = html_escape(text_of(sys, "host")) + ", " +
                  html_escape(text_of(sys, "cpu_model")) + ", " +
                  html_escape(text_of(sys, "cores_online")) + " cores online";
  if (sys.contains("processor_names") && sys["processor_names"].is_array()) {
    std::set<std::string> names;
    for (const auto& n : sys["processor_names"])
      names.insert(n.is_string() ? n.get<std::string>() : n.dump());
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    h += "; ranks on " + html_escape(list);
  }
  h += "; pinned: " + html_escape(text_of(sys, "pinned"));
  if (sys.contains("compiler")) h += "; Metron built with " + html_escape(text_of(sys, "compiler"));
  return h;
}

std::string mpi_html(const json& sys) {
  if (!sys.is_object()) return "(not recorded)";
  std::string v = text_of(sys, "mpi_library_version");
  std::string h = html_escape(first_lines(v, 1));
  for (const std::string key : {"Device:", "device"}) {
    auto p = v.find(key);
    if (p != std::string::npos) {
      auto nl = v.find('\n', p);
      std::string d = v.substr(p, nl == std::string::npos ? std::string::npos : nl - p);
      for (auto& c : d)
        if (c == '\t') c = ' ';
      h += ", " + html_escape(d);
      break;
    }
  }
  h += "; MPI standard " + html_escape(text_of(sys, "mpi_standard_version"));
  h += "<details><summary>full version string</summary><pre>" + html_escape(v) + "</pre></details>";
  return h;
}

std::string environment_html(const json& sys) {
  if (!sys.is_object() || !sys.contains("environment") || !sys["environment"].is_object() ||
      sys["environment"].empty())
    return "(no MPI-related variables recorded)";
  std::string h;
  for (const auto& [k, v] : sys["environment"].items())
    h += (h.empty() ? "" : "<br>") +
         code(k + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
  return h;
}

// A simulated folder's first row: its times are a model's, not measurements.
std::string simulated_html(const json& launch, const std::string& tag) {
  if (!analysis::manifest_simulated(launch)) return "";
  std::string platform = "(not recorded)";
  if (launch.contains("simulation") && launch["simulation"].is_object())
    platform = text_of(launch["simulation"], "platform");
  return row("SIMULATED" + tag, "times are SimGrid SMPI's model of platform " + code(platform) +
                                    ", not measurements (docs/simulation.md)");
}

std::string design_html(const ResultsView& v) {
  const json& m = v.data.manifest;
  std::string h;
  if (v.data.is_run && m.contains("design")) {
    const json& d = m["design"];
    h += html_escape(text_of(d, "np")) + " ranks, " + html_escape(text_of(d, "replicates")) +
         " replicate(s)";
    for (const auto& f : d.value("factors", json::array())) {
      h += "; factor " + code(text_of(f, "name"));
      if (f.contains("env") && f["env"].is_string())
        h += " (as env " + code(text_of(f, "env")) + ")";
      std::string levels;
      for (const auto& l : f.value("levels", json::array()))
        levels += (levels.empty() ? "" : ", ") + (l.is_string() ? l.get<std::string>() : l.dump());
      h += " in [" + html_escape(levels) + "]";
    }
  } else if (m.is_object()) {
    h += html_escape(text_of(m, "np")) + " ranks";
  }
  h += "; " + std::to_string(v.data.launches) + " launch(es) in summary.csv, " +
       std::to_string(v.data.jobs.size()) + " jobs";
  if (v.data.skipped_rows > 0)
    h += ", " + std::to_string(v.data.skipped_rows) + " failed job rows left out";
  return h;
}

}  // namespace

std::string shell_word(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_./=:,+@%") == std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

// The replay of an exec folder whose script has no file: `metron replay DIR`, and for `metron
// quick` its command line as recorded (without --out and --seed, which are given anew).
std::string replay_of_unnamed(const json& m, const std::string& dir, const std::string& script,
                              const std::string& seed) {
  std::string c = "metron replay " + shell_word(dir);
  const json& argv = m.value("command", json::array());
  if (script != "<quick>" || !argv.is_array() || argv.size() < 2) return c;
  std::string quick = "mpiexec -n " + text_of(m, "np") + " metron";
  for (std::size_t i = 1; i < argv.size(); ++i) {
    const std::string a = argv[i].is_string() ? argv[i].get<std::string>() : argv[i].dump();
    if (a == "--out" || a == "--seed") {
      ++i;  // and its value
      continue;
    }
    if (a.rfind("--out=", 0) == 0 || a.rfind("--seed=", 0) == 0) continue;
    quick += " " + shell_word(a);
  }
  return c + "\n# the same by hand:\n" + quick + " --seed " + seed + " --out NEW_FOLDER";
}

}  // namespace

std::string replay_command(const ReportInput& in) {
  const std::string& dir = in.request.dir;
  if (in.kind == ReportKind::Comparison) {
    std::string c = "metron compare " + shell_word(dir) + " " + shell_word(in.request.dir_b);
    return c;
  }
  if (!in.main) return "";
  const json& m = in.main->data.manifest;
  if (!m.is_object()) return "";
  std::string seed = text_of(m, "seed");
  if (in.main->data.is_run) {
    const json& d = m.value("design", json::object());
    std::string copy = m.contains("script") ? text_of(m["script"], "copy") : "";
    std::string c = "metron replay " + shell_word(dir) + "\n# the same by hand:\nmetron run " +
                    shell_word(dir + "/" + copy) + " --seed " + seed + " --np " + text_of(d, "np") +
                    " --replicates " + text_of(d, "replicates");
    std::string launcher = text_of(m, "launcher");
    if (!launcher.empty()) c += " --launcher " + shell_word(launcher);
    return c + " --out NEW_FOLDER";
  }
  std::string script = m.contains("script") ? text_of(m["script"], "path") : "";
  // A script without a file (<quick>, <command-line>, <stdin>) is in the manifest only: replay
  // reads it from there; quick's own command line runs it again too.
  if (!script.empty() && script[0] == '<') return replay_of_unnamed(m, dir, script, seed);
  std::string c =
      "mpiexec -n " + text_of(m, "np") + " metron exec " + shell_word(script) + " --seed " + seed;
  if (m.contains("launch") && m["launch"].contains("levels") && m["launch"]["levels"].is_object() &&
      !m["launch"]["levels"].empty()) {
    std::string levels;
    for (const auto& [k, v] : m["launch"]["levels"].items())
      levels +=
          (levels.empty() ? "" : ",") + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
    c += " --levels " + shell_word(levels);
  }
  return c + " --out NEW_FOLDER";
}

std::string header_html(const ReportInput& in) {
  std::string h = "<section id=\"header\">\n<table class=\"header\">\n";
  h += row("report of", html_escape(report_kind_name(in.kind)) + ": " + code(in.request.dir) +
                            (in.request.dir_b.empty() ? "" : " vs " + code(in.request.dir_b)));
  if (!in.request.comparison_what.empty())
    h += row("comparison", html_escape(in.request.comparison_what));
  std::vector<const ResultsView*> views;
  if (in.main) views.push_back(&*in.main);
  if (in.other) views.push_back(&*in.other);
  for (const ResultsView* v : views) {
    std::string tag = views.size() > 1 ? " (" + v->label + ")" : "";
    const json& m = v->data.manifest;
    const json& sys = system_of(*v);
    h += simulated_html(m.contains("simulated") ? m : v->launch_manifest, tag);
    h += row("script" + tag, script_html(m));
    h += row("design" + tag, design_html(*v));
    h += row("seed" + tag, code(text_of(m, "seed")));
    h += row("machine" + tag, machine_html(sys));
    h += row("MPI library" + tag, mpi_html(sys));
    h +=
        row("environment" + tag + (v->data.is_run ? " (first launch)" : ""), environment_html(sys));
    if (m.is_object() && m.contains("metron"))
      h += row("Metron" + tag, html_escape(text_of(m["metron"], "version")) + " (commit " +
                                   html_escape(text_of(m["metron"], "git_commit")) + ")");
    h += row("status" + tag, html_escape(text_of(m, "status")) + ", " +
                                 html_escape(text_of(m, "started_at")) + " to " +
                                 html_escape(text_of(m, "finished_at")));
    if (v->launch_manifest.is_object() && v->launch_manifest.contains("timers"))
      h += row("timers" + tag, "<details><summary>resolution, overhead, frequency</summary><pre>" +
                                   html_escape(v->launch_manifest["timers"].dump(1)) +
                                   "</pre></details>");
  }
  if (!in.environment_between.empty()) {
    std::string d;
    for (const auto& line : in.environment_differences)
      d += (d.empty() ? "" : "<br>") + html_escape(line);
    h += row("environment differences",
             html_escape(in.environment_between) + ": " + (d.empty() ? "none" : "<br>" + d));
  }
  std::string cmd = replay_command(in);
  if (!cmd.empty()) h += row("replay with", "<pre class=\"cmd\">" + html_escape(cmd) + "</pre>");
  h += "</table>\n</section>\n";
  return h;
}

}  // namespace metron::report
