// Mutation fuzzer for the readers of results folders: what `analyze`, `compare`, `report` and
// `replay` read (manifest.json, summary.csv, raw.csv) and what `run --resume` reads and merges
// (the run manifest, each launch folder: its manifest, summary.csv and raw.csv), in process, for
// a bounded time. Two kinds of input alternate:
//   - random mutants (bytes, or one JSON value of another type) of a recorded exec folder, run
//     folder and launch folder (tests/fuzz/results_corpus): an escaping exception, a crash or an
//     input that takes longer than the per-input limit is a failure;
//   - planted corruptions that a strict reader can detect (a row doubled, deleted or cut short,
//     a field dropped, a negative median, a launch id of 10^23, a NUL byte, a launch folder of
//     another seed, a run manifest whose order is not a permutation, ...): the reader that must
//     see it accepting the folder is a failure (a silent acceptance).
// A failing input's folder is kept as fuzz-failure/, so that `metron analyze fuzz-failure` (or
// `run --resume`) reproduces it.
//
//   results_fuzz [--seconds S] [--seed N] [--per-input-limit S] [--abort-on-exception] CORPUS_DIR
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/analysis/analyze_folder.h"
#include "runtime/analysis/compare.h"
#include "runtime/analysis/csv_table.h"
#include "runtime/analysis/environment_diff.h"
#include "runtime/analysis/launch_samples.h"
#include "runtime/analysis/results_data.h"
#include "runtime/launcher/launch_check.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/replay.h"
#include "runtime/launcher/resume_checks.h"
#include "runtime/launcher/run_manifest_check.h"
#include "runtime/output/json_file.h"
#include "runtime/report/report_input.h"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

fs::path g_scratch;  // the folder of the input being read

// Crash or hang: keep the input folder, then die with the original signal (not
// async-signal-safe in theory; the process is about to die anyway).
extern "C" void on_fatal(int sig) {
  std::error_code ec;
  fs::remove_all("fuzz-failure", ec);
  fs::rename(g_scratch, "fuzz-failure", ec);
  const char* what =
      sig == SIGALRM ? "input took longer than the per-input limit" : "crash (fatal signal)";
  std::fprintf(stderr, "results_fuzz: %s; input kept in fuzz-failure/\n", what);
  std::signal(sig == SIGALRM ? SIGABRT : sig, SIG_DFL);
  std::raise(sig == SIGALRM ? SIGABRT : sig);
}

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// Tokens of the two formats and the edge cases of their values.
const std::vector<std::string> kDictionary = {",",
                                              "\"",
                                              "\"\"",
                                              "\n",
                                              "\r\n",
                                              "{",
                                              "}",
                                              "[",
                                              "]",
                                              ":",
                                              "null",
                                              "true",
                                              "false",
                                              "nan",
                                              "-nan",
                                              "inf",
                                              "-inf",
                                              "1e999",
                                              "-0",
                                              "-1",
                                              "0",
                                              "1e-320",
                                              "9223372036854775807",
                                              "-9223372036854775808",
                                              "18446744073709551616",
                                              "abc",
                                              "\xff",
                                              "\xc3\xa9",
                                              "\"status\": \"running\"",
                                              "\"design\": {}",
                                              "\"factors\": 1",
                                              "error"};

