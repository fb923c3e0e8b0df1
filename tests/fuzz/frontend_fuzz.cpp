// Mutation fuzzer for the front end: parse, check and plan mutated copies of the stdlib and
// example scripts, in process, for a bounded time. An escaping exception, a crash or an input
// that takes longer than the per-input limit is a failure; the input is written to
// fuzz-failure.bench first so that `metron check fuzz-failure.bench` reproduces it.
//
//   frontend_fuzz [--seconds S] [--seed N] [--per-input-limit S] CORPUS_FILE...
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/program.h"
#include "runtime/plan/plan_dump.h"

namespace {

// The input being checked, kept where a signal handler can write it out.
std::string g_current;

void write_current(const char* path) {
  FILE* f = std::fopen(path, "wb");
  if (!f) return;
  std::fwrite(g_current.data(), 1, g_current.size(), f);
  std::fclose(f);
}

// Crash or hang: save the input (not async-signal-safe in theory; in practice stdio works here
// and the process is about to die anyway), then die with the original signal.
extern "C" void on_fatal(int sig) {
  write_current("fuzz-failure.bench");
  const char* what =
      sig == SIGALRM ? "input took longer than the per-input limit" : "crash (fatal signal)";
  std::fprintf(stderr, "frontend_fuzz: %s; input saved to fuzz-failure.bench\n", what);
  std::signal(sig == SIGALRM ? SIGABRT : sig, SIG_DFL);
  std::raise(sig == SIGALRM ? SIGABRT : sig);
}

// One input through everything a `check` and a `plan --json` do. Script problems are
// diagnostics, never exceptions.
void check_one(const std::string& text) {
  metron::BuildOptions opt;
  opt.np = 4;
  opt.max_jobs = 20'000;  // plans of the corpus are small; a mutant may multiply loops
  auto program =
      metron::load_program("fuzz.bench", opt, [&](const std::string& p, metron::FileUse) {
        return metron::FileRead{p == "fuzz.bench" ? std::optional<std::string>(text)
                                                  : std::nullopt};
      });
  std::string rendered = program->diags.render();
  if (!program->diags.has_errors()) {
    std::string table = metron::plan_table(program->plan);
    std::ostringstream json;
    metron::write_plan_json(json, program->plan);
  }
}

// Tokens worth splicing in: keywords, operators and the corpus's own edge cases.
const std::vector<std::string> kDictionary = {"for ",
                                              " to ",
                                              " step *",
                                              " do ",
                                              " od\n",
                                              "if ",
                                              " then ",
                                              " fi\n",
                                              "begin measurement \"x\"\n",
                                              "end measurement\n",
                                              "...",
                                              "(",
                                              ")",
                                              "[",
                                              "]",
                                              ",",
                                              "=",
                                              "\"",
                                              "\\",
                                              "#",
                                              "\n",
                                              "@include \"a\"\n",
                                              "9223372036854775807",
                                              "-9223372036854775808",
                                              "0",
                                              "-1",
                                              "1e308",
                                              "1e-308",
                                              "nan",
                                              "2^63",
                                              "1GB",
                                              "1ms",
                                              "5%",
                                              "stop when ",
                                              " or ",
                                              " and ",
                                              "ci(median, 95%) within 1%",
                                              "set ",
                                              "replicate ",
                                              "factor f in [1, 2] as env \"X\"\n",
                                              "shuffle seed 1\n",
                                              "measure comm(2) : ",
                                              "Bcast(1, MPI_INT, 0)",
                                              "comm_rand(3)",
                                              "MPI_COMM_WORLD",
                                              "autorefine ",
                                              "\xff",
                                              "\xc3\xa9"};

std::string mutate(std::string s, const std::vector<std::string>& corpus, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : std::size_t(rng() % n); };
  int rounds = 1 + static_cast<int>(rng() % 8);
  for (int r = 0; r < rounds; ++r) {
    std::size_t at = pick(s.size() + 1);
    switch (rng() % 7) {
      case 0:  // flip a bit
        if (!s.empty()) s[pick(s.size())] ^= static_cast<char>(1u << (rng() % 8));
        break;
      case 1:  // delete a run
        if (!s.empty()) s.erase(at > 0 ? at - 1 : 0, 1 + pick(16));
        break;
      case 2:  // insert a dictionary token
        s.insert(at, kDictionary[pick(kDictionary.size())]);
        break;
      case 3: {  // duplicate a chunk (more loops, deeper nesting)
        std::size_t len = pick(64) + 1, from = pick(s.size() + 1);
        s.insert(at, s.substr(from, len));
        break;
      }
      case 4: {  // splice a piece of another corpus file
        const std::string& o = corpus[pick(corpus.size())];
        std::size_t from = pick(o.size() + 1);
        s.insert(at, o.substr(from, pick(200) + 1));
        break;
      }
      case 5:  // replace a digit by a large number
        for (std::size_t i = at; i < s.size(); ++i)
          if (s[i] >= '0' && s[i] <= '9') {
            s.replace(i, 1, rng() % 2 ? "4294967297" : "99999999999");
            break;
          }
        break;
      default:  // swap two characters
        if (s.size() > 1) std::swap(s[pick(s.size())], s[pick(s.size())]);
    }
  }
  if (s.size() > (1u << 16)) s.resize(1u << 16);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 20, per_input = 10;
  std::uint64_t seed = 1;
  std::vector<std::string> corpus;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc)
      seconds = std::stod(argv[++i]);
    else if (a == "--seed" && i + 1 < argc)
      seed = std::stoull(argv[++i]);
    else if (a == "--per-input-limit" && i + 1 < argc)
      per_input = std::stod(argv[++i]);
    else {
      std::ifstream in(a, std::ios::binary);
      if (!in) {
        std::fprintf(stderr, "frontend_fuzz: cannot read corpus file '%s'\n", a.c_str());
        return 64;
      }
      corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "usage: frontend_fuzz [--seconds S] [--seed N] CORPUS_FILE...\n");
    return 64;
  }
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGALRM}) std::signal(sig, on_fatal);
  std::mt19937_64 rng(seed);
  const auto start = std::chrono::steady_clock::now();
  std::size_t runs = 0;
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  for (; elapsed() < seconds; ++runs) {
    // Every tenth input is an unmutated corpus file: the corpus itself must pass too.
    g_current = runs % 10 == 0 ? corpus[runs / 10 % corpus.size()]
                               : mutate(corpus[rng() % corpus.size()], corpus, rng);
    ::alarm(static_cast<unsigned>(per_input));
    try {
      check_one(g_current);
    } catch (const std::exception& e) {
      write_current("fuzz-failure.bench");
      std::fprintf(stderr, "frontend_fuzz: exception '%s'; input saved to fuzz-failure.bench\n",
                   e.what());
      return 1;
    } catch (...) {
      write_current("fuzz-failure.bench");
      std::fprintf(stderr, "frontend_fuzz: unknown exception; input saved to fuzz-failure.bench\n");
      return 1;
    }
    ::alarm(0);
  }
  std::printf("frontend_fuzz: %zu inputs in %.1f s (seed %llu, %zu corpus files), no failure\n",
              runs, elapsed(), static_cast<unsigned long long>(seed), corpus.size());
  return 0;
}
