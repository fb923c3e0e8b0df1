// Mutation fuzzer for the readers of results folders: what `analyze`, `compare` and `replay`
// read (manifest.json, summary.csv) and what `run --resume` merges (a killed launch's raw.csv
// and summary.csv), in process, for a bounded time. Mutants of a recorded exec folder and run
// folder (tests/fuzz/results_corpus) are written to a scratch folder and read back; an escaping
// exception, a crash or an input that takes longer than the per-input limit is a failure, and
// the folder is kept as fuzz-failure/ so that `metron analyze fuzz-failure` reproduces it.
//
//   results_fuzz [--seconds S] [--seed N] [--per-input-limit S] [--abort-on-exception] CORPUS_DIR
#include <unistd.h>

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
#include "runtime/analysis/results_data.h"
#include "runtime/launcher/merge.h"
#include "runtime/launcher/replay.h"

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

std::string mutant(const Corpus& c, const std::string& name, bool json_file, bool mutate,
                   std::mt19937_64& rng) {
  const std::string& text = c.files.at(name);
  if (!mutate) return text;
  if (json_file && rng() % 2) return mutate_json(text, rng);
  return mutate_bytes(text, rng);
}

// One input: a scratch folder in one of three shapes, read the ways the commands read it.
void check_one(const Corpus& c, std::mt19937_64& rng) {
  namespace an = metron::analysis;
  fs::remove_all(g_scratch);
  fs::create_directories(g_scratch / "launches" / "0");
  const int shape = static_cast<int>(rng() % 3);
  // Which files are mutated: at least one.
  const unsigned which = 1u + static_cast<unsigned>(rng() % 7);
  std::string err;
  an::CompareOptions co;
  if (shape == 2) {
    // A killed launch's files, merged as `run --resume` merges them (with an intact launch).
    fs::create_directories(g_scratch / "launches" / "1");
    write_text(g_scratch / "launches/0/raw.csv",
               mutant(c, "launch_raw.csv", false, which & 1, rng));
    write_text(g_scratch / "launches/0/summary.csv",
               mutant(c, "launch_summary.csv", false, which & 2, rng));
    write_text(g_scratch / "launches/1/raw.csv", c.files.at("launch_raw.csv"));
    write_text(g_scratch / "launches/1/summary.csv", c.files.at("launch_summary.csv"));
    std::vector<metron::launcher::MergeSource> sources(2);
    for (int i = 0; i < 2; ++i) {
      sources[i].dir = (g_scratch / "launches" / std::to_string(i)).string();
      sources[i].launch = i;
      sources[i].factors = {{"mode", i ? "b" : "a"}};
    }
    for (const char* f : {"raw.csv", "summary.csv"})
      metron::launcher::merge_csv(sources, {"mode"}, f, g_scratch.string(), err);
    an::CsvReader r;
    std::vector<std::string> fields;
    if (r.open((g_scratch / "launches/0/raw.csv").string()))
      while (r.next(fields)) {
      }
    return;
  }
  const bool run = shape == 1;
  write_text(g_scratch / "manifest.json",
             mutant(c, run ? "run_manifest.json" : "exec_manifest.json", true, which & 1, rng));
  write_text(g_scratch / "summary.csv",
             mutant(c, run ? "run_summary.csv" : "exec_summary.csv", false, which & 2, rng));
  if (run)
    write_text(g_scratch / "launches/0/manifest.json",
               mutant(c, "exec_manifest.json", true, which & 4, rng));
  // analyze
  an::AnalyzeOptions ao;
  ao.print = false;
  an::analyze_folder(g_scratch.string(), ao, err);
  // compare (against the intact folder of the same kind), with its environment check
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
  // replay: what it reads of the recording before it runs anything
  metron::launcher::read_recording(g_scratch.string(), err);
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
  for (const char* name : {"exec_manifest.json", "exec_summary.csv", "run_manifest.json",
                           "run_summary.csv", "launch_raw.csv", "launch_summary.csv"}) {
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
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGALRM}) std::signal(sig, on_fatal);
  std::mt19937_64 rng(seed);
  const auto start = std::chrono::steady_clock::now();
  std::size_t runs = 0;
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  for (; elapsed() < seconds; ++runs) {
    ::alarm(static_cast<unsigned>(per_input));
    if (abort_on_exception) {
      check_one(c, rng);
      continue;
    }
    try {
      check_one(c, rng);
    } catch (const std::exception& e) {
      fs::remove_all("fuzz-failure");
      fs::rename(g_scratch, "fuzz-failure");
      std::fprintf(stderr, "results_fuzz: exception '%s'; input kept in fuzz-failure/\n", e.what());
      return 1;
    }
    ::alarm(0);
  }
  fs::remove_all(g_scratch);
  std::printf("results_fuzz: %zu inputs in %.1f s (seed %llu), no failure\n", runs, elapsed(),
              static_cast<unsigned long long>(seed));
  return 0;
}