// Structure-aware: one value somewhere in the JSON tree becomes another type or edge value, or
// a key disappears; reaches the readers' type assumptions that byte mutations rarely keep
// parseable.
std::string mutate_json(const std::string& text, std::mt19937_64& rng) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return text;
  // Members by depth: a depth is drawn first, so that the few top-level values the readers
  // look at are hit as often as the many leaves below them.
  struct Member {
    json* parent;  // an object or an array
    std::string key;
    std::size_t index;
  };
  std::vector<std::vector<Member>> by_depth;
  std::vector<std::pair<json*, std::size_t>> todo = {{&j, 0}};
  while (!todo.empty()) {
    auto [n, depth] = todo.back();
    todo.pop_back();
    if (!n->is_structured()) continue;
    if (by_depth.size() <= depth) by_depth.resize(depth + 1);
    std::size_t i = 0;
    for (auto it = n->begin(); it != n->end(); ++it, ++i) {
      by_depth[depth].push_back({n, n->is_object() ? it.key() : std::string(), i});
      todo.push_back({&it.value(), depth + 1});
    }
  }
  std::erase_if(by_depth, [](const auto& v) { return v.empty(); });
  if (by_depth.empty()) return text;
  const auto& level = by_depth[rng() % by_depth.size()];
  const Member& m = level[rng() % level.size()];
  json& target = m.parent->is_object() ? (*m.parent)[m.key] : (*m.parent)[m.index];
  const json replacements[] = {nullptr,
                               "x",
                               "",
                               -1,
                               0,
                               json(9223372036854775807LL),
                               json(18446744073709551615ULL),
                               1e308,
                               -0.5,
                               true,
                               json::array(),
                               json::array({1, "a", nullptr}),
                               json::object(),
                               json::object({{"name", 1}})};
  if (rng() % 4 == 0 && m.parent->is_object())
    m.parent->erase(m.key);
  else
    target = replacements[rng() % std::size(replacements)];
  return j.dump(1);
}

std::string mutate_bytes(std::string s, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : std::size_t(rng() % n); };
  int rounds = 1 + static_cast<int>(rng() % 6);
  for (int r = 0; r < rounds; ++r) {
    std::size_t at = pick(s.size() + 1);
    switch (rng() % 6) {
      case 0:  // flip a bit
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << (rng() % 8));
        break;
      case 1:  // delete a run (a row cut short)
        if (!s.empty()) s.erase(at > 0 ? at - 1 : 0, 1 + pick(40));
        break;
      case 2:  // insert a token
        s.insert(at, kDictionary[pick(kDictionary.size())]);
        break;
      case 3: {  // duplicate a chunk (a row twice)
        std::size_t len = pick(200) + 1, from = pick(s.size() + 1);
        s.insert(at, s.substr(from, len));
        break;
      }
      case 4:  // truncate (a file cut by a kill)
        s.resize(at);
        break;
      default: {  // replace a cell: the text between two commas
        std::size_t a = s.find(',', at), b = a == std::string::npos ? a : s.find(',', a + 1);
        if (b != std::string::npos)
          s.replace(a + 1, b - a - 1, kDictionary[pick(kDictionary.size())]);
      }
    }
  }
  return s;
}

struct Corpus {
  std::map<std::string, std::string> files;  // name in results_corpus -> text
  std::optional<metron::analysis::ResultsData> exec_ref, run_ref;
};

const char* const kCorpusFiles[] = {"exec_manifest.json", "exec_summary.csv",  "exec_raw.csv",
                                    "run_manifest.json",  "run_summary.csv",   "run_raw.csv",
                                    "launch_raw.csv",     "launch_summary.csv"};

std::string mutant(const Corpus& c, const std::string& name, bool json_file, bool mutate,
                   std::mt19937_64& rng) {
  const std::string& text = c.files.at(name);
  if (!mutate) return text;
  if (json_file && rng() % 2) return mutate_json(text, rng);
  return mutate_bytes(text, rng);
}

namespace an = metron::analysis;
namespace ln = metron::launcher;

// The identity a launch folder made from the corpus's exec manifest has in its run.
ln::LaunchIdentity corpus_identity(const Corpus& c) {
  const json m = json::parse(c.files.at("exec_manifest.json"));
  ln::LaunchIdentity id;
  id.id = m["launch"]["id"].get<std::int64_t>();
  id.np = m["np"].get<int>();
  for (const auto& [k, v] : m["launch"]["levels"].items())
    id.levels.emplace_back(k, std::stoul(v.get<std::string>()));
  id.seed = m["seed"].get<std::uint64_t>();
  for (const auto& f : m["script"]["files"]) id.script_sha256.push_back(f["sha256"]);
  std::sort(id.script_sha256.begin(), id.script_sha256.end());
  return id;
}

