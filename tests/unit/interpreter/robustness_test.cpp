// The front end never crashes or hangs: binary junk, huge lines, deep nesting, long operator
// chains, bad paths. Each case must end with a clear diagnostic (or none, where the input is
// legal) within a generous time bound; the bound is there to catch a hang, not to benchmark.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "interpreter/parse.h"
#include "tests/unit/interpreter/load_text.h"

using metron::test::diag_ids;
using metron::test::load_text;

namespace {

constexpr double kTimeBoundS = 30;  // far above the ~2 s of the slowest case on a loaded machine

struct Timed {
  std::unique_ptr<metron::Program> program;
  double seconds;
};
Timed timed_load(const std::string& text) {
  auto t0 = std::chrono::steady_clock::now();
  auto p = load_text(text);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return {std::move(p), s};
}

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

TEST_SUITE("robustness") {
  TEST_CASE("robustness: random binary input is refused as not UTF-8 or NUL") {
    std::mt19937 gen(12345);
    for (int trial = 0; trial < 5; ++trial) {
      std::string junk(100000, '\0');
      for (auto& c : junk) c = static_cast<char>(gen() & 0xff);
      auto [p, s] = timed_load(junk);
      CHECK(s < kTimeBoundS);
      REQUIRE(p->diags.all().size() == 1);
      CHECK((p->diags.all()[0].id == metron::DiagId::invalid_utf8 ||
             p->diags.all()[0].id == metron::DiagId::nul_byte));
      // The rendered message is printable text.
      std::string text = p->diags.render();
      for (unsigned char c : text) CHECK((c >= 0x20 || c == '\n' || c == '\t'));
    }
  }

  TEST_CASE("robustness: random printable junk gives at most 20 errors and stops") {
    std::mt19937 gen(777);
    const std::string alphabet = "abcdefxyz0123456789 \n\t()[]{}+-*/%<>=!&|~,:\"#.@$^'";
    std::string junk(100000, ' ');
    for (auto& c : junk) c = alphabet[gen() % alphabet.size()];
    auto [p, s] = timed_load(junk);
    CHECK(s < kTimeBoundS);
    CHECK(p->diags.has_errors());
    CHECK(p->diags.error_count() <= 21);
  }

  TEST_CASE("robustness: a 10 MB string literal on one line is legal") {
    auto [p, s] = timed_load("x = \"" + std::string(10'000'000, 'a') + "\"\n");
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*p) == "");
  }

  TEST_CASE("robustness: a 10 MB identifier gives a short message") {
    auto [p, s] = timed_load("x = " + std::string(10'000'000, 'a') + "\n");
    CHECK(s < kTimeBoundS);
    REQUIRE(diag_ids(*p) == "unknown_variable");
    std::string text = p->diags.render();
    CHECK(text.size() < 1000);
    CHECK(text.find("...'") != std::string::npos);
  }

  TEST_CASE("robustness: 10 000 nested parentheses") {
    auto [p, s] = timed_load("x = " + repeat("(", 10000) + "1" + repeat(")", 10000) + "\n");
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*p) == "too_deep");
  }

  TEST_CASE("robustness: 100 000 prefix minus signs") {
    auto [p, s] = timed_load("x = " + repeat("-", 100000) + "1\n");
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*p) == "too_deep");
  }

  TEST_CASE("robustness: 200 prefix minus signs are still legal") {
    // 198 signs plus the assignment stay under the limit of 200 levels; an even count is +1.
    auto p = load_text("x = " + repeat("-", 198) + "1\n");
    CHECK(diag_ids(*p) == "");
  }

  TEST_CASE("robustness: a 1 000 000-term 1+1+... chain is refused early") {
    auto [p, s] = timed_load("x = 1" + repeat("+1", 999'999) + "\n");
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*p) == "expr_too_long");
  }

  TEST_CASE("robustness: a 9 000-term chain is legal and evaluates") {
    auto p = load_text("x = 1" + repeat("+1", 8999) +
                       "\nbegin measurement \"m\"\n measure comm(2) : Bcast(x, MPI_INT, 0)\n"
                       "end measurement\n");
    REQUIRE(diag_ids(*p) == "");
    CHECK(p->plan.jobs.at(0).op.args[0].as_int() == 9000);
  }

  TEST_CASE("robustness: chains on several bracket levels are bounded by the tree depth") {
    // Three levels of 9 000 operators, each level legal; left-associative, so the bracketed
    // operand first makes the tree 27 000 levels deep: ((1+...+1)+1+...+1)+1+...+1.
    std::string chain = repeat("+1", 9000);
    auto [p, s] = timed_load("x = ((1" + chain + ")" + chain + ")" + chain + "\n");
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*p) == "too_deep");
  }

  TEST_CASE("robustness: deeply nested for loops") {
    auto nest = [](int n) {
      std::string s = "begin measurement \"m\"\n";
      for (int i = 0; i < n; ++i) s += "for v" + std::to_string(i) + " = 1 to 1 do\n";
      s += "measure comm(2) : Bcast(1, MPI_INT, 0)\n";
      for (int i = 0; i < n; ++i) s += "od\n";
      return s + "end measurement\n";
    };
    auto ok = load_text(nest(150));
    CHECK(diag_ids(*ok) == "");
    CHECK(ok->plan.jobs.size() == 1);
    CHECK(ok->plan.jobs[0].factors.size() == 150);
    auto [deep, s] = timed_load(nest(5000));
    CHECK(s < kTimeBoundS);
    CHECK(diag_ids(*deep) == "too_deep");
  }

  TEST_CASE("robustness: an empty file and a file of comments are valid and plan nothing") {
    auto empty = load_text("");
    CHECK(diag_ids(*empty) == "");
    CHECK(empty->plan.jobs.empty());
    auto comments = load_text("# one\n#two\n   # three");
    CHECK(diag_ids(*comments) == "");
  }

  TEST_CASE("robustness: a file the reader cannot read is an I/O problem, not a script error") {
    auto p = metron::load_program("missing.bench", {}, [](const std::string&, metron::FileUse) {
      return metron::FileRead{};
    });
    CHECK_FALSE(p->loaded);
    CHECK(diag_ids(*p) == "file_not_found");
    CHECK(p->diags.render().find("metron: error: cannot read file 'missing.bench' (") == 0);
  }

  TEST_CASE("robustness: a directory is neither a script nor an include") {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() / "metron_robustness_dir";
    fs::create_directories(dir / "sub");
    { std::ofstream(dir / "main.bench") << "@include \"sub\"\n"; }
    auto p = metron::load_program((dir / "main.bench").string(), {});
    CHECK(diag_ids(*p) == "include_not_found");
    CHECK(p->diags.render().find("(is a directory)") != std::string::npos);
    auto q = metron::load_program((dir / "sub").string(), {});
    CHECK_FALSE(q->loaded);
    CHECK(q->diags.render().find("(is a directory)") != std::string::npos);
    fs::remove_all(dir);
  }

  TEST_CASE("robustness: include cycles and depth through the reader") {
    auto cyc = metron::test::load_files(
        {{"main.bench", "@include \"a.inc\"\n"}, {"a.inc", "@include \"main.bench\"\n"}});
    REQUIRE(diag_ids(*cyc) == "include_cycle");
    CHECK(cyc->diags.all()[0].notes.size() == 1);
    std::map<std::string, std::string> files{{"main.bench", "@include \"i0.inc\"\n"}};
    for (int i = 0; i < 20; ++i)
      files["i" + std::to_string(i) + ".inc"] = "@include \"i" + std::to_string(i + 1) + ".inc\"\n";
    auto deep = metron::test::load_files(files);
    CHECK(diag_ids(*deep) == "include_too_deep");
  }

  TEST_CASE("robustness: includes resolve against the including file, then the main file") {
    auto p = metron::test::load_files({{"main.bench", "@include \"suite/a.inc\"\n"},
                                       {"suite/a.inc", "@include \"b.inc\"\n@include \"c.inc\"\n"},
                                       {"suite/b.inc", "x = 1\n"},
                                       {"c.inc", "y = x + 1\n"}});
    CHECK(diag_ids(*p) == "");
  }
}