// The folder in one of three shapes: 0 an exec folder, 1 a run folder (with its launches'
// manifests), 2 a run's launch folder (launches/0, beside an intact launches/1) to be merged.
void write_shape(const Corpus& c, int shape, const std::map<std::string, std::string>& text) {
  fs::remove_all(g_scratch);
  fs::create_directories(g_scratch / "launches" / "0");
  auto get = [&](const std::string& name) {
    auto it = text.find(name);
    return it != text.end() ? it->second : c.files.at(name);
  };
  if (shape == 2) {
    fs::create_directories(g_scratch / "launches" / "1");
    for (const char* d : {"launches/0/", "launches/1/"}) {
      const bool damaged = d[9] == '0';
      write_text(g_scratch / (std::string(d) + "manifest.json"),
                 damaged ? get("exec_manifest.json") : c.files.at("exec_manifest.json"));
      write_text(g_scratch / (std::string(d) + "summary.csv"),
                 damaged ? get("launch_summary.csv") : c.files.at("launch_summary.csv"));
      write_text(g_scratch / (std::string(d) + "raw.csv"),
                 damaged ? get("launch_raw.csv") : c.files.at("launch_raw.csv"));
    }
    return;
  }
  const std::string k = shape == 1 ? "run_" : "exec_";
  write_text(g_scratch / "manifest.json", get(k + "manifest.json"));
  write_text(g_scratch / "summary.csv", get(k + "summary.csv"));
  if (text.count(k + "raw.csv") == 0 || !text.at(k + "raw.csv").empty() || k == "exec_")
    write_text(g_scratch / "raw.csv", get(k + "raw.csv"));
  if (shape == 1)  // the run manifest lists launches 0 to 3; each has its manifest
    for (const char* d : {"launches/0", "launches/1", "launches/2", "launches/3"}) {
      fs::create_directories(g_scratch / d);
      write_text(g_scratch / d / "manifest.json", get("exec_manifest.json"));
    }
}

// What each command reads of a folder of shape 0 or 1; true when every reader accepted it.
bool read_folder(const Corpus& c, bool run) {
  std::string err;
  an::CompareOptions co;
  an::AnalyzeOptions ao;
  ao.print = false;
  const bool analyzed = an::analyze_folder(g_scratch.string(), ao, err) == 0;
  auto d = an::load_results(g_scratch.string(), err);
  const auto& ref = run ? c.run_ref : c.exec_ref;
  if (d && ref) {
    std::size_t unmatched = 0;
    auto cs = an::compare_results(*ref, *d, co, &unmatched);
    an::comparison_table(cs, co, "a", "b");
    an::verdict_table(cs, co);
    an::compare_levels(*d, "mode", co, err);
    an::CompareOptions paired = co;
    paired.pairs = {{"Synthetic", "Synthetic"}};
    an::compare_paired_ops(*d, paired, err);
  }
  an::environment_differences(an::folder_system(g_scratch.string()),
                              an::folder_system(g_scratch.string()));
  metron::report::ReportRequest rr;
  rr.dir = g_scratch.string();
  const bool reported = metron::report::load_report_input(rr, err).has_value();
  // replay: what it reads of the recording before it runs anything
  ln::read_recording(g_scratch.string(), err);
  // run --resume: the run manifest, the script copies (restored into the scratch folder)
  if (auto m = metron::out::read_json_file(g_scratch / "manifest.json"))
    if (ln::run_manifest_damage(*m).empty() && run) ln::checked_script_copies(g_scratch, *m, err);
  return analyzed && d.has_value() && reported;
}

// A launch folder of shape 2 as the merge reads it; true when it was accepted.
bool read_launch(const Corpus& c) {
  const ln::LaunchIdentity id = corpus_identity(c);
  std::string err;
  const bool fit = ln::check_launch_folder((g_scratch / "launches/0").string(), &id).empty();
  std::vector<ln::MergeSource> sources(2);
  for (int i = 0; i < 2; ++i) {
    sources[i].dir = (g_scratch / "launches" / std::to_string(i)).string();
    sources[i].launch = i;
    sources[i].factors = {{"mode", i ? "b" : "a"}};
  }
  for (const char* f : {"raw.csv", "summary.csv"})
    ln::merge_csv(sources, {"mode"}, f, g_scratch.string(), err);
  return fit;
}

// One random input: a mutant folder, read the ways the commands read it.
void check_one(const Corpus& c, std::mt19937_64& rng) {
  const int shape = static_cast<int>(rng() % 3);
  const unsigned which = 1u + static_cast<unsigned>(rng() % 7);  // mutated files: at least one
  std::map<std::string, std::string> text;
  if (shape == 2) {
    text["launch_raw.csv"] = mutant(c, "launch_raw.csv", false, which & 1, rng);
    text["launch_summary.csv"] = mutant(c, "launch_summary.csv", false, which & 2, rng);
    text["exec_manifest.json"] = mutant(c, "exec_manifest.json", true, which & 4, rng);
    write_shape(c, shape, text);
    read_launch(c);
    return;
  }
  const std::string k = shape == 1 ? "run_" : "exec_";
  text[k + "manifest.json"] = mutant(c, k + "manifest.json", true, which & 1, rng);
  text[k + "summary.csv"] = mutant(c, k + "summary.csv", false, which & 2, rng);
  text[k + "raw.csv"] = mutant(c, k + "raw.csv", false, which & 4, rng);
  if (shape == 1)
    text["exec_manifest.json"] = mutant(c, "exec_manifest.json", true, rng() % 2, rng);
  write_shape(c, shape, text);
  read_folder(c, shape == 1);
}

// --- planted corruptions ------------------------------------------------------------------------

std::vector<std::string> lines_of(const std::string& t) {
  std::vector<std::string> out;
  std::stringstream in(t);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string t;
  for (const auto& l : lines) t += l + "\n";
  return t;
}

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> out(1);
  for (char ch : line) {
    if (ch == ',')
      out.emplace_back();
    else
      out.back().push_back(ch);
  }
  return out;
}

std::string line_of(const std::vector<std::string>& cells) {
  std::string t;
  for (std::size_t i = 0; i < cells.size(); ++i) t += (i ? "," : "") + cells[i];
  return t;
}

// Sets column `name` of data line `row` (1-based among the data lines) to `value`.
std::string with_cell(const std::string& csv, std::size_t row, const std::string& name,
                      const std::string& value) {
  auto lines = lines_of(csv);
  const auto header = cells_of(lines[0]);
  const auto col = std::find(header.begin(), header.end(), name) - header.begin();
  auto cells = cells_of(lines[row]);
  cells[static_cast<std::size_t>(col)] = value;
  lines[row] = line_of(cells);
  return joined(lines);
}

// A corruption of a CSV file that a strict reader detects; `name` says which.
std::string planted_csv(const std::string& csv, bool summary, std::mt19937_64& rng,
                        std::string& name) {
  auto lines = lines_of(csv);
  const std::size_t rows = lines.size() - 1;
  const std::size_t r = 1 + rng() % rows;
  const int kinds = summary ? 13 : 6;
  switch (static_cast<int>(rng() % kinds)) {
    case 0:
      name = "a row doubled";
      lines.insert(lines.begin() + static_cast<long>(r), lines[r]);
      return joined(lines);
    case 1:
      name = "a row deleted";
      lines.erase(lines.begin() + static_cast<long>(r));
      return joined(lines);
    case 2: {
      name = "a field dropped";
      auto cells = cells_of(lines[r]);
      cells.erase(cells.begin() + static_cast<long>(rng() % cells.size()));
      lines[r] = line_of(cells);
      return joined(lines);
    }
    case 3: {
      name = "the file cut inside its last row";
      const std::string t = joined(lines);
      return t.substr(0, t.size() - 1 - rng() % lines.back().size());
    }
    case 4: {
      name = "a NUL byte";
      lines[r].insert(rng() % (lines[r].size() + 1), 1, '\0');
      return joined(lines);
    }
    case 5:
      name = summary ? "bytes that are not UTF-8" : "an extra field";
      if (summary) lines[r].insert(rng() % (lines[r].size() + 1), "\xff");
      if (!summary) lines[r] += ",1";
      return joined(lines);
    case 6:
      name = "the file cut inside its header";
      return lines[0].substr(0, 1 + rng() % (lines[0].size() - 1));
    case 7:
      name = "a negative median";
      return with_cell(csv, r, "median_s", "-1");
    case 8:
      name = "a median above the maximum";
      return with_cell(csv, r, "median_s", "1");
    case 9:
      name = "a launch id of 10^23";
      return with_cell(csv, r, "launch", "100000000000000000000000");
    case 10:
      name = "a header without rows";
      return lines[0] + "\n";
    case 11:
      name = "a count that is not whole";
      return with_cell(csv, r, "n", "5.5");
    default:
      name = "an extra field";
      lines[r] += ",1";
      return joined(lines);
  }
}

// A run manifest that --resume must refuse.
std::string planted_run_manifest(const std::string& text, std::mt19937_64& rng, std::string& name) {
  json m = json::parse(text);
  switch (rng() % 10) {
    case 0:
      name = "order \"x\"";
      m["order"] = "x";
      break;
    case 1:
      name = "no design";
      m.erase("design");
      break;
    case 2:
      name = "np \"two\"";
      m["design"]["np"] = "two";
      break;
    case 3:
      name = "seed -1";
      m["seed"] = -1;
      break;
    case 4:
      name = "retries 1e15";
      m["limits"]["retries"] = 1e15;
      break;
    case 5:
      name = "launch_timeout_s \"abc\"";
      m["limits"]["launch_timeout_s"] = "abc";
      break;
    case 6:
      name = "script.copy outside the folder";
      m["script"]["copy"] = "../../../../etc/hostname";
      break;
    case 7:
      name = "replicates 10^12";
      m["design"]["replicates"] = 1000000000000LL;
      break;
    case 8:
      name = "an order with a launch twice";
      m["order"][0] = m["order"][1];
      break;
    default:
      name = "launches not a list";
      m["launches"] = json::object();
  }
  return m.dump(1);
}

// A launch manifest of another launch, seed or script.
std::string planted_identity(const std::string& text, std::mt19937_64& rng, std::string& name) {
  json m = json::parse(text);
  switch (rng() % 4) {
    case 0:
      name = "another seed";
      m["seed"] = m["seed"].get<std::uint64_t>() + 1;
      break;
    case 1:
      name = "another launch id";
      m["launch"]["id"] = m["launch"]["id"].get<std::int64_t>() + 1;
      break;
    case 2:
      name = "another level";
      for (auto& [k, v] : m["launch"]["levels"].items()) v = "1";
      break;
    default:
      name = "another script";
      m["script"]["files"][0]["sha256"] = std::string(64, '0');
  }
  return m.dump(1);
}

// One planted input; returns the corruption's name when a reader accepted it (else "").
std::string check_planted(const Corpus& c, std::mt19937_64& rng, std::map<std::string, int>& n) {
  const int shape = static_cast<int>(rng() % 4);  // 3: the run manifest of --resume
  std::map<std::string, std::string> text;
  std::string name;
  if (shape == 3) {
    const std::string m = planted_run_manifest(c.files.at("run_manifest.json"), rng, name);
    ++n["run manifest: " + name];
    write_shape(c, 1, {{"run_manifest.json", m}});
    return ln::run_manifest_damage(json::parse(m)).empty() ? "run manifest: " + name : "";
  }
  const std::string k = shape == 2 ? "launch_" : shape == 1 ? "run_" : "exec_";
  const int target = static_cast<int>(rng() % (shape == 2 ? 4 : 3));
  std::string where;
  if (target == 0) {
    text[k + "summary.csv"] = planted_csv(c.files.at(k + "summary.csv"), true, rng, name);
    where = "summary.csv";
  } else if (target == 1) {
    text[k + "raw.csv"] = planted_csv(c.files.at(k + "raw.csv"), false, rng, name);
    where = "raw.csv";
  } else if (target == 2 && shape != 2) {
    const std::string m = c.files.at(k + "manifest.json");
    json j = json::parse(m);
    if (rng() % 2) {
      name = "the manifest cut short";
      text[k + "manifest.json"] = m.substr(0, m.size() / 2);
    } else if (shape == 1) {
      name = "a summary row count the file does not have";
      j["merged"]["summary_rows"] = j["merged"]["summary_rows"].get<int>() + 1;
      text[k + "manifest.json"] = j.dump(1);
    } else {
      name = "a job the summary does not have";
      j["jobs"].push_back(j["jobs"].back());
      text[k + "manifest.json"] = j.dump(1);
    }
    where = "manifest.json";
  } else {
    text["exec_manifest.json"] = planted_identity(c.files.at("exec_manifest.json"), rng, name);
    where = "launch manifest";
  }
  const std::string what = std::string(shape == 0   ? "exec"
                                       : shape == 1 ? "run"
                                                    : "launch") +
                           " " + where + ": " + name;
  ++n[what];
  write_shape(c, shape, text);
  const bool accepted = shape == 2 ? read_launch(c) : read_folder(c, shape == 1);
  return accepted ? what : "";
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 20, per_input = 10;
  std::uint64_t seed = 1;
  fs::path corpus_dir;
  bool abort_on_exception = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc)
      seconds = std::stod(argv[++i]);
    else if (a == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (a == "--per-input-limit" && i + 1 < argc)
      per_input = std::stod(argv[++i]);
    else if (a == "--abort-on-exception")  // under gdb: the stack of the throw
      abort_on_exception = true;
    else
      corpus_dir = a;
  }
  Corpus c;
  for (const char* name : kCorpusFiles) {
    if (!fs::is_regular_file(corpus_dir / name)) {
      std::fprintf(stderr,
                   "usage: results_fuzz [--seconds S] [--seed N] CORPUS_DIR (no %s in '%s')\n",
                   name, corpus_dir.c_str());
      return 64;
    }
    c.files[name] = read_text(corpus_dir / name);
  }
  g_scratch = fs::absolute("results-fuzz-input");
  // The intact folders, read once: the partners of every comparison.
  std::string err;
  for (bool run : {false, true}) {
    fs::remove_all(g_scratch);
    fs::create_directories(g_scratch);
    write_text(g_scratch / "manifest.json",
               c.files[run ? "run_manifest.json" : "exec_manifest.json"]);
    write_text(g_scratch / "summary.csv", c.files[run ? "run_summary.csv" : "exec_summary.csv"]);
    (run ? c.run_ref : c.exec_ref) = metron::analysis::load_results(g_scratch.string(), err);
    if (!(run ? c.run_ref : c.exec_ref)) {
      std::fprintf(stderr, "results_fuzz: the intact corpus does not load: %s\n", err.c_str());
      return 1;
    }
  }
  // Every reader accepts the intact folders: else a refused corruption would prove nothing.
  for (int shape : {0, 1, 2}) {
    write_shape(c, shape, {});
    if (!(shape == 2 ? read_launch(c) : read_folder(c, shape == 1))) {
      std::fprintf(stderr, "results_fuzz: a reader refuses the intact corpus (shape %d)\n", shape);
      return 1;
    }
  }
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGALRM}) std::signal(sig, on_fatal);
  std::mt19937_64 rng(seed);
  const auto start = std::chrono::steady_clock::now();
  std::size_t runs = 0;
  std::map<std::string, int> planted;  // corruption -> inputs
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  for (; elapsed() < seconds; ++runs) {
    ::alarm(static_cast<unsigned>(per_input));
    // Even inputs are random mutants, odd ones planted corruptions.
    if (abort_on_exception) {
      if (runs % 2 == 0) check_one(c, rng);
      if (runs % 2 == 1) check_planted(c, rng, planted);
      continue;
    }
    try {
      if (runs % 2 == 0) check_one(c, rng);
      const std::string accepted = runs % 2 == 1 ? check_planted(c, rng, planted) : "";
      if (!accepted.empty()) {
        fs::remove_all("fuzz-failure");
        fs::rename(g_scratch, "fuzz-failure");
        std::fprintf(
            stderr,
            "results_fuzz: a planted corruption was accepted (%s); input kept in fuzz-failure/\n",
            accepted.c_str());
        return 1;
      }
    } catch (const std::exception& e) {
      fs::remove_all("fuzz-failure");
      fs::rename(g_scratch, "fuzz-failure");
      std::fprintf(stderr, "results_fuzz: exception '%s'; input kept in fuzz-failure/\n", e.what());
      return 1;
    }
    ::alarm(0);
  }
  fs::remove_all(g_scratch);
  int corruptions = 0;
  for (const auto& [what, count] : planted) corruptions += count;
  std::printf(
      "results_fuzz: %zu inputs in %.1f s (seed %llu), no failure; %d planted corruptions of %zu "
      "kinds, every one refused\n",
      runs, elapsed(), static_cast<unsigned long long>(seed), corruptions, planted.size());
  return 0;
}
